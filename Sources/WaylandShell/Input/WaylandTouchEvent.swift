#if os(Linux)
/// What the touch points did during one `wl_touch.frame`, delivered to
/// `WaylandWindow.didReceiveTouchEvent` on the main thread.
///
/// `touches` lists every touch point active during the frame, the ones that did not change included
/// (phase `.stationary`), in the order they went down, like UIKit's `allTouches`. Coordinates are
/// surface-local points, origin top-left, y down. Touch ids are the compositor's: unique while the
/// point is down, reused afterwards.
public struct WaylandTouchEvent: Equatable, Sendable {
    /// What one touch point did in the frame.
    public enum Phase: Equatable, Sendable {
        /// Went down in this frame (`wl_touch.down`).
        case began
        /// Moved in this frame (`wl_touch.motion`).
        case moved
        /// Did not change in this frame.
        case stationary
        /// Lifted in this frame (`wl_touch.up`); the position is the last known one.
        case ended
        /// The compositor took the whole sequence over (`wl_touch.cancel`, e.g. for a gesture).
        case cancelled
    }

    /// One touch point.
    public struct Touch: Equatable, Sendable {
        /// The compositor's id for the point, unique while it is down.
        public var id: Int32
        public var phase: Phase
        /// The position in surface points.
        public var x: Double
        public var y: Double
        /// The contact ellipse's major and minor axes in surface points (`wl_touch.shape`, seat
        /// version 6), when the device reports them.
        public var majorAxis: Double?
        public var minorAxis: Double?
        /// The contact ellipse's orientation in degrees clockwise from the surface's y axis
        /// (`wl_touch.orientation`, seat version 6), when reported.
        public var orientation: Double?
        /// The serial of the point's down or up event (0 for motion), for requests that need one.
        public var serial: UInt32

        public init(id: Int32, phase: Phase, x: Double, y: Double, majorAxis: Double? = nil, minorAxis: Double? = nil,
                    orientation: Double? = nil, serial: UInt32 = 0) {
            self.id = id
            self.phase = phase
            self.x = x
            self.y = y
            self.majorAxis = majorAxis
            self.minorAxis = minorAxis
            self.orientation = orientation
            self.serial = serial
        }
    }

    /// Every touch point of the frame, in the order they went down.
    public var touches: [Touch] = []
    /// The compositor cancelled the sequence (`wl_touch.cancel`): every point is `.cancelled` and gone.
    public var isCancelled = false
    /// The compositor's timestamp of the frame's last timed event, in milliseconds of an unspecified
    /// base (0 when none, e.g. a cancel or shape only).
    public var timestampMilliseconds: UInt32 = 0
    /// When the frame was dispatched, in seconds of CLOCK_MONOTONIC (the clock of `CACurrentMediaTime()`).
    public var time: Double = 0

    /// The touch points that changed in the frame.
    public var changedTouches: [Touch] { touches.filter { $0.phase != .stationary } }

    public init() {}
}
#endif
