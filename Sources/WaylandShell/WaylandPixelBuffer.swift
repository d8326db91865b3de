#if os(Linux)
/// A pixel buffer handed to `WaylandWindow.draw`.
///
/// Layout: 32-bit premultiplied ARGB stored as little-endian `UInt32` values, i.e. the bytes in memory
/// are B, G, R, A (cairo's `CAIRO_FORMAT_ARGB32` = `WL_SHM_FORMAT_ARGB8888`). Row 0 is the top row;
/// row `y` starts at `data + y * bytesPerRow`.
///
/// The memory is shared with the compositor and valid only during the draw callback: do not keep the
/// pointer. The buffer holds the previous contents of that buffer (not necessarily the last frame),
/// so the callee paints every pixel.
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

    public init(data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, scale: Int,
                contentScale: Double? = nil, targetTime: Double = 0) {
        self.contentScale = contentScale ?? Double(scale)
        self.data = data
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.targetTime = targetTime
    }

    /// Sets every pixel to one premultiplied ARGB value (e.g. `0xFFFF0000` is opaque red).
    public func fill(argb: UInt32) {
        for y in 0..<height {
            let row = (data + y * bytesPerRow).bindMemory(to: UInt32.self, capacity: width)
            row.update(repeating: argb.littleEndian, count: width)
        }
    }
}
#endif
