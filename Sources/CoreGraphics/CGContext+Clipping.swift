import CALinuxCairo

// Clipping: to the current path, to rectangles, and to an image mask. Clips only ever shrink the drawable
// area until `restoreGState()` (or `resetClip()`).

extension CGContext {
    /// Intersects the clip with the current path's interior under `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        state.clipIsRegion = false
        applyClip(rule)
    }

    private func applyClip(_ rule: CGPathFillRule) {
        guard !state.ctmIsSingular else {
            cairo_new_path(cairoContext)
            return
        }
        setFillRule(rule)
        cairo_clip(cairoContext)
    }

    /// Intersects the clip with `rect`. Clears the current path.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects`. Clears the current path.
    public func clip(to rects: [CGRect]) {
        let standardized = rects.map(\.standardized)
        if state.clipIsRegion, !state.ctmIsSingular {
            if let pixels = DeviceClipRegion.pixelRects(standardized, toDevice: state.ctm.concatenating(deviceFlip)) {
                state.deviceClip = DeviceClipRegion(pixels, within: state.deviceClip)
            } else {
                state.clipIsRegion = false
            }
        }
        beginPath()
        addRects(standardized)
        applyClip(.winding)
    }

    /// Intersects the clip with `rect` and with `mask` drawn into `rect` (right side up, like
    /// `draw(_:in:)`). Images with alpha mask by their alpha; opaque images mask by their gray level
    /// (white shows, black hides), as Apple's gray masks do.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard !state.ctmIsSingular, !rect.isNull, !rect.isEmpty,
              let coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        let maskSource = mask.alphaInfo == .noneSkipFirst ? CGContext.luminanceMask(of: mask) : mask
        guard let cr = cairo_create(coverage) else {
            cairo_surface_destroy(coverage)
            return
        }
        let device = state.ctm.concatenating(deviceFlip)
        var matrix = cairo_matrix_t(xx: Double(device.a), yx: Double(device.b), xy: Double(device.c),
                                    yy: Double(device.d), x0: Double(device.tx), y0: Double(device.ty))
        cairo_set_matrix(cr, &matrix)
        CGContext.drawImage(maskSource, in: rect, on: cr, filter: cairoFilter, alpha: 1)
        if let previous = state.mask {
            // Intersect with the mask already in effect.
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_IN)
            cairo_set_source_surface(cr, previous.surface, 0, 0)
            cairo_paint(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(coverage)
        state.mask = DeviceMask(surface: coverage)
        clip(to: rect)
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairoContext, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).standardized
    }

    /// Removes every clip, the mask clip included.
    public func resetClip() {
        cairo_reset_clip(cairoContext)
        state.mask = nil
        state.deviceClip = nil
        state.clipIsRegion = true
    }

    /// An alpha-only image whose alpha is the gray level of the opaque image `image`.
    private static func luminanceMask(of image: CGImage) -> CGImage {
        let converted = CGImage.make(width: image.width, height: image.height, format: CAIRO_FORMAT_A8) { destination, stride in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    let gray = (299 * Int(p.r) + 587 * Int(p.g) + 114 * Int(p.b) + 500) / 1000
                    destination[y * stride + x] = UInt8(min(gray, 255))
                }
            }
        }
        return converted ?? image
    }
}
