import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import WaylandShell

extension UIWindow {
    /// A window shown in `host` (a Linux addition: a shell window's `WaylandLayerHost` or a pane of one): the window's layer becomes a
    /// sublayer of the host's root layer and follows its size, and the host's pointer, touch and
    /// key input is dispatched to the window. See `bind(to:)`.
    public convenience init(host: any LayerHosting) {
        self.init(frame: host.rootLayer.bounds)
        bind(to: host)
    }

    /// Shows the window in `host` and takes its input: the primary pointer button acts as a touch
    /// (`.indirectPointer`, id -1), touch-screen points as `.direct` touches, keys as presses (key
    /// repeats are not delivered; focus loss cancels held presses). Handlers the host already had
    /// are kept and called first (the shell's own, e.g. window decorations). Scrolling goes to
    /// `dispatchScroll` (wheel steps, touchpad points, `axis_stop` as `dispatchScrollEnd`, the
    /// modifiers of the keys held in the window), the pointer's enter/motion with no button held to
    /// `dispatchPointerMotion` (hover), its leave or a button press to `dispatchPointerExit`. The
    /// other pointer buttons are not delivered to views yet; touchpad pinch/rotate need
    /// `zwp_pointer_gestures_v1`, which the client does not bind.
    public func bind(to host: any LayerHosting) {
        self.host = host
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.rootLayer.addSublayer(layer)
        frame = host.rootLayer.bounds
        CATransaction.commit()
        // On screen now: the controllers in it appear (unless the window is hidden).
        if !isHidden { setShownForAppearance(true) }

        let resize = host.didResize
        host.didResize = { [weak self] size in
            resize?(size)
            MainActor.assumeIsolated { self?.frame = CGRect(origin: .zero, size: size) }
        }
        let pointer = host.didReceivePointerEvent
        host.didReceivePointerEvent = { [weak self] event in
            pointer?(event)
            MainActor.assumeIsolated { self?.handlePointerEvent(event) }
        }
        let touch = host.didReceiveTouchEvent
        host.didReceiveTouchEvent = { [weak self] event in
            touch?(event)
            MainActor.assumeIsolated { self?.handleTouchEvent(event) }
        }
        let key = host.didReceiveKeyEvent
        host.didReceiveKeyEvent = { [weak self] event in
            key?(event)
            MainActor.assumeIsolated { self?.handleKeyEvent(event) }
        }
        let focus = host.didChangeKeyboardFocus
        host.didChangeKeyboardFocus = { [weak self] focused in
            focus?(focused)
            MainActor.assumeIsolated {
                guard let self else { return }
                if focused { self.makeKey() } else { self.cancelAllPresses() }
            }
        }
    }

    /// The id of the pointer's touch (touch-screen ids are the compositor's, from 0).
    static let pointerTouchID = -1

    private func handlePointerEvent(_ event: WaylandPointerEvent) {
        let location = CGPoint(x: event.x, y: event.y)
        let time = event.time > 0 ? event.time : CACurrentMediaTime()
        let id = Self.pointerTouchID
        let isDown = activeTouches.contains { $0.id == id }
        // One report per dispatch: a press and release in one frame stay two events.
        if event.kinds.contains(.motion), isDown {
            dispatchTouches([TouchInput(id: id, phase: .moved, location: location, type: .indirectPointer)], timestamp: time)
        }
        for button in event.buttons where button.code == WaylandPointerEvent.ButtonCode.left {
            let down = activeTouches.contains { $0.id == id }
            if button.isPressed, !down {
                dispatchTouches([TouchInput(id: id, phase: .began, location: location, type: .indirectPointer)], timestamp: time)
            } else if !button.isPressed, down {
                dispatchTouches([TouchInput(id: id, phase: .ended, location: location, type: .indirectPointer)], timestamp: time)
            }
        }
        if event.kinds.contains(.leave), activeTouches.contains(where: { $0.id == id }) {
            dispatchTouches([TouchInput(id: id, phase: .cancelled, location: location, type: .indirectPointer)], timestamp: time)
        }
        if event.kinds.contains(.axis) { handleAxis(event, location: location, time: time) }
        // Hover: while no button is held.
        if event.kinds.contains(.leave) {
            dispatchPointerExit(left: true, timestamp: time)
        } else if !event.pressedButtons.isEmpty {
            if !hoveredRecognizers.isEmpty { dispatchPointerExit(left: false, timestamp: time) }
            pointerLocation = location
        } else if !event.kinds.isDisjoint(with: [.enter, .motion, .button]) {
            dispatchPointerMotion(to: location, timestamp: time)
        }
    }

    /// A frame's scroll: a wheel's steps (`value120 / 120`, else the whole steps, else the continuous
    /// value counted as 10 points a step), a touchpad's or other device's points; `axis_stop` ends it.
    private func handleAxis(_ event: WaylandPointerEvent, location: CGPoint, time: TimeInterval) {
        let source: ScrollSource
        switch event.axisSource {
        case .finger: source = .touchpad
        case .continuous: source = .continuous
        case .wheel, .wheelTilt: source = .wheel
        case .other, nil:
            let stepped = [event.vertical, event.horizontal].contains { ($0?.value120 ?? 0) != 0 || ($0?.discreteSteps ?? 0) != 0 }
            source = stepped ? .wheel : .continuous
        }
        func amount(_ axis: WaylandPointerEvent.Axis?) -> CGFloat {
            guard let axis else { return 0 }
            guard source == .wheel else { return CGFloat(axis.delta) }
            if axis.value120 != 0 { return CGFloat(axis.value120) / 120 }
            if axis.discreteSteps != 0 { return CGFloat(axis.discreteSteps) }
            return CGFloat(axis.delta) / Self.wheelStepPoints
        }
        let dx = amount(event.horizontal), dy = amount(event.vertical)
        if dx != 0 || dy != 0 {
            dispatchScroll(dx: dx, dy: dy, source: source, at: location, timestamp: time)
        }
        if event.vertical?.stopped == true || event.horizontal?.stopped == true {
            dispatchScrollEnd(timestamp: time)
        }
    }

    private func handleTouchEvent(_ event: WaylandTouchEvent) {
        let time = event.time > 0 ? event.time : CACurrentMediaTime()
        if event.isCancelled {
            let ids = activeTouches.map(\.id).filter { $0 != Self.pointerTouchID }
            let inputs = activeTouches.filter { ids.contains($0.id) }.map {
                TouchInput(id: $0.id, phase: .cancelled, location: $0.touch.locationInWindow, type: .direct)
            }
            if !inputs.isEmpty { dispatchTouches(inputs, timestamp: time) }
            return
        }
        let inputs: [TouchInput] = event.changedTouches.compactMap { t in
            let phase: UITouch.Phase
            switch t.phase {
            case .began: phase = .began
            case .moved: phase = .moved
            case .ended: phase = .ended
            case .cancelled: phase = .cancelled
            case .stationary: return nil
            }
            return TouchInput(id: Int(t.id), phase: phase, location: CGPoint(x: t.x, y: t.y), type: .direct,
                              majorRadius: CGFloat((t.majorAxis ?? 0) / 2))
        }
        if !inputs.isEmpty { dispatchTouches(inputs, timestamp: time) }
    }

    private func handleKeyEvent(_ event: WaylandKeyEvent) {
        guard !event.isRepeat else { return }
        let time = event.time > 0 ? event.time : CACurrentMediaTime()
        var flags: UIKeyModifierFlags = []
        if event.modifiers.contains(.shift) { flags.insert(.shift) }
        if event.modifiers.contains(.control) { flags.insert(.control) }
        if event.modifiers.contains(.alt) { flags.insert(.alternate) }
        if event.modifiers.contains(.logo) { flags.insert(.command) }
        if event.modifiers.contains(.capsLock) { flags.insert(.alphaShift) }
        let plain: String
        let lower = event.keysym.lowercased.rawValue
        if (0x20..<0x7f).contains(lower), let scalar = Unicode.Scalar(lower) {
            plain = String(Character(scalar))
        } else {
            plain = event.text?.lowercased() ?? ""
        }
        let key = UIKey(keyCode: UIKeyboardHIDUsage(linuxKeyCode: event.keyCode), characters: event.text ?? "",
                        charactersIgnoringModifiers: plain, modifierFlags: flags)
        dispatchKey(key, isDown: event.state == .pressed, timestamp: time)
    }
}
