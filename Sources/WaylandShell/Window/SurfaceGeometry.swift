#if os(Linux)
/// A window's size in points and its scale (an integer buffer scale, or a fractional scale shown
/// through `wp_viewport`), and the rules that turn a configure into one.
struct SurfaceGeometry: Equatable {
    /// The largest buffer side, in device pixels, the window will allocate (16384: what GPUs and
    /// compositors handle; 16384² × 4 bytes = 1 GiB still fits `wl_shm`'s Int32 pool size).
    static let maximumPixelSide = 16384

    /// The largest preferred side, in points, when no output has told its size (4096: a 4K output
    /// at scale 1; a window asked to be larger would only cost memory the screen cannot show).
    static let maximumSideWithoutOutputs = 4096

    /// The preferred size, in points, limited to what the outputs show (`outputs`: the largest
    /// output's size in points, nil when unknown, then `maximumSideWithoutOutputs`), side by side;
    /// `warning` says what was cut.
    static func limitPreferred(width: Int, height: Int,
                               outputs: (width: Int, height: Int)?) -> (width: Int, height: Int, warning: String?) {
        let limit = outputs ?? (maximumSideWithoutOutputs, maximumSideWithoutOutputs)
        let limited = (width: min(width, limit.width), height: min(height, limit.height))
        guard limited != (width, height) else { return (width, height, nil) }
        let reason = outputs.map { "the outputs (\($0.width)x\($0.height))" }
            ?? "\(limit.width)x\(limit.height) points (no output tells its size)"
        return (limited.width, limited.height,
                "window size \(width)x\(height) is larger than \(reason); using \(limited.width)x\(limited.height)")
    }

    /// Logical size in points.
    var width: Int
    var height: Int
    /// The integer buffer scale (`wl_surface.set_buffer_scale`): device pixels per point, or 1 when
    /// the scale is fractional.
    var scale: Int
    /// The fractional scale in 120ths (`wp_fractional_scale_v1.preferred_scale`: 180 = 1.5), or 0 when
    /// the integer `scale` applies. With it the buffer is drawn at that scale and shown at the logical
    /// size through `wp_viewport.set_destination`, with buffer scale 1.
    var scale120 = 0

    /// Whether the buffer is shown through a viewport at a fractional scale.
    var isFractional: Bool { scale120 > 0 }
    /// Device pixels per point as drawn: `scale120 / 120`, or the integer `scale`.
    var contentScale: Double { isFractional ? Double(scale120) / 120 : Double(scale) }

    /// The buffer size in device pixels: the logical size times the scale, for a fractional scale
    /// rounded halfway away from zero (fractional-scale-v1's rule for toplevel surfaces).
    var pixelWidth: Int { Self.pixels(width, scale: scale, scale120: scale120) }
    var pixelHeight: Int { Self.pixels(height, scale: scale, scale120: scale120) }

    /// `points` in device pixels at the integer `scale`, or at `scale120`/120 when that is not 0.
    static func pixels(_ points: Int, scale: Int, scale120: Int) -> Int {
        guard scale120 > 0 else { return points * scale }
        return Int((Double(points * scale120) / 120).rounded(.toNearestOrAwayFromZero))
    }

    /// The geometry for a configure of `configured` points (0 = "choose your size") with the
    /// preferred size as fallback, limited to `bounds` (0 = unknown) when choosing ourselves, and
    /// clamped so a side is 1…`maximumPixelSide` device pixels. `warning` describes a clamp.
    static func resolve(configuredWidth: Int, configuredHeight: Int,
                        preferredWidth: Int, preferredHeight: Int,
                        boundsWidth: Int = 0, boundsHeight: Int = 0,
                        scale: Int, scale120: Int = 0) -> (geometry: SurfaceGeometry, warning: String?) {
        let scale120 = scale120 > 0 ? min(max(scale120, 30), 8 * 120) : 0
        let scale = scale120 > 0 ? 1 : min(max(scale, 1), 8)
        func side(_ configured: Int, _ preferred: Int, _ bounds: Int) -> Int {
            if configured > 0 { return configured }
            return bounds > 0 ? min(preferred, bounds) : preferred
        }
        let wantedWidth = side(configuredWidth, preferredWidth, boundsWidth)
        let wantedHeight = side(configuredHeight, preferredHeight, boundsHeight)
        let limit = scale120 > 0 ? maximumPixelSide * 120 / scale120 : maximumPixelSide / scale
        let width = min(max(wantedWidth, 1), limit)
        let height = min(max(wantedHeight, 1), limit)
        var warning: String?
        if width != wantedWidth || height != wantedHeight {
            let shownScale = scale120 > 0 ? "\(Double(scale120) / 120)" : "\(scale)"
            warning = "window size \(wantedWidth)x\(wantedHeight) points at scale \(shownScale) is out of range; using \(width)x\(height)"
        }
        return (SurfaceGeometry(width: width, height: height, scale: scale, scale120: scale120), warning)
    }
}
#endif
