import CoreGraphics

/// A `CATransition` in progress on one presentation copy: what `drawLayerContent` draws instead of
/// the layer's plain body.
struct ActiveTransition {
    var type: CATransitionType
    var subtype: CATransitionSubtype?
    /// The transition's progress, 0...1: the eased fraction of its duration mapped into
    /// `startProgress...endProgress`.
    var progress: CGFloat
    /// The old picture (transparent when it has none).
    var snapshot: TransitionSnapshot

    /// The direction in which content moves on screen (y down) for moveIn, push and reveal, as a unit
    /// vector. Core Animation names vertical subtypes in its original y-up space; as on iOS,
    /// `.fromBottom` moves the content downward (the new copy enters from above) and `.fromTop` upward.
    /// No subtype (or an unknown one) is `.fromLeft`: the new content enters at the left edge, moving right.
    var motion: CGVector {
        switch subtype {
        case .fromRight?: return CGVector(dx: -1, dy: 0)
        case .fromBottom?: return CGVector(dx: 0, dy: 1)
        case .fromTop?: return CGVector(dx: 0, dy: -1)
        default: return CGVector(dx: 1, dy: 0)
        }
    }
}

extension CATransitionType {
    // Apple's private names for the transitions UIKit's flip and curl options make (not public API
    // there either): the renderer draws them, so code that sets these raw values works too.
    static let flip = CATransitionType(rawValue: "oglFlip")
    static let pageCurl = CATransitionType(rawValue: "pageCurl")
    static let pageUnCurl = CATransitionType(rawValue: "pageUnCurl")
}

// Drawing a CATransition. The layer's body (background, contents, sublayers and border: what its bounds
// space shows) is the new picture; the snapshot taken when the adding transaction committed is the old
// one. Each picture is confined to the layer's bounds rectangle, at its slid position: as in Core
// Animation the slide itself is not clipped to the bounds (a superlayer with `masksToBounds` confines
// it). The two are composited as one group, so the layer's own mask, opacity and shadow still apply
// around the transition, unchanged.
extension LayerTreeRenderer {
    /// The transition drawn on `layer` at its frame's time, or nil when none is active then.
    func activeTransition(of layer: RenderLayer) -> ActiveTransition? {
        guard layer.hasTransition else { return nil }
        let animations = layer.animations
        guard !animations.isEmpty, let attached = animations.last(where: { $0.isTransition }),
              let transition = attached.animation as? CATransition, let timing = attached.timing,
              let time = MediaTimingMath.animationTime(parentTime: layer.localTime, timing) else { return nil }
        let fraction = timing.duration > 0 ? min(max(time.simpleTime / timing.duration, 0), 1) : 1
        let eased = transition.timingFunction?.progress(at: fraction) ?? fraction
        func unit(_ x: Float) -> Double { x.isFinite ? min(max(Double(x), 0), 1) : 0 }
        let start = unit(transition.startProgress), end = unit(transition.endProgress)
        let progress = start + (end - start) * eased
        guard progress.isFinite else { return nil }
        return ActiveTransition(type: transition.type, subtype: transition.subtype, progress: CGFloat(progress),
                                snapshot: attached.transitionSnapshot ?? .empty)
    }

    /// Draws `layer`'s body under `transition` into `ctx` (user space: the layer's bounds space), as one
    /// group composited at the context's current alpha.
    func drawTransition(_ transition: ActiveTransition, of layer: RenderLayer, in ctx: CGContext, toViewer: Homography) {
        let p = transition.progress
        let size = layer.bounds.size
        let d = transition.motion
        // New content travels from one size back against the motion to its place; old from its place on.
        let newOffset = CGPoint(x: -(1 - p) * d.dx * size.width, y: -(1 - p) * d.dy * size.height)
        let oldOffset = CGPoint(x: p * d.dx * size.width, y: p * d.dy * size.height)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        switch transition.type {
        case .moveIn:
            drawOldPicture(transition.snapshot, of: layer, in: ctx, offset: .zero)
            drawNewPicture(of: layer, in: ctx, toViewer: toViewer, offset: newOffset)
        case .push:
            drawOldPicture(transition.snapshot, of: layer, in: ctx, offset: oldOffset)
            drawNewPicture(of: layer, in: ctx, toViewer: toViewer, offset: newOffset)
        case .reveal:
            drawNewPicture(of: layer, in: ctx, toViewer: toViewer, offset: .zero)
            drawOldPicture(transition.snapshot, of: layer, in: ctx, offset: oldOffset)
        case .flip:
            drawFlip(transition, of: layer, in: ctx)
        case .pageCurl, .pageUnCurl:
            drawCurl(transition, of: layer, in: ctx)
        default:
            // Fade (and types this renderer does not know): a cross-dissolve, old·(1−p) + new·p, so an
            // opaque pixel is exactly the mix and a transparent one fades as well.
            drawOldPicture(transition.snapshot, of: layer, in: ctx, offset: .zero, alpha: 1 - p)
            ctx.saveGState()
            ctx.setBlendMode(.plusLighter)
            ctx.setAlpha(p)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            drawNewPicture(of: layer, in: ctx, toViewer: toViewer, offset: .zero)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
        ctx.endTransparencyLayer()
    }

    /// The snapshot stretched over `layer`'s bounds (which may have changed size), moved by `offset`.
    private func drawOldPicture(_ snapshot: TransitionSnapshot, of layer: RenderLayer, in ctx: CGContext,
                                offset: CGPoint, alpha: CGFloat = 1) {
        // Taken at the drawing's own scale: unwarped, its pixels then fall on the live picture's.
        let ctm = ctx.ctm
        let scale = sqrt(abs(ctm.a * ctm.d - ctm.b * ctm.c))
        guard alpha > 0, let image = snapshot.image(scale: scale) else { return }
        let rect = layer.bounds.offsetBy(dx: offset.x, dy: offset.y)
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.interpolationQuality = .default
        // Images are drawn upright in a y-up space; this space is y down, so flip locally.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }

    /// `layer`'s body, clipped to its bounds, moved by `offset`; nothing for a hidden layer.
    private func drawNewPicture(of layer: RenderLayer, in ctx: CGContext, toViewer: Homography, offset: CGPoint) {
        guard !layer.isHidden else { return }
        ctx.saveGState()
        ctx.translateBy(x: offset.x, y: offset.y)
        ctx.clip(to: layer.bounds)
        drawLayerContent(layer, in: ctx, toViewer: toViewer, alpha: 1, drawsTransition: false)
        ctx.restoreGState()
    }

    /// `layer`'s body (background, contents, sublayers, border) in its bounds space, drawn into a new
    /// bitmap covering its bounds at up to `maxScale` pixels per point (no side over `maxPixels`);
    /// nil for empty or non-finite bounds. Row 0 of the image is the bounds' top (minY). Without
    /// `drawsTransition`, a transition active on the layer is left out (its live body alone).
    func renderBodyImage(of layer: RenderLayer, maxScale: CGFloat, maxPixels: Int,
                         drawsTransition: Bool = true) -> CGImage? {
        let b = layer.bounds
        guard b.origin.x.isFinite, b.origin.y.isFinite, b.width.isFinite, b.height.isFinite,
              b.width > 0, b.height > 0, maxPixels > 0 else { return nil }
        let scale = min(maxScale, CGFloat(maxPixels) / b.width, CGFloat(maxPixels) / b.height)
        let width = min(maxPixels, max(1, Int((b.width * scale).rounded(.up))))
        let height = min(maxPixels, max(1, Int((b.height * scale).rounded(.up))))
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        // Bounds onto the whole bitmap, y down (row 0 at the top).
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        ctx.scaleBy(x: CGFloat(width) / b.width, y: CGFloat(height) / b.height)
        ctx.translateBy(x: -b.minX, y: -b.minY)
        ctx.clip(to: b)
        drawLayerContent(layer, in: ctx, toViewer: .identity, drawsTransition: drawsTransition)
        return ctx.makeImage()
    }
}
