#if os(Linux)
/// Collects the `wl_touch` events of one frame into a `WaylandTouchEvent`, tracking every point by id.
///
/// Pure state, no libwayland objects: the seat's listener converts fixed-point values to `Double`
/// points and calls the matching method; `frame(now:)` closes the frame. A point that went up leaves
/// the tracked set when its frame is closed; `cancel` ends them all.
struct TouchFrameAssembler {
    /// The points known, in the order they went down (a handful at most, so an array).
    private var points: [WaylandTouchEvent.Touch] = []
    private var isPending = false
    private var isCancelled = false
    private var timestampMilliseconds: UInt32 = 0

    /// The ids of the points currently down.
    var activeIDs: [Int32] { points.map(\.id) }

    mutating func down(serial: UInt32, timestampMilliseconds: UInt32, id: Int32, x: Double, y: Double) {
        isPending = true
        self.timestampMilliseconds = timestampMilliseconds
        // An id still known (a lost up) is replaced by the new point.
        points.removeAll { $0.id == id }
        points.append(.init(id: id, phase: .began, x: x, y: y, serial: serial))
    }

    mutating func up(serial: UInt32, timestampMilliseconds: UInt32, id: Int32) {
        guard let index = points.firstIndex(where: { $0.id == id }) else { return }
        isPending = true
        self.timestampMilliseconds = timestampMilliseconds
        points[index].phase = .ended
        points[index].serial = serial
    }

    mutating func motion(timestampMilliseconds: UInt32, id: Int32, x: Double, y: Double) {
        guard let index = points.firstIndex(where: { $0.id == id }) else { return }
        isPending = true
        self.timestampMilliseconds = timestampMilliseconds
        points[index].x = x
        points[index].y = y
        if points[index].phase == .stationary { points[index].phase = .moved }
    }

    /// The contact's ellipse axes in points (seat version 6).
    mutating func shape(id: Int32, major: Double, minor: Double) {
        guard let index = points.firstIndex(where: { $0.id == id }) else { return }
        isPending = true
        points[index].majorAxis = major
        points[index].minorAxis = minor
    }

    /// The contact's orientation in degrees (seat version 6).
    mutating func orientation(id: Int32, degrees: Double) {
        guard let index = points.firstIndex(where: { $0.id == id }) else { return }
        isPending = true
        points[index].orientation = degrees
    }

    /// `wl_touch.cancel`: the compositor took the sequence; it is delivered at once (no frame follows).
    mutating func cancel(now: Double) -> WaylandTouchEvent? {
        guard !points.isEmpty else {
            isPending = false
            return nil
        }
        isCancelled = true
        isPending = true
        for index in points.indices { points[index].phase = .cancelled }
        return frame(now: now)
    }

    /// Closes the frame: the event with every point of the frame, or nil when nothing came.
    /// - Parameter now: the dispatch time, seconds of CLOCK_MONOTONIC.
    mutating func frame(now: Double) -> WaylandTouchEvent? {
        guard isPending else { return nil }
        var event = WaylandTouchEvent()
        event.touches = points
        event.isCancelled = isCancelled
        event.timestampMilliseconds = timestampMilliseconds
        event.time = now
        points.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        for index in points.indices {
            points[index].phase = .stationary
            points[index].serial = 0
        }
        isPending = false
        isCancelled = false
        timestampMilliseconds = 0
        return event
    }
}
#endif
