#if os(Linux)
/// The trace lines of input events (`demo … --trace FILE`), as dictionaries for `TraceWriter.write`.
///
/// Every line has `type` ("pointer", "touch", "key"), `time` (seconds of CLOCK_MONOTONIC, the clock
/// of `CACurrentMediaTime()`, at dispatch) and `ms` (the compositor's millisecond timestamp):
/// - pointer: `kind` (the frame's kinds joined by "+": "enter", "motion", "button", "axis", "leave"),
///   `x`, `y` (points), `buttons` (`[{"code":272,"pressed":true}]`), `pressed` (codes held),
///   `dx`/`dy` (continuous scroll, points), `steps_x`/`steps_y`/`v120_x`/`v120_y`, `stop_x`/`stop_y`
///   (true at an `axis_stop`) when scrolled, and `source` ("wheel", "finger", "continuous", "wheel-tilt");
/// - touch: `kind` ("frame" or "cancel"), `touches` (`[{"id":0,"phase":"began","x":…,"y":…}]`);
/// - key: `kind` ("press", "repeat", "release"), `key` (evdev code), `keysym` (number), `name`
///   (keysym name), `text`, `mods` (modifier names); focus changes are `{"type":"key","kind":"focus-in"|"focus-out"}`.
enum InputTraceRecord {
    static func pointer(_ event: WaylandPointerEvent) -> [String: Any?] {
        var record: [String: Any?] = [
            "type": "pointer", "time": event.time, "ms": event.timestampMilliseconds,
            "kind": kindNames(event.kinds), "x": event.x, "y": event.y,
            "pressed": event.pressedButtons.sorted(),
        ]
        if !event.buttons.isEmpty {
            record["buttons"] = event.buttons.map { ["code": $0.code, "pressed": $0.isPressed] as [String: Any] }
        }
        if let vertical = event.vertical {
            record["dy"] = vertical.delta
            record["steps_y"] = vertical.discreteSteps
            record["v120_y"] = vertical.value120
            if vertical.stopped { record["stop_y"] = true }
        }
        if let horizontal = event.horizontal {
            record["dx"] = horizontal.delta
            record["steps_x"] = horizontal.discreteSteps
            record["v120_x"] = horizontal.value120
            if horizontal.stopped { record["stop_x"] = true }
        }
        if let source = event.axisSource { record["source"] = sourceName(source) }
        return record
    }

    static func touch(_ event: WaylandTouchEvent) -> [String: Any?] {
        [
            "type": "touch", "time": event.time, "ms": event.timestampMilliseconds,
            "kind": event.isCancelled ? "cancel" : "frame",
            "touches": event.touches.map {
                ["id": $0.id, "phase": phaseName($0.phase), "x": $0.x, "y": $0.y] as [String: Any]
            },
        ]
    }

    static func key(_ event: WaylandKeyEvent) -> [String: Any?] {
        [
            "type": "key", "time": event.time, "ms": event.timestampMilliseconds,
            "kind": event.state == .released ? "release" : (event.isRepeat ? "repeat" : "press"),
            "key": event.keyCode, "keysym": event.keysym.rawValue, "name": event.keysym.name,
            "text": event.text, "mods": modifierNames(event.modifiers),
        ]
    }

    static func focus(_ hasFocus: Bool) -> [String: Any?] {
        ["type": "key", "time": InputClock.now(), "kind": hasFocus ? "focus-in" : "focus-out"]
    }

    static func kindNames(_ kinds: WaylandPointerEvent.Kinds) -> String {
        let names: [(WaylandPointerEvent.Kinds, String)] = [
            (.enter, "enter"), (.motion, "motion"), (.button, "button"), (.axis, "axis"), (.leave, "leave"),
        ]
        return names.filter { kinds.contains($0.0) }.map(\.1).joined(separator: "+")
    }

    static func sourceName(_ source: WaylandPointerEvent.AxisSource) -> String {
        switch source {
        case .wheel: "wheel"
        case .finger: "finger"
        case .continuous: "continuous"
        case .wheelTilt: "wheel-tilt"
        case .other(let value): "\(value)"
        }
    }

    static func phaseName(_ phase: WaylandTouchEvent.Phase) -> String {
        switch phase {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    static func modifierNames(_ modifiers: WaylandModifiers) -> [String] {
        let names: [(WaylandModifiers, String)] = [
            (.shift, "shift"), (.control, "control"), (.alt, "alt"), (.logo, "logo"),
            (.capsLock, "caps"), (.numLock, "num"),
        ]
        return names.filter { modifiers.contains($0.0) }.map(\.1)
    }
}
#endif
