import CoreGraphics
import Foundation

// The flip transition ("oglFlip", UIKit's `.transitionFlipFrom…`): the layer turns like a card about
// its vertical (subtype fromLeft/fromRight) or horizontal (fromTop/fromBottom) centre line, in
// perspective. The old picture turns from 0° to 90° over the first half; the new one from −90° to 0°
// over the second, so each is only ever seen from the front (never mirrored). The side named by the
// subtype comes toward the viewer (Apple: "the left side of the view moves toward the front"). The
// viewer is 2 × the layer's size across the axis in front of it (Core Animation's m34 = −1/distance):
// the near edge grows, the far one shrinks, whatever the layer's size.
extension LayerTreeRenderer {
    /// Draws `transition` (a flip) on `layer`, in `ctx`'s user space (the layer's bounds space).
    func drawFlip(_ transition: ActiveTransition, of layer: RenderLayer, in ctx: CGContext) {
        let p = min(max(transition.progress, 0), 1)
        let firstHalf = p < 0.5
        let angle = firstHalf ? p * .pi : (p - 1) * .pi
        guard cos(angle) > 1e-6,
              let image = firstHalf ? transition.snapshot.image : newPictureImage(of: layer, in: ctx)
        else { return }
        drawWarped(image, covering: layer.bounds,
                   through: Self.flipMap(of: layer.bounds, angle: angle, subtype: transition.subtype), in: ctx)
    }

    /// The bounds-space map of `bounds` turned by `angle` about its centre line, seen in perspective.
    static func flipMap(of bounds: CGRect, angle: CGFloat, subtype: CATransitionSubtype?) -> Homography {
        let vertical = subtype == .fromTop || subtype == .fromBottom
        // z = k·a·sin(angle), a the offset from the axis: the left (top) side comes forward for k = −1.
        let k: CGFloat = (subtype == .fromRight || subtype == .fromBottom) ? 1 : -1
        let distance = max(2 * (vertical ? bounds.height : bounds.width), 1)
        let c = cos(angle), w = -k * sin(angle) / distance   // W = 1 − z/distance
        let turn = vertical
            ? Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: c, m23: w, m31: 0, m32: 0, m33: 1)
            : Homography(m11: c, m12: 0, m13: w, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let toCentre = Homography(CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY))
        let back = Homography(CGAffineTransform(translationX: bounds.midX, y: bounds.midY))
        return toCentre.concatenating(turn).concatenating(back)
    }

    /// `layer`'s live body (its new picture) as an image at the target's resolution.
    func newPictureImage(of layer: RenderLayer, in ctx: CGContext) -> CGImage? {
        guard !layer.isHidden else { return nil }
        let ctm = ctx.ctm
        let scale = min(max(sqrt(abs(ctm.a * ctm.d - ctm.b * ctm.c)), 0.25) * 1.5, 8)
        return renderBodyImage(of: layer, maxScale: scale, maxPixels: TransitionSnapshot.maxPixels,
                               drawsTransition: false)
    }

    /// Draws `image` (covering `rect` of user space, row 0 at minY) through the projective `map` (user
    /// space to user space): pixman resamples it into a device-aligned bitmap, which is composited
    /// clipped to the mapped outline (as `drawProjected` does for layers).
    func drawWarped(_ image: CGImage, covering rect: CGRect, through map: Homography, in ctx: CGContext) {
        let ctm = ctx.ctm
        guard ctm.a * ctm.d - ctm.b * ctm.c != 0, rect.width > 0, rect.height > 0 else { return }
        let toDevice = Homography(ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0,
                                                                       ty: CGFloat(ctx.height))))
        let rectToDevice = map.concatenating(toDevice)
        let polygon = ProjectedPolygon(clipping: ProjectedPolygon.corners(of: rect), through: rectToDevice)
        guard !polygon.isEmpty, abs(polygon.signedArea) > 1e-3 else { return }
        let deviceClip = deviceClipBounds(of: ctx)
        let target = polygon.bounds.intersection(deviceClip).integral
        guard !target.isNull, target.width >= 1, target.height >= 1 else { return }

        // The image with a margin of replicated edge pixels (see `ProjectiveWarp`).
        let sx = CGFloat(image.width) / rect.width, sy = CGFloat(image.height) / rect.height
        let margin = Int(min(62, (max(sx, sy) * sourceLengthPerDevicePixel(of: polygon)).rounded(.up))) + 2
        guard let plane = Self.bitmap(width: image.width + 2 * margin, height: image.height + 2 * margin) else { return }
        plane.interpolationQuality = .none
        plane.draw(image, in: CGRect(x: margin, y: margin, width: image.width, height: image.height))
        ProjectiveWarp.extendEdges(of: plane, margin: margin)

        compositeWarped(plane, covering: rect, sx: sx, sy: sy, margin: margin, planeToDevice: rectToDevice,
                        polygon: polygon, target: target, in: ctx)
    }
}
