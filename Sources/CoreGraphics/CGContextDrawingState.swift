import CALinuxCairo

/// The part of a `CGContext`'s graphics state that cairo does not keep (or keeps differently), saved and
/// restored alongside `cairo_save`/`cairo_restore` by `saveGState()`/`restoreGState()`.
///
/// Line width, cap, join, miter limit, dash and the rectangular/path clip live in cairo's own state.
struct CGContextDrawingState {
    /// User space to Apple device space (y-up, origin bottom-left): what `CGContext.ctm` reports.
    var ctm: CGAffineTransform = .identity
    /// True while `ctm` is not invertible (for example after `scaleBy(x: 0, y: 1)`): cairo refuses such
    /// matrices, so cairo keeps the last good one and painting and path building do nothing, as nothing
    /// would be visible anyway.
    var ctmIsSingular = false
    var fillColor: CGColor = .black
    var strokeColor: CGColor = .black
    /// Global alpha multiplied into everything painted, 0...1.
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var interpolationQuality: CGInterpolationQuality = .default
    var shouldAntialias = true
    var shadow: ContextShadow?
    /// Coverage from `clip(to:mask:)`, in device pixels; nil when no mask clip is active.
    var mask: DeviceMask?
    /// The clip as whole device pixels, while every clip so far was a union of rectangles on pixel
    /// edges (nil: not clipped); `clipIsRegion` false once any other clip was applied. Lets painting
    /// that bypasses cairo (`CGContext+AliasedFill.swift`) honour the clip cairo holds.
    var deviceClip: DeviceClipRegion?
    var clipIsRegion = true
}

/// A shadow as set by `setShadow(offset:blur:color:)`: offset in base (device, y-up) space units,
/// blur radius in device pixels, color with its own alpha.
struct ContextShadow {
    var offset: CGSize
    var blur: CGFloat
    var color: CGColor
}

/// An owned device-sized `CAIRO_FORMAT_A8` surface holding clip coverage (255 = fully visible).
final class DeviceMask {
    let surface: OpaquePointer

    init(surface: OpaquePointer) {
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
