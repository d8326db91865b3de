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
        let root = timingRoot
        let stamp = PresentationStamp(commit: TransactionStack.commitCount, time: CACurrentMediaTime())
        if root.presentationTree?.stamp != stamp {
            var copies: [ObjectIdentifier: CALayer] = [:]
            _ = root.copyForPresentation(into: &copies)
            root.presentationTree = PresentationTree(stamp: stamp, copies: copies)
        }
        return root.presentationTree?.copies[ObjectIdentifier(self)]
    }

    /// The top of the tree this layer belongs to, following a mask to its owner.
    private var timingRoot: CALayer {
        var l = self
        while let p = l.timingParent { l = p }
        return l
    }

    private func copyForPresentation(into copies: inout [ObjectIdentifier: CALayer]) -> CALayer {
        let copy = makePresentationCopy()
        copy.modelLayerOfCopy = self
        copy.isPresentationCopy = true
        copy.isCommitted = true
        copies[ObjectIdentifier(self)] = copy
        for child in children {
            let childCopy = child.copyForPresentation(into: &copies)
            childCopy.superlayer = copy
            copy.children.append(childCopy)
        }
        if let mask = maskLayer {
            let maskCopy = mask.copyForPresentation(into: &copies)
            maskCopy.maskOwner = copy
            copy.maskLayer = maskCopy
        }
        return copy
    }

    /// Marks this tree as committed (the layers now have a presentation).
    func markTreeCommitted() {
        isCommitted = true
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
