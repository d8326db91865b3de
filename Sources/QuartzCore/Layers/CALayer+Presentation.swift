import Foundation
import CoreGraphics

extension CALayer {
    /// The copy of this layer in a presentation tree built from its root, or nil before the first
    /// commit. The whole tree is copied so that the copy's superlayer, sublayers and mask are
    /// presentation layers too.
    ///
    /// The tree is kept by the model root until the next commit or media time, so that the copies'
    /// (weak) superlayer links stay valid while someone holds a copy, without a reference cycle.
    func presentationCopy() -> CALayer? {
        guard isCommitted else { return nil }
        return presentationTree(atMediaTime: CACurrentMediaTime()).copies[ObjectIdentifier(self)]
    }

    /// The presentation copy of this layer's whole tree at `time` (running animations applied),
    /// cached by the tree's root per commit and time. The renderer draws this tree.
    func presentationTree(atMediaTime time: CFTimeInterval) -> PresentationTree {
        let root = timingRoot
        let stamp = PresentationStamp(commit: TransactionStack.commitCount, time: time)
        if let tree = root.presentationTree, tree.stamp == stamp { return tree }
        var copies: [ObjectIdentifier: CALayer] = [:]
        _ = root.copyForPresentation(into: &copies, at: time)
        let tree = PresentationTree(stamp: stamp, copies: copies)
        root.presentationTree = tree
        return tree
    }

    /// The top of the tree this layer belongs to, following a mask to its owner.
    private var timingRoot: CALayer {
        var l = self
        while let p = l.timingParent { l = p }
        return l
    }

    private func copyForPresentation(into copies: inout [ObjectIdentifier: CALayer], at time: CFTimeInterval) -> CALayer {
        let copy = (committedState ?? self).makePresentationCopy()
        copy.modelLayerOfCopy = self
        copy.isPresentationCopy = true
        copy.isCommitted = true
        AnimationEvaluator.apply(self, to: copy, atMediaTime: time)
        copies[ObjectIdentifier(self)] = copy
        for child in children {
            let childCopy = child.copyForPresentation(into: &copies, at: time)
            childCopy.superlayer = copy
            copy.children.append(childCopy)
        }
        if let mask = maskLayer {
            let maskCopy = mask.copyForPresentation(into: &copies, at: time)
            maskCopy.maskOwner = copy
            copy.maskLayer = maskCopy
        }
        return copy
    }

    /// Marks this tree as committed (the layers now have a presentation) and records each layer's
    /// committed values.
    func markTreeCommitted() {
        isCommitted = true
        // Only layers whose values changed need a new record.
        if hasUncommittedValues || committedState == nil {
            let state = makePresentationCopy()
            state.isPresentationCopy = true
            committedState = state
            hasUncommittedValues = false
        }
        for child in children { child.markTreeCommitted() }
        maskLayer?.markTreeCommitted()
    }
}

/// When a presentation tree was built: it is valid for one commit and one media time.
struct PresentationStamp: Equatable {
    var commit: Int
    var time: CFTimeInterval
}

/// A model tree's presentation copies, by model layer.
struct PresentationTree {
    var stamp: PresentationStamp
    var copies: [ObjectIdentifier: CALayer]
}

/// The coder `CALayer.makeLayer(ofClass:)` passes to `init?(coder:)`: it holds nothing, so the
/// layer starts with its class's default values.
final class LayerCreationCoder: NSCoder {}
