import CoreGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The render side of one layer tree shown in a window (a Linux addition: Core Animation's render
/// server, in process). The main thread hands it each commit's `RenderTree`; the window's render
/// thread draws the newest one at each frame's target time, repainting only what changed, and
/// learns when the picture next changes. Only `RenderTree`s cross the boundary: the render thread
/// never touches a `CALayer`.
///
/// A frame is `beginFrame` (evaluate; what changed since the previous frame), then `draw` of the
/// region the target's buffer needs (`repaintRegion(bufferAge:)`: the changes since that buffer
/// was drawn), which the caller has cleared.
package final class RenderServer: @unchecked Sendable {
    private let lock = NSLock()
    /// The newest tree (guarded by `lock`).
    @exclusivity(unchecked) private var newestTree: RenderTree
    // Render thread only.
    @exclusivity(unchecked) private var frame: RenderFrame?
    private let damage = DamageTracker()
    /// The back end that makes the pixels (render thread; `replaceRenderer`).
    @exclusivity(unchecked) package private(set) var renderer: Renderer
    @exclusivity(unchecked) private var scale: CGFloat = 1
    @exclusivity(unchecked) private var overlay: CADebugOverlay = .none
    /// The contents stamp of the tree drawn last (the redraw flash tints what is newer).
    @exclusivity(unchecked) private var lastDrawnStamp: UInt64 = 0
    @exclusivity(unchecked) private var lastDrawnTree: RenderTree?
    @exclusivity(unchecked) private var redrawnAfter: UInt64 = 0
    /// When the picture of the frame begun last next changes by itself (media time): the frame's
    /// time while something animates, infinity when all is still.
    @exclusivity(unchecked) package private(set) var nextChangeTime: CFTimeInterval = .infinity

    #if DEBUG
    /// The render thread: the first to begin a frame. Debug builds check that every later
    /// render-side call comes from it.
    @exclusivity(unchecked) private var renderThread: pthread_t?
    #endif

    private func checkRenderThread() {
        #if DEBUG
        let current = pthread_self()
        if let owner = renderThread {
            precondition(pthread_equal(owner, current) != 0, "RenderServer: render-side call from another thread")
        } else {
            renderThread = current
        }
        #endif
    }

    /// A server showing `tree` until the next commit, drawing with `renderer`.
    package init(tree: RenderTree, renderer: Renderer = SoftwareRenderer()) {
        newestTree = tree
        self.renderer = renderer
    }

    /// Draws with `renderer` from now on (render thread), e.g. the software renderer after the GPU
    /// back end failed: the damage history is forgotten, so the next frame is drawn whole.
    package func replaceRenderer(_ renderer: Renderer) {
        checkRenderThread()
        self.renderer = renderer
        damage.reset()
    }

    /// Hands the tree of a commit to the render side (any thread; the main thread at commits).
    package func commit(_ tree: RenderTree) {
        lock.lock()
        newestTree = tree
        lock.unlock()
    }

    /// The newest tree handed over.
    package var tree: RenderTree {
        lock.lock(); defer { lock.unlock() }
        return newestTree
    }

    /// Starts a frame: evaluates the newest tree at media time `time` for a target of `size`
    /// pixels at `scale` pixels per point, with the debug overlay of `RenderDebugOptions.shared`.
    /// Returns the pixels that differ from the previous frame's (everything for the first frame,
    /// after the target changed, and while an overlay shows). Render thread only.
    @discardableResult
    package func beginFrame(atMediaTime time: CFTimeInterval, scale: CGFloat, size: CGSize) -> DamageRegion {
        checkRenderThread()
        let tree = self.tree
        let frame = self.frame ?? RenderFrame(tree: tree)
        self.frame = frame
        frame.evaluate(tree, atMediaTime: time)
        let overlay = RenderDebugOptions.shared.overlay
        // Overlays are drawn whole, and their last frame is wiped whole.
        if overlay != .none || self.overlay != .none { damage.reset() }
        self.overlay = overlay
        self.scale = scale
        let region = damage.update(frame, scale: scale, size: size)
        // The redraw flash shows what a commit redrew on the first frame of its tree, for one frame.
        let newTree = tree !== lastDrawnTree
        redrawnAfter = newTree ? lastDrawnStamp : tree.contentsStamp
        let flashShowing = newTree && overlay == .redrawFlash && tree.contentsStamp > lastDrawnStamp
        lastDrawnTree = tree
        lastDrawnStamp = tree.contentsStamp
        nextChangeTime = flashShowing || tilesAreBusy(at: time) ? time : tree.nextChangeTime(after: time)
        return region
    }

    /// Whether the frame begun last paints every pixel of its target opaquely by itself: a layer
    /// shown whole (opacity 1, not hidden, no mask, square corners) fills its bounds with an opaque
    /// colour, and its bounds cover the target without rotation, unclipped. That layer is the root,
    /// or the first sublayer of a layer that only holds its sublayers (the first drawn: a window's
    /// content under its root): every ancestor shown whole, unmasked, without filters. Then the
    /// target need not be cleared before drawing (the fill replaces what was there).
    package func coversTarget(of size: CGSize) -> Bool {
        checkRenderThread()
        guard let frame, overlay == .none else { return false }
        let tree = frame.tree, target = CGRect(origin: .zero, size: size)
        var i = tree.root
        while true {
            let node = tree.nodes[i], values = frame.values[i]
            guard !values.isHidden, values.opacity >= 1, !node.hasMask, node.kind == .layer,
                  values.compositingFilter == nil, values.backdropBlurRadius <= 0,
                  let (toDevice, clip) = damage.placement(of: i), clip.contains(target),
                  let affine = toDevice.affineTransform, LayerTreeRenderer.isAxisAligned(affine) else { return false }
            if let background = values.backgroundColor, background.alpha >= 1,
               values.cornerRadius <= 0 || values.maskedCorners.isEmpty,
               DamageTracker.deviceBox(of: values.bounds, toDevice).contains(target) {
                return true
            }
            // Drawn under its first sublayer: look there (a layer with rounded clipping clips it).
            guard node.childCount > 0, !values.masksToBounds || values.cornerRadius <= 0 else { return false }
            i += 1   // no mask: the first sublayer comes next
        }
    }

    /// What to repaint in a buffer holding the picture of `age` frames ago (0: unknown), after
    /// `beginFrame`: the changes of the frames since, or everything.
    package func repaintRegion(bufferAge age: Int) -> DamageRegion {
        checkRenderThread()
        return damage.repaintRegion(bufferAge: age)
    }

    /// Draws the frame begun last into `target`, only its pixels in `region` (which the caller
    /// cleared) and only the subtrees that reach them. Render thread only.
    package func draw(into target: RenderTarget, region: DamageRegion) {
        checkRenderThread()
        guard let frame, !region.isEmpty else { return }
        var pass = RenderPass(scale: scale)
        pass.region = region
        pass.subtreeRects = damage.subtreeRects
        pass.rasterSerials = damage.rasterSerials
        pass.frameSerial = damage.frameSerial
        pass.debugOverlay = overlay
        pass.redrawnAfter = redrawnAfter
        pass.drawsTilesAsynchronously = true
        renderer.draw(frame.rootLayer, into: target, pass)
        // Tiles asked for while drawing come back later: keep frames coming until they are in.
        if tilesAreBusy(at: frame.time) { nextChangeTime = frame.time }
        // A bitmap drawn again shows red for one frame: the next shows its hit.
        if overlay == .rasterizationHitsAndMisses, let software = renderer as? SoftwareRenderer,
           software.rasterCache.drewBitmaps(inFrame: damage.frameSerial) {
            nextChangeTime = frame.time
        }
    }

    /// Whether a tiled layer of the last frame has tiles being drawn, fading in at `time`, or
    /// finished since the frame began (not shown yet).
    private func tilesAreBusy(at time: CFTimeInterval) -> Bool {
        damage.tileStores.contains { $0.isBusy(at: time) } || damage.tilesChangedSinceLastFrame()
    }

    /// `draw(into: .bitmap(context), region:)`.
    package func draw(in context: CGContext, region: DamageRegion) {
        draw(into: .bitmap(context), region: region)
    }

    /// A whole frame: the newest tree at media time `time` drawn over all of `context` (which the
    /// caller cleared); returns `nextChangeTime`. Render thread only.
    package func draw(in context: CGContext, scale: CGFloat, atMediaTime time: CFTimeInterval) -> CFTimeInterval {
        beginFrame(atMediaTime: time, scale: scale, size: CGSize(width: context.width, height: context.height))
        draw(in: context, region: .everything)
        return nextChangeTime
    }
}
