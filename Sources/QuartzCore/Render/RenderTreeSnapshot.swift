import CoreGraphics
import Foundation

/// An immutable copy of a rendered model tree, made on the main thread at a commit, that a render
/// thread evaluates and draws at any media time without touching the model (a Linux addition: Core
/// Animation's render server receives the same thing, model values plus animations with resolved
/// begin times, from each commit).
///
/// - The layers are presentation copies (`makePresentationCopy()`, flagged as copies, so nothing
///   records changes or runs actions) holding the committed model values, linked into a tree of
///   their own, each carrying its model's committed animations: the `AttachedAnimation` objects
///   are shared, and what the evaluator reads of them is fixed before the commit (see there).
/// - Contents are immutable `CGImage`s drawn at the commit by `display()` on the main thread; a
///   delegate's drawing never runs here. A subclass defined outside QuartzCore is copied as a plain
///   `CALayer` (Swift cannot instantiate it dynamically), so custom properties that redraw through
///   `needsDisplay(forKey:)` show their committed picture on a render thread.
/// - Nothing in a snapshot changes after `init`; each frame's evaluation builds fresh copies
///   (`presentationRoot(atMediaTime:)`), so one snapshot may be read by any one thread at a time
///   after it has been handed over through a lock.
package final class RenderTreeSnapshot: @unchecked Sendable {
    /// The copy of the model root.
    let root: CALayer
    /// The snapshot's copy of each model layer, by the model layer's identity.
    private let copiesByModel: [ObjectIdentifier: CALayer]
    /// The snapshot's layers that have animations (tree order), for `nextChangeTime`.
    private let animatedLayers: [CALayer]
    /// Which commit (`TransactionStack.commitCount`) made it.
    package let commit: Int
    /// The last `nextChangeTime` answer (the render thread asks once per frame, with the frame's
    /// time); behind `cacheLock`, since another thread may ask too.
    private var cachedNextChange: (time: CFTimeInterval, next: CFTimeInterval)?
    private let cacheLock = NSLock()
    /// `ContentsStamp`s: the latest when this snapshot was made, and when the previous snapshot of
    /// the same root was (contents set in between were redrawn by this commit).
    private let contentsStamp: UInt64
    private let previousContentsStamp: UInt64
    /// Frames rendered from this snapshot (behind `cacheLock`): the redraw flash shows on the first
    /// only, and asks for a second frame to take it away.
    private var framesRendered = 0
    private var flashShown = false

    /// Copies the tree of `modelRoot` (main thread, after the commit's layout and display).
    package init(modelRoot: CALayer) {
        var copies: [ObjectIdentifier: CALayer] = [:]
        var animated: [CALayer] = []
        root = Self.copy(modelRoot, into: &copies, animated: &animated)
        copiesByModel = copies
        animatedLayers = animated
        commit = TransactionStack.commitCount
        contentsStamp = ContentsStamp.current
        previousContentsStamp = modelRoot.latestRenderSnapshot?.contentsStamp ?? 0
        modelRoot.latestRenderSnapshot = self
    }

    private static func copy(_ model: CALayer, into copies: inout [ObjectIdentifier: CALayer],
                             animated: inout [CALayer]) -> CALayer {
        let copy = model.makePresentationCopy()
        copy.isPresentationCopy = true
        copy.isCommitted = true
        copy.attachedAnimations = model.attachedAnimations.filter { $0.beginTime != nil }
        copies[ObjectIdentifier(model)] = copy
        var subtreeAnimates = !copy.attachedAnimations.isEmpty
        if subtreeAnimates { animated.append(copy) }
        copy.children.reserveCapacity(model.children.count)
        for child in model.children {
            let childCopy = Self.copy(child, into: &copies, animated: &animated)
            childCopy.superlayer = copy
            copy.children.append(childCopy)
            subtreeAnimates = subtreeAnimates || childCopy.snapshotSubtreeAnimates
        }
        if let mask = model.maskLayer {
            let maskCopy = Self.copy(mask, into: &copies, animated: &animated)
            maskCopy.maskOwner = copy
            copy.maskLayer = maskCopy
            subtreeAnimates = subtreeAnimates || maskCopy.snapshotSubtreeAnimates
        }
        copy.snapshotSubtreeAnimates = subtreeAnimates
        return copy
    }

    /// The presentation of the whole tree at media time `time` (`CACurrentMediaTime()` scale):
    /// fresh copies of the snapshot's layers with their animations applied by `AnimationEvaluator`,
    /// exactly as `presentation()` computes them on the main thread. Safe on any thread.
    ///
    /// Only subtrees with animations are copied: a subtree in which nothing animates looks the same
    /// at every time, so the snapshot's own (immutable) layers stand in it, shared by every frame.
    /// (Their `superlayer` is then the snapshot's layer, not the frame's copy; the renderer walks
    /// down only.)
    package func presentationRoot(atMediaTime time: CFTimeInterval) -> CALayer {
        Self.evaluate(root, parentTime: time, at: time, record: nil)
    }

    /// The presentation copy of `model` (a layer of the tree this snapshot was made from) at
    /// `time`, or nil when the snapshot has no copy of it. (Every layer is copied here, so that
    /// the copy found sits in a tree of copies.)
    func presentationCopy(of model: CALayer, atMediaTime time: CFTimeInterval) -> CALayer? {
        guard let source = copiesByModel[ObjectIdentifier(model)] else { return nil }
        var found: CALayer?
        _ = Self.evaluate(root, parentTime: time, at: time) { snapshotLayer, copy in
            if snapshotLayer === source { found = copy }
        }
        return found
    }

    /// The frame copy of `layer` at media time `time`; `parentTime` is the local time of its timing
    /// parent (the media time for the root), so local times are computed once, top-down, as
    /// `localTime(fromMediaTime:)` computes them.
    private static func evaluate(_ layer: CALayer, parentTime: CFTimeInterval, at time: CFTimeInterval,
                                 record: ((CALayer, CALayer) -> Void)?) -> CALayer {
        if record == nil, !layer.snapshotSubtreeAnimates { return layer }
        let local = layer.localTime(fromParentTime: parentTime)
        let copy = layer.makePresentationCopy()
        copy.modelLayerOfCopy = layer
        copy.isPresentationCopy = true
        copy.isCommitted = true
        copy.snapshotFrameTime = time
        copy.attachedAnimations = layer.attachedAnimations   // for the transition drawing
        AnimationEvaluator.apply(layer, to: copy, atLocalTime: local)
        record?(layer, copy)
        if !layer.children.isEmpty {
            copy.children.reserveCapacity(layer.children.count)
            for child in layer.children {
                let childCopy = evaluate(child, parentTime: local, at: time, record: record)
                if childCopy !== child { childCopy.superlayer = copy }
                copy.children.append(childCopy)
            }
        }
        if let mask = layer.maskLayer {
            let maskCopy = evaluate(mask, parentTime: local, at: time, record: record)
            if maskCopy !== mask { maskCopy.maskOwner = copy }
            copy.maskLayer = maskCopy
        }
        return copy
    }

    /// The earliest media time ≥ `time` at which the picture changes by itself: `time` while an
    /// animation runs, the start of a later one, or infinity when the tree is still.
    ///
    /// Only the layers with animations are visited, the walk stops at the first running one, and
    /// the answer is kept for the next question at the same time.
    package func nextChangeTime(after time: CFTimeInterval) -> CFTimeInterval {
        cacheLock.lock()
        let cached = cachedNextChange, flashShown = flashShown
        cacheLock.unlock()
        if flashShown { return time }   // the redraw flash lasts one frame
        if let cached, cached.time == time { return cached.next }
        var next = CFTimeInterval.infinity
        for layer in animatedLayers {
            next = min(next, layer.nextChangeTimeOfOwnAnimations(after: time))
            if next <= time { next = time; break }
        }
        cacheLock.lock()
        cachedNextChange = (time, next)
        cacheLock.unlock()
        return next
    }

    /// Draws the presentation at `time` into `context` with a `CARenderer` (`scale` device pixels
    /// per point). Safe on any thread; the context's pixels are left as they were outside the tree.
    ///
    /// The overlay of `RenderDebugOptions.shared` is drawn over it; the redraw flash shows the layers
    /// this snapshot's commit redrew on its first frame.
    package func render(in context: CGContext, scale: CGFloat, atMediaTime time: CFTimeInterval) {
        let renderer = CARenderer(context: context)
        renderer.layer = presentationRoot(atMediaTime: time)
        renderer.scale = scale
        renderer.debugOverlay = RenderDebugOptions.shared.overlay
        cacheLock.lock()
        let first = framesRendered == 0
        framesRendered += 1
        flashShown = first && renderer.debugOverlay == .redrawFlash && contentsStamp > previousContentsStamp
        cacheLock.unlock()
        renderer.redrawnAfterStamp = first ? previousContentsStamp : contentsStamp
        renderer.beginFrame(atTime: time)
        renderer.render()
        renderer.endFrame()
    }
}
