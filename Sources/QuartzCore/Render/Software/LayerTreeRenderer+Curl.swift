import CoreGraphics
import Foundation

// The page curl transitions ("pageCurl", UIKit's `.transitionCurlUp`; "pageUnCurl", `.transitionCurlDown`).
//
// An approximation of Core Animation's curl, drawn with plain cairo image strips: the page (the old
// picture) rolls up from its bottom edge around a horizontal cylinder of radius height/10 whose
// contact line (the fold) climbs from the bottom edge to one radius above the top over the
// transition, uncovering the new picture below it. Above the fold the page lies flat, unchanged; the
// part past the fold wraps the cylinder (front face on the lower quarter turn, shaded toward its
// crest; back face on the upper one), and what has gone round lies flat on top, back side up and
// mirrored. The back is drawn as the picture seen through paper: washed with light grey. The view is
// orthographic (the cylinder bulges toward the viewer, not outward), the roll is straight across
// (no diagonal corner curl) and the whole is clipped to the layer's bounds. pageUnCurl is pageCurl
// played backward with the pictures' roles swapped: the new page unrolls down over the old picture.
extension LayerTreeRenderer {
    /// Strips per quarter turn of the cylinder.
    static let curlStripsPerQuarter = 12

    /// Draws `transition` (a curl) on `layer`, in `ctx`'s user space (the layer's bounds space).
    func drawCurl(_ transition: ActiveTransition, of layer: RenderLayer, in ctx: CGContext) {
        let b = layer.bounds
        let oldPicture = transition.snapshot.image, newPicture = newPictureImage(of: layer, in: ctx)
        let unCurl = transition.type == .pageUnCurl
        let (under, page) = unCurl ? (oldPicture, newPicture) : (newPicture, oldPicture)
        let p = min(max(unCurl ? 1 - transition.progress : transition.progress, 0), 1)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: b)
        if let under { drawBand(under, of: b, from: b.minY...b.maxY, onto: b.minY, b.maxY, in: ctx) }
        guard let page else { return }

        let radius = max(b.height / 10, 0.5)
        let fold = b.maxY - p * (b.height + radius)
        let rolled = b.maxY - fold   // length of page past the fold
        // The flat part above the fold.
        if fold > b.minY { drawBand(page, of: b, from: b.minY...min(fold, b.maxY), onto: b.minY, min(fold, b.maxY), in: ctx) }
        guard rolled > 0 else { return }
        // Round the cylinder, from the contact line up its front and over its crest to its back.
        let n = Self.curlStripsPerQuarter
        for i in 0..<(2 * n) {
            let t0 = CGFloat(i) * .pi / CGFloat(2 * n)
            let s0 = radius * t0
            guard s0 < rolled else { break }
            let s1 = min(radius * (t0 + .pi / CGFloat(2 * n)), rolled), t1 = s1 / radius
            let back = i >= n
            let mid = (t0 + t1) / 2
            let wash: (CGFloat, CGFloat) = back ? (0.92, 0.6) : (0, 0.3 * sin(mid) * sin(mid))
            drawBand(page, of: b, from: (fold + s0)...(fold + s1), onto: fold + radius * sin(t0), fold + radius * sin(t1),
                     in: ctx, wash: wash)
        }
        // What has gone all the way round lies flat on top, back side up.
        let halfTurn = radius * .pi
        if rolled > halfTurn {
            drawBand(page, of: b, from: (fold + halfTurn)...b.maxY, onto: fold, fold - (rolled - halfTurn),
                     in: ctx, wash: (0.92, 0.6))
        }
    }

    /// Draws the rows `source` of `image` (covering `bounds`, row 0 at minY) stretched onto the rows from
    /// `top` to `bottom` (reversed when `bottom < top`: mirrored), then washes them with a grey level
    /// at an alpha.
    private func drawBand(_ image: CGImage, of bounds: CGRect, from source: ClosedRange<CGFloat>, onto top: CGFloat,
                          _ bottom: CGFloat, in ctx: CGContext, wash: (grey: CGFloat, alpha: CGFloat) = (0, 0)) {
        let length = source.upperBound - source.lowerBound
        guard length > 1e-6, abs(bottom - top) > 1e-3 else { return }
        let scale = (bottom - top) / length
        // Neighbouring strips overlap by a sliver so no seam shows between them.
        let band = CGRect(x: bounds.minX, y: min(top, bottom), width: bounds.width, height: abs(bottom - top))
            .insetBy(dx: 0, dy: -0.25)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: band)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)   // the wash touches this band's paint only
        ctx.saveGState()
        // y ↦ top + (y − source.lower)·scale, then the image upright in this y-down space.
        ctx.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: scale, tx: 0, ty: top - source.lowerBound * scale))
        ctx.translateBy(x: 0, y: bounds.minY + bounds.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.interpolationQuality = .default
        ctx.draw(image, in: bounds)
        ctx.restoreGState()
        if wash.alpha > 0 {
            ctx.setFillColor(CGColor(red: wash.grey, green: wash.grey, blue: wash.grey, alpha: wash.alpha))
            ctx.setBlendMode(.sourceAtop)   // only where the page has paint
            ctx.fill(band)
        }
        ctx.endTransparencyLayer()
    }
}
