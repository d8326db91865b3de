import CoreGraphics

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates: the bounding box of its bounds after
    /// `transform` (about the anchor point), placed at `position`. Setting it sets `bounds.size`
    /// and `position` so that the frame reads back what was set: exactly while the transform keeps
    /// the axes (identity, scale, translation); under a rotation, shear or perspective the size is
    /// taken as given and only the bounding box's origin is matched.
    var frameInSuperlayer: CGRect {
        get {
            let box = transformedBoundsBox(size: bounds.size)
            return CGRect(x: position.x + box.minX, y: position.y + box.minY, width: box.width, height: box.height)
        }
        set {
            let r = newValue.standardized
            guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
            var size = r.size
            let t = transform
            if t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 != 0 {
                // The transform scales the axes by m11/m44 and m22/m44: undo that on the size.
                let sx = abs(t.m11 / t.m44), sy = abs(t.m22 / t.m44)
                if sx > 0, sx.isFinite { size.width = r.width / sx }
                if sy > 0, sy.isFinite { size.height = r.height / sy }
            }
            let box = transformedBoundsBox(size: size)
            guard box.minX.isFinite, box.minY.isFinite else { return }
            position = CGPoint(x: r.minX - box.minX, y: r.minY - box.minY)
            bounds.size = size
        }
    }

    /// The bounding box, relative to `position`, of bounds of `size` after `transform` about the
    /// anchor point.
    private func transformedBoundsBox(size: CGSize) -> CGRect {
        let anchorOffset = CGPoint(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0),
                       CGPoint(x: 0, y: size.height), CGPoint(x: size.width, y: size.height)]
        let t = transform
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for c in corners {
            let p = t.projectPoint(CGPoint(x: c.x - anchorOffset.x, y: c.y - anchorOffset.y))
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The layer's transform as an affine transform (its x/y part).
    func affineTransformValue() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets the layer's transform to the 3D equivalent of `m`.
    func setAffineTransformValue(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The transform from this layer's coordinates (bounds space) to its superlayer's, including
    /// the superlayer's `sublayerTransform`. Row-vector convention: `p_super = p_local * M`.
    func transformToSuperlayer() -> CATransform3D {
        let size = bounds.size
        // Bounds space -> anchor-relative space.
        var m = CATransform3DMakeTranslation(-bounds.origin.x - anchorPoint.x * size.width,
                                             -bounds.origin.y - anchorPoint.y * size.height,
                                             -anchorPointZ)
        m = CATransform3DConcat(m, transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition + anchorPointZ))
        if let parent = parentLayer {
            m = CATransform3DConcat(m, parent.sublayerTransformInOwnSpace())
        }
        return m
    }

    /// `sublayerTransform` applied about this layer's anchor point, in this layer's bounds space.
    func sublayerTransformInOwnSpace() -> CATransform3D { properties.sublayerTransformInOwnSpace() }

    /// The projective map from this layer's plane to its root layer's plane. Each level's transform
    /// acts on the layer's z = 0 plane and the result is flattened into the parent's plane, as
    /// ordinary layers are drawn, so the map is the product of one homography per level.
    ///
    /// A `CATransformLayer` does not flatten: the 4x4 transforms of the levels inside it are
    /// composed first, and the chain is flattened into the plane of the first ordinary ancestor
    /// (as the renderer draws them).
    func homographyToRoot() -> Homography {
        var h = Homography.identity
        var layer = self
        var pending: CATransform3D?
        while let parent = layer.parentLayer {
            let m = layer.transformToSuperlayer()
            let chain = pending.map { CATransform3DConcat($0, m) } ?? m
            if parent is CATransformLayer {
                pending = chain
            } else {
                h = h.concatenating(Homography(droppingZOf: chain))
                pending = nil
            }
            layer = parent
        }
        if let pending { h = h.concatenating(Homography(droppingZOf: pending)) }
        return h
    }

    /// Converts `p` from `layer`'s coordinates (nil: this layer's root) to this layer's. Through a
    /// perspective transform the point is carried along the line of sight onto this layer's plane;
    /// a layer seen edge-on has no such point, and the result is not finite.
    func convertPoint(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let toRoot = (layer ?? rootLayer).homographyToRoot()
        let ownToRoot = homographyToRoot()
        // Edge-on (up to rounding, e.g. cos(π/2) = 6e-17): no point of the plane is seen.
        let size = [ownToRoot.m11, ownToRoot.m12, ownToRoot.m13, ownToRoot.m21, ownToRoot.m22, ownToRoot.m23,
                    ownToRoot.m31, ownToRoot.m32, ownToRoot.m33].map(abs).max() ?? 0
        guard abs(ownToRoot.determinant) > 1e-12 * size * size * size, let fromRoot = ownToRoot.inverted else {
            return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        }
        return toRoot.concatenating(fromRoot).project(p)
    }

    /// Converts `p` from this layer's coordinates to `layer`'s (nil: this layer's root).
    func convertPoint(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        (layer ?? rootLayer).convert(p, from: self)
    }

    /// Converts `r` from `layer`'s coordinates to this layer's (bounding box of the corners).
    func convertRect(_ r: CGRect, from layer: CALayer?) -> CGRect {
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map { convert($0, from: layer) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Converts `r` from this layer's coordinates to `layer`'s.
    func convertRect(_ r: CGRect, to layer: CALayer?) -> CGRect {
        (layer ?? rootLayer).convert(r, from: self)
    }

    /// Whether an odd number of this layer and its ancestors (superlayers, and the layer a mask
    /// masks) have `isGeometryFlipped` set: the layer's own space is then y-flipped.
    func geometryFlipParity() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let l = layer {
            if l.isGeometryFlipped { flipped.toggle() }
            layer = l.superlayer
        }
        return flipped
    }

    /// The root of the tree this layer is drawn in: like `rootLayer`, but a mask counts as part
    /// of the tree of the layer it masks. Changes are recorded against this root.
    var renderTreeRoot: CALayer {
        var l = self
        while let p = l.superlayer { l = p }
        return l
    }

    /// The root of the tree this layer belongs to.
    package var rootLayer: CALayer {
        var l = self
        while let p = l.parentLayer { l = p }
        return l
    }

    /// Whether `p` (in this layer's coordinates) is inside the bounds; the bounds are half-open.
    func boundsContain(_ p: CGPoint) -> Bool {
        p.x >= bounds.minX && p.x < bounds.maxX && p.y >= bounds.minY && p.y < bounds.maxY
    }

    /// `p`, given in the superlayer's coordinates, in this layer's own. A root layer (or a mask)
    /// has no parent in the geometry, but its point is still in the space its `position` and
    /// `transform` place it in; nil when the layer is seen edge-on there.
    func pointFromSuperlayerSpace(_ p: CGPoint) -> CGPoint? {
        if let parent = parentLayer {
            let local = convert(p, from: parent)
            return local.x.isFinite && local.y.isFinite ? local : nil
        }
        return Homography(droppingZOf: transformToSuperlayer()).inverted?.project(p)
    }

    /// The furthest descendant (or this layer) that contains `p`, given in the superlayer's
    /// coordinates. Sublayers are tested front to back in tree order, later siblings first:
    /// `zPosition` changes the drawing order only, as on Apple platforms. Hidden and fully
    /// transparent layers are skipped.
    func hitTestLayers(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0, let local = pointFromSuperlayerSpace(p) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
