import CoreGraphics

extension CALayer {
    /// Marks the content as needing to be redrawn; `display()` runs before the next frame.
    func markNeedsDisplay() {
        needsDisplayFlag = true
        needsDisplayRect = nil
        CATransaction.layerDidChange(self)
    }

    /// Marks the part `r` of the content as needing to be redrawn (added to a part already
    /// marked; nothing narrows a whole-layer redraw).
    func markNeedsDisplay(in r: CGRect) {
        let r = r.standardized
        guard !r.isNull, !r.isEmpty else { return }
        if !needsDisplayFlag {
            needsDisplayRect = r
        } else if let pending = needsDisplayRect {
            needsDisplayRect = pending.union(r)
        }
        needsDisplayFlag = true
        CATransaction.layerDidChange(self)
    }

    /// Redraws the content now if it is marked as needing display.
    func displayNowIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        displayingRect = needsDisplayRect
        needsDisplayRect = nil
        defer { displayingRect = nil }
        display()
    }

    /// Updates `contents`: through the delegate's `display(_:)` if it has one, otherwise by
    /// drawing into a new backing store with `draw(in:)`.
    func defaultDisplay() {
        if let delegate {
            delegate.display(self)
        } else {
            displayIntoBackingStore()
        }
    }

    /// The default display: a backing store of `bounds.size * contentsScale` pixels, drawn by
    /// `draw(in:)` with a y-down user space in points, becomes `contents`. An `isOpaque` layer's
    /// backing store has no alpha channel (what is not drawn is black), as on Apple platforms.
    func displayIntoBackingStore() {
        displayIntoBackingStore(discardingIf: nil)
    }

    /// The default display, except that `contents` is left as it was when `discard` answers true
    /// for the drawn context (a view whose class draws nothing keeps the contents it was given),
    /// or, with `discard`, when there is no backing store to draw (an empty or huge size).
    package func displayIntoBackingStore(discardingIf discard: ((CGContext) -> Bool)?) {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        // Checked as floating point first: a huge (finite) size times the scale is past Int's range.
        let pixelWidth = (bounds.width * scale).rounded(.up), pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 16384, pixelHeight <= 16384,
              case let (width, height) = (Int(pixelWidth), Int(pixelHeight)),
              let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: (isOpaque ? CGImageAlphaInfo.noneSkipFirst : .premultipliedFirst).rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else {
            if discard == nil { contents = nil }
            return
        }
        // A partial redraw starts from the previous backing store when it has the same size, and
        // draws only inside the rectangle asked for.
        var partial: CGRect?
        if let r = displayingRect, let old = contents as? CGImage, old.width == width, old.height == height {
            ctx.draw(old, in: CGRect(x: 0, y: 0, width: width, height: height))
            partial = r
        }
        if contentsAreFlipped() {
            // A flipped geometry: the layer's space is y-up, bounds.origin at the bottom-left.
            ctx.scaleBy(x: scale, y: scale)
        } else {
            // Flip to the layer's y-down space, in points, with bounds.origin at the top-left.
            ctx.translateBy(x: 0, y: CGFloat(height))
            ctx.scaleBy(x: scale, y: -scale)
        }
        ctx.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
        if let partial {
            // As a full redraw starts from a cleared store, the rectangle is cleared before it is drawn
            // again (what is drawn there is drawn whole, not over its old picture).
            ctx.clip(to: partial)
            ctx.clear(partial)
        }
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        if let discard, discard(ctx) { return }
        contents = ctx.makeImage()
    }

    // MARK: Layout

    /// Marks the sublayers as needing layout before the next frame.
    func markNeedsLayout() {
        needsLayoutFlag = true
        CATransaction.layerDidChange(self)
    }

    /// Lays out the sublayers now if needed (this layer's, then its descendants').
    func layoutNowIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        // Downward only: the ancestors were looked at by `layoutIfNeeded()`.
        for child in children { child.layoutNowIfNeeded() }
        maskLayer?.layoutNowIfNeeded()
    }

    /// Runs layout and display for this layer and its descendants (the commit's preparation phase).
    func prepareForRendering() {
        layoutIfNeeded()
        displayTreeIfNeeded()
    }

    private func displayTreeIfNeeded() {
        displayIfNeeded()
        for child in children { child.displayTreeIfNeeded() }
        maskLayer?.displayTreeIfNeeded()
    }
}
