import CALinuxCairo

// Drawing images. As on Apple platforms an image is drawn right side up in the default y-up user space:
// its top row lands at `rect.maxY`. In a context flipped to y-down (UIKit style) it therefore appears
// upside down, exactly like Apple's CGContext.draw.

extension CGContext {
    /// Draws `image` scaled to fill `rect`, or, with `byTiling`, repeats it with each tile `rect`-sized,
    /// anchored at `rect.origin`, over the whole clip. Resampling follows `interpolationQuality`.
    /// The current path is left untouched.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, r.origin.x.isFinite, r.origin.y.isFinite,
              r.width.isFinite, r.height.isFinite else { return }
        let filter = image.shouldInterpolate ? cairoFilter : CAIRO_FILTER_NEAREST
        preservingPath {
            paint {
                if byTiling {
                    CGContext.tileImage(image, in: r, on: cairoContext, filter: filter, alpha: Double(state.alpha))
                } else {
                    CGContext.drawImage(image, in: r, on: cairoContext, filter: filter, alpha: Double(state.alpha))
                }
            }
        }
    }

    /// Draws the part `source` of `image` scaled to fill `rect` (placed as `draw(_:in:)` places a
    /// whole image). `source` is in pixels, y down from the top row; it may be fractional and may
    /// reach beyond the image, where the edge pixels repeat (Core Animation's `contentsRect`).
    package func draw(_ image: CGImage, source: CGRect, in rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, r.origin.x.isFinite, r.origin.y.isFinite,
              r.width.isFinite, r.height.isFinite, source.width != 0, source.height != 0,
              source.minX.isFinite, source.minY.isFinite, source.width.isFinite, source.height.isFinite
        else { return }
        let filter = image.shouldInterpolate ? cairoFilter : CAIRO_FILTER_NEAREST
        preservingPath {
            paint {
                let cr = cairoContext
                let alpha = Double(state.alpha)
                cairo_save(cr)
                cairo_new_path(cr)
                cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
                cairo_clip(cr)
                cairo_translate(cr, Double(r.minX), Double(r.maxY))
                cairo_scale(cr, Double(r.width / source.width), -Double(r.height / source.height))
                cairo_translate(cr, -Double(source.minX), -Double(source.minY))
                cairo_set_source_surface(cr, image.surface, 0, 0)
                if let pattern = cairo_get_source(cr) {
                    cairo_pattern_set_filter(pattern, filter)
                    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                }
                cairo_paint_with_alpha(cr, alpha)
                cairo_restore(cr)
            }
        }
    }

    /// Paints `image` into `rect` (user space of `cr`, y-up convention) with edge pixels clamped rather
    /// than faded into transparency.
    static func drawImage(_ image: CGImage, in rect: CGRect, on cr: OpaquePointer, filter: cairo_filter_t, alpha: Double) {
        cairo_save(cr)
        cairo_translate(cr, Double(rect.minX), Double(rect.maxY))
        cairo_scale(cr, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, filter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Repeats `image`, one copy per `rect`-sized tile, over the clip.
    static func tileImage(_ image: CGImage, in rect: CGRect, on cr: OpaquePointer, filter: cairo_filter_t, alpha: Double) {
        cairo_save(cr)
        cairo_translate(cr, Double(rect.minX), Double(rect.maxY))
        cairo_scale(cr, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, filter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        }
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }
}
