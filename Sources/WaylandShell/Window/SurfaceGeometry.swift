#if os(Linux)
/// A window's size in points and its integer buffer scale, and the rules that turn a configure into one.
struct SurfaceGeometry: Equatable {
    /// The largest buffer side, in device pixels, the window will allocate (16384: what GPUs and
    /// compositors handle; 16384² × 4 bytes = 1 GiB still fits `wl_shm`'s Int32 pool size).
    static let maximumPixelSide = 16384

    /// Logical size in points.
    var width: Int
    var height: Int
    /// Device pixels per point.
    var scale: Int

    var pixelWidth: Int { width * scale }
    var pixelHeight: Int { height * scale }

    /// The geometry for a configure of `configured` points (0 = "choose your size") with the
    /// preferred size as fallback, limited to `bounds` (0 = unknown) when choosing ourselves, and
    /// clamped so a side is 1…`maximumPixelSide` device pixels. `warning` describes a clamp.
    static func resolve(configuredWidth: Int, configuredHeight: Int,
                        preferredWidth: Int, preferredHeight: Int,
                        boundsWidth: Int = 0, boundsHeight: Int = 0,
                        scale: Int) -> (geometry: SurfaceGeometry, warning: String?) {
        let scale = min(max(scale, 1), 8)
        func side(_ configured: Int, _ preferred: Int, _ bounds: Int) -> Int {
            if configured > 0 { return configured }
            return bounds > 0 ? min(preferred, bounds) : preferred
        }
        let wantedWidth = side(configuredWidth, preferredWidth, boundsWidth)
        let wantedHeight = side(configuredHeight, preferredHeight, boundsHeight)
        let limit = maximumPixelSide / scale
        let width = min(max(wantedWidth, 1), limit)
        let height = min(max(wantedHeight, 1), limit)
        var warning: String?
        if width != wantedWidth || height != wantedHeight {
            warning = "window size \(wantedWidth)x\(wantedHeight) points at scale \(scale) is out of range; using \(width)x\(height)"
        }
        return (SurfaceGeometry(width: width, height: height, scale: scale), warning)
    }
}
#endif
