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
    /// Which commit (`TransactionStack.commitCount`) made it.
    package let commit: Int

    /// Copies the tree of `modelRoot` (main thread, after the commit's layout and display).
    package init(modelRoot: CALayer) {
        var copies: [ObjectIdentifier: CALayer] = [:]
        root = Self.copy(modelRoot, into: &copies)
        copiesByModel = copies
        commit = TransactionStack.commitCount
        modelRoot.latestRenderSnapshot = self
    }

    private static func copy(_ model: CALayer, into copies: inout [ObjectIdentifier: CALayer]) -> CALayer {
        let copy = model.makePresentationCopy()
        copy.isPresentationCopy = true
        copy.isCommitted = true
        copy.attachedAnimations = model.attachedAnimations.filter { $0.beginTime != nil }
        copies[ObjectIdentifier(model)] = copy
        copy.children.reserveCapacity(model.children.count)
        for child in model.children {
            let childCopy = Self.copy(child, into: &copies)
            childCopy.superlayer = copy
            copy.children.append(childCopy)
        }
        if let mask = model.maskLayer {
            let maskCopy = Self.copy(mask, into: &copies)
            maskCopy.maskOwner = copy
            copy.maskLayer = maskCopy
        }
        return copy
    }

    /// The presentation of the whole tree at media time `time` (`CACurrentMediaTime()` scale):
    /// fresh copies of the snapshot's layers with their animations applied by `AnimationEvaluator`,
    /// exactly as `presentation()` computes them on the main thread. Safe on any thread.
    package func presentationRoot(atMediaTime time: CFTimeInterval) -> CALayer {
        Self.evaluate(root, at: time, record: nil)
    }

    /// The presentation copy of `model` (a layer of the tree this snapshot was made from) at
    /// `time`, or nil when the snapshot has no copy of it.
    func presentationCopy(of model: CALayer, atMediaTime time: CFTimeInterval) -> CALayer? {
        guard let source = copiesByModel[ObjectIdentifier(model)] else { return nil }
        var found: CALayer?
        _ = Self.evaluate(root, at: time) { snapshotLayer, copy in
            if snapshotLayer === source { found = copy }
        }
        return found
    }

    private static func evaluate(_ layer: CALayer, at time: CFTimeInterval,
                                 record: ((CALayer, CALayer) -> Void)?) -> CALayer {
        let copy = layer.makePresentationCopy()
        copy.modelLayerOfCopy = layer
        copy.isPresentationCopy = true
        copy.isCommitted = true
        copy.snapshotFrameTime = time
        copy.attachedAnimations = layer.attachedAnimations   // for the transition drawing
        AnimationEvaluator.apply(layer, to: copy, atMediaTime: time)
        record?(layer, copy)
        if !layer.children.isEmpty {
            copy.children.reserveCapacity(layer.children.count)
            for child in layer.children {
                let childCopy = evaluate(child, at: time, record: record)
                childCopy.superlayer = copy
                copy.children.append(childCopy)
            }
        }
        if let mask = layer.maskLayer {
            let maskCopy = evaluate(mask, at: time, record: record)
            maskCopy.maskOwner = copy
            copy.maskLayer = maskCopy
        }
        return copy
    }

    /// The earliest media time ≥ `time` at which the picture changes by itself: `time` while an
    /// animation runs, the start of a later one, or infinity when the tree is still.
    package func nextChangeTime(after time: CFTimeInterval) -> CFTimeInterval {
        root.nextChangeTime(after: time)
    }

    /// Draws the presentation at `time` into `context` with a `CARenderer` (`scale` device pixels
    /// per point). Safe on any thread; the context's pixels are left as they were outside the tree.
    package func render(in context: CGContext, scale: CGFloat, atMediaTime time: CFTimeInterval) {
        let renderer = CARenderer(context: context)
        renderer.layer = presentationRoot(atMediaTime: time)
        renderer.scale = scale
        renderer.beginFrame(atTime: time)
        renderer.render()
        renderer.endFrame()
    }
}
