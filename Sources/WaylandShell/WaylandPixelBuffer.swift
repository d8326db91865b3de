#if os(Linux)
/// A pixel buffer handed to `WaylandWindow.draw`.
///
/// Layout: 32-bit premultiplied ARGB stored as little-endian `UInt32` values, i.e. the bytes in memory
/// are B, G, R, A (cairo's `CAIRO_FORMAT_ARGB32` = `WL_SHM_FORMAT_ARGB8888`). Row 0 is the top row;
/// row `y` starts at `data + y * bytesPerRow`.
///
/// The memory is shared with the compositor and valid only during the draw callback: do not keep the
/// pointer. The buffer holds what was drawn in it `age` frames ago (1: the frame shown now; 0: its
/// contents are undefined), so the callee repaints every pixel that differs from that picture.
public struct WaylandPixelBuffer {
    /// The first byte of row 0.
    public let data: UnsafeMutableRawPointer
    /// Width in device pixels (= the window's width in points × `contentScale`, rounded).
    public let width: Int
    /// Height in device pixels (= the window's height in points × `contentScale`, rounded).
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// The surface's integer buffer scale (1 when the scale is fractional).
    public let scale: Int
    /// Device pixels per point to draw at: the fractional scale (e.g. 1.5) when the compositor
    /// prefers one and the window shows its buffer through a viewport, else `scale`.
    public let contentScale: Double
    /// When this frame is expected on screen, in seconds of CLOCK_MONOTONIC (the clock of
    /// `CACurrentMediaTime()`): the time to evaluate animations at. 0 when unknown.
    public let targetTime: Double
    /// The output's refresh interval in seconds (reported by the compositor, else estimated from
    /// frame callbacks, else 1/60).
    public let refreshInterval: Double
    /// How many frames ago this buffer's contents were drawn: 1 when it holds the frame on screen
    /// now, 2 the one before, ...; 0 when they are undefined (a new buffer).
    public let age: Int

    public init(data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, scale: Int,
                contentScale: Double? = nil, targetTime: Double = 0, refreshInterval: Double = 1.0 / 60,
                age: Int = 0) {
        self.refreshInterval = refreshInterval
        self.age = age
        self.contentScale = contentScale ?? Double(scale)
        self.data = data
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.targetTime = targetTime
    }

    /// Sets every pixel of `rect` (clamped to the buffer) to 0: transparent black.
    public func clear(_ rect: WaylandRect) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            (data + y * bytesPerRow + x0 * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (x1 - x0) * 4)
        }
    }

    /// Sets every pixel to one premultiplied ARGB value (e.g. `0xFFFF0000` is opaque red).
    public func fill(argb: UInt32) {
        for y in 0..<height {
            let row = (data + y * bytesPerRow).bindMemory(to: UInt32.self, capacity: width)
            row.update(repeating: argb.littleEndian, count: width)
        }
    }
}

/// A rectangle of a buffer in device pixels (y down from the top row).
public struct WaylandRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// What a window's `draw` callback reports about the frame it drew.
public struct WaylandFrameResult: Sendable {
    /// The rectangles of the buffer whose pixels differ from the frame on screen; nil: all of it.
    /// Empty: nothing changed, and the buffer was not touched; nothing new is shown.
    public var damage: [WaylandRect]?
    /// When the picture next changes by itself, in seconds of CLOCK_MONOTONIC: the frame's target
    /// time (or earlier) while something moves, a later time for something that starts later,
    /// infinity when all is still. The window asks for that frame itself.
    public var nextChangeTime: Double

    public init(damage: [WaylandRect]? = nil, nextChangeTime: Double = .infinity) {
        self.damage = damage
        self.nextChangeTime = nextChangeTime
    }

    /// The whole buffer was painted; nothing changes by itself.
    public static let wholeBuffer = WaylandFrameResult()
}
#endif
