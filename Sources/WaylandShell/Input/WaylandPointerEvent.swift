#if os(Linux)
/// What a pointer (mouse, touchpad) did during one `wl_pointer.frame`: the compositor groups the
/// parts of one logical event (a motion with a scroll, a diagonal scroll's two axes) into a frame,
/// and this is that frame, delivered to `WaylandWindow.didReceivePointerEvent` on the main thread.
///
/// Coordinates are surface-local, in points (not buffer pixels), origin top-left, y down, with the
/// 1/256 precision of Wayland's fixed-point numbers. A compositor older than `wl_seat` version 5 has
/// no frames; then every Wayland event is delivered as its own `WaylandPointerEvent`.
public struct WaylandPointerEvent: Equatable, Sendable {
    /// What happened in the frame; several kinds can come together.
    public struct Kinds: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The pointer entered the window's surface (`wl_pointer.enter`).
        public static let enter = Kinds(rawValue: 1 << 0)
        /// The pointer left the window's surface (`wl_pointer.leave`).
        public static let leave = Kinds(rawValue: 1 << 1)
        /// The pointer moved (`wl_pointer.motion`).
        public static let motion = Kinds(rawValue: 1 << 2)
        /// A button was pressed or released (`wl_pointer.button`); see `buttons`.
        public static let button = Kinds(rawValue: 1 << 3)
        /// A scroll (`wl_pointer.axis`, `axis_discrete`, `axis_value120`, `axis_stop`); see `vertical`/`horizontal`.
        public static let axis = Kinds(rawValue: 1 << 4)
    }

    /// Linux input button codes (`linux/input-event-codes.h`), as `wl_pointer.button` sends them.
    public enum ButtonCode {
        public static let left: UInt32 = 0x110  // BTN_LEFT
        public static let right: UInt32 = 0x111  // BTN_RIGHT
        public static let middle: UInt32 = 0x112  // BTN_MIDDLE
        public static let side: UInt32 = 0x113  // BTN_SIDE
        public static let extra: UInt32 = 0x114  // BTN_EXTRA
        public static let forward: UInt32 = 0x115  // BTN_FORWARD
        public static let back: UInt32 = 0x116  // BTN_BACK
    }

    /// One button press or release.
    public struct Button: Equatable, Sendable {
        /// The Linux button code (`ButtonCode.left` = BTN_LEFT 0x110, ...).
        public var code: UInt32
        /// True for a press, false for a release.
        public var isPressed: Bool
        /// The event's serial (for requests that need one, like `xdg_toplevel.move`).
        public var serial: UInt32
        /// The compositor's timestamp, milliseconds of an unspecified base.
        public var timestampMilliseconds: UInt32

        public init(code: UInt32, isPressed: Bool, serial: UInt32, timestampMilliseconds: UInt32) {
            self.code = code
            self.isPressed = isPressed
            self.serial = serial
            self.timestampMilliseconds = timestampMilliseconds
        }
    }

    /// Where a scroll came from (`wl_pointer.axis_source`).
    public enum AxisSource: Equatable, Sendable {
        /// A mouse wheel: discrete steps.
        case wheel
        /// Fingers on a touchpad: continuous, ends with a stop (kinetic scrolling may follow).
        case finger
        /// A continuous device without a terminating stop (e.g. a trackpoint's button scrolling).
        case continuous
        /// A wheel tilted sideways.
        case wheelTilt
        /// A source this client does not know.
        case other(UInt32)
    }

    /// The scroll along one axis within the frame.
    public struct Axis: Equatable, Sendable {
        /// The continuous scroll distance in points (positive: down or right), summed over the frame.
        public var delta: Double = 0
        /// Whole wheel steps (positive: down or right): `wl_pointer.axis_discrete` before seat version 8;
        /// from version 8, the whole steps that the accumulated `value120` reached.
        public var discreteSteps: Int32 = 0
        /// The high-resolution wheel movement in 1/120 of a step (`wl_pointer.axis_value120`, seat
        /// version 8), or `discreteSteps * 120` from an older compositor.
        public var value120: Int32 = 0
        /// The scroll on this axis stopped (`wl_pointer.axis_stop`): the start point for kinetic scrolling.
        public var stopped = false

        public init(delta: Double = 0, discreteSteps: Int32 = 0, value120: Int32 = 0, stopped: Bool = false) {
            self.delta = delta
            self.discreteSteps = discreteSteps
            self.value120 = value120
            self.stopped = stopped
        }
    }

    /// What happened in the frame.
    public var kinds: Kinds = []
    /// The pointer position in surface points after the frame (the last known position when the frame
    /// has no motion; unchanged by a leave).
    public var x: Double = 0
    /// The pointer position in surface points after the frame; see `x`.
    public var y: Double = 0
    /// The button presses and releases of the frame, in order.
    public var buttons: [Button] = []
    /// The buttons held down after the frame (Linux codes), as this client saw them since enter.
    public var pressedButtons: Set<UInt32> = []
    /// The vertical scroll of the frame, if any.
    public var vertical: Axis?
    /// The horizontal scroll of the frame, if any.
    public var horizontal: Axis?
    /// The scroll's source, when the compositor said (seat version 5+).
    public var axisSource: AxisSource?
    /// The serial of the frame's last enter, leave or button event (0 when none), for requests that need
    /// one (`wl_pointer.set_cursor` takes the enter's).
    public var serial: UInt32 = 0
    /// The compositor's timestamp of the frame's last timed event (motion, button, axis), in
    /// milliseconds of an unspecified base; only differences between events mean something. 0 when
    /// the frame has none (an enter or leave alone).
    public var timestampMilliseconds: UInt32 = 0
    /// When the frame was dispatched, in seconds of CLOCK_MONOTONIC (the clock of `CACurrentMediaTime()`).
    public var time: Double = 0

    public init() {}
}
#endif
