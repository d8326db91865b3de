#if os(Linux)
/// Collects the `wl_pointer` events of one frame into a `WaylandPointerEvent`.
///
/// Pure state, no libwayland objects: the seat's listener converts the arguments (fixed-point to
/// `Double` points, enums to values) and calls the matching method; `frame(now:)` closes the frame.
/// Before seat version 5 there are no frames, and the caller closes one after every event.
///
/// Kept between frames: the position, the buttons held, and (seat version 8) the remainder of
/// `value120` that has not yet made a whole wheel step.
struct PointerFrameAssembler {
    /// The `wl_pointer.axis` values.
    enum AxisCode: UInt32 {
        case vertical = 0  // WL_POINTER_AXIS_VERTICAL_SCROLL
        case horizontal = 1  // WL_POINTER_AXIS_HORIZONTAL_SCROLL
    }

    private var pending = WaylandPointerEvent()
    private var isPending = false
    private var x = 0.0
    private var y = 0.0
    private var pressed: Set<UInt32> = []
    /// value120 not yet turned into whole steps, per axis (seat version 8).
    private var value120Remainder: [AxisCode: Int32] = [:]
    /// Whether the pointer is over the surface (between enter and leave).
    private(set) var isInside = false

    mutating func enter(serial: UInt32, x: Double, y: Double) {
        begin()
        pending.kinds.insert(.enter)
        pending.serial = serial
        isInside = true
        self.x = x
        self.y = y
        pressed = []
        value120Remainder = [:]
    }

    /// A leave without an enter before it is dropped (sway 1.7 sends two when a virtual pointer goes away).
    mutating func leave(serial: UInt32) {
        guard isInside else { return }
        begin()
        pending.kinds.insert(.leave)
        pending.serial = serial
        isInside = false
        pressed = []
    }

    mutating func motion(timestampMilliseconds: UInt32, x: Double, y: Double) {
        begin()
        pending.kinds.insert(.motion)
        pending.timestampMilliseconds = timestampMilliseconds
        self.x = x
        self.y = y
    }

    /// `state` is `wl_pointer.button_state`: 1 pressed, 0 released.
    mutating func button(serial: UInt32, timestampMilliseconds: UInt32, code: UInt32, state: UInt32) {
        begin()
        let isPressed = state == 1  // WL_POINTER_BUTTON_STATE_PRESSED
        pending.kinds.insert(.button)
        pending.serial = serial
        pending.timestampMilliseconds = timestampMilliseconds
        pending.buttons.append(.init(code: code, isPressed: isPressed, serial: serial,
                                     timestampMilliseconds: timestampMilliseconds))
        if isPressed { pressed.insert(code) } else { pressed.remove(code) }
    }

    /// A continuous scroll distance in points.
    mutating func axis(timestampMilliseconds: UInt32, axis: UInt32, value: Double) {
        guard let code = AxisCode(rawValue: axis) else { return }
        begin()
        pending.timestampMilliseconds = timestampMilliseconds
        updateAxis(code) { $0.delta += value }
    }

    /// `source` is `wl_pointer.axis_source`.
    mutating func axisSource(_ source: UInt32) {
        begin()
        pending.kinds.insert(.axis)
        switch source {
        case 0: pending.axisSource = .wheel
        case 1: pending.axisSource = .finger
        case 2: pending.axisSource = .continuous
        case 3: pending.axisSource = .wheelTilt
        default: pending.axisSource = .other(source)
        }
    }

    mutating func axisStop(timestampMilliseconds: UInt32, axis: UInt32) {
        guard let code = AxisCode(rawValue: axis) else { return }
        begin()
        pending.timestampMilliseconds = timestampMilliseconds
        updateAxis(code) { $0.stopped = true }
    }

    /// Whole wheel steps (seat versions 5 to 7; version 8 sends `axisValue120` instead).
    mutating func axisDiscrete(axis: UInt32, discrete: Int32) {
        guard let code = AxisCode(rawValue: axis) else { return }
        begin()
        updateAxis(code) {
            $0.discreteSteps &+= discrete
            $0.value120 &+= discrete &* 120
        }
    }

    /// High-resolution wheel movement in 1/120 of a step (seat version 8). Whole steps are counted
    /// when the accumulated value reaches ±120, so a fine-grained wheel still yields discrete steps.
    mutating func axisValue120(axis: UInt32, value120: Int32) {
        guard let code = AxisCode(rawValue: axis) else { return }
        begin()
        var remainder = value120Remainder[code, default: 0]
        // A change of direction drops what was accumulated the other way.
        if remainder != 0, (remainder > 0) != (value120 > 0) { remainder = 0 }
        remainder &+= value120
        let steps = remainder / 120
        remainder -= steps * 120
        value120Remainder[code] = remainder
        updateAxis(code) {
            $0.value120 &+= value120
            $0.discreteSteps &+= steps
        }
    }

    /// Closes the frame: the event of everything since the last frame, or nil when nothing came.
    /// - Parameter now: the dispatch time, seconds of CLOCK_MONOTONIC.
    mutating func frame(now: Double) -> WaylandPointerEvent? {
        guard isPending else { return nil }
        var event = pending
        event.x = x
        event.y = y
        event.pressedButtons = pressed
        event.time = now
        pending = WaylandPointerEvent()
        isPending = false
        return event
    }

    private mutating func begin() {
        isPending = true
    }

    private mutating func updateAxis(_ code: AxisCode, _ change: (inout WaylandPointerEvent.Axis) -> Void) {
        pending.kinds.insert(.axis)
        switch code {
        case .vertical:
            var axis = pending.vertical ?? .init()
            change(&axis)
            pending.vertical = axis
        case .horizontal:
            var axis = pending.horizontal ?? .init()
            change(&axis)
            pending.horizontal = axis
        }
    }
}
#endif
