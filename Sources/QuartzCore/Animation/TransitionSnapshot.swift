import CoreGraphics
import Foundation

/// The old picture of a layer under a `CATransition`: what the layer's bounds space showed (its
/// background, contents, sublayers and border; not its own position, transform, opacity, shadow or
/// mask) before the transaction that added the transition.
///
/// It is captured when that transaction commits, from the render tree of the previous commit
/// evaluated at that time, which still shows the old state. Without such a tree, when the layer
/// was not in it (it joined the tree in this transaction), or when it was
/// hidden, there is no old picture: the old state is transparent (`image` nil). (A layer hidden in the
/// new state draws no new picture: a transition can show a layer appearing or disappearing.)
final class TransitionSnapshot {
    /// Pixels per point of the snapshot (enough for a 2x screen).
    static let pixelScale: CGFloat = 2
    /// The largest side of a snapshot in pixels; larger layers are captured at a lower scale.
    static let maxPixels = 4096

    /// The old picture, `bounds` in points mapped onto the whole image (row 0 at the top, minY);
    /// nil when the old state is transparent.
    let image: CGImage?
    /// The layer's bounds when the snapshot was taken (its own bounds space).
    let bounds: CGRect

    init(image: CGImage?, bounds: CGRect) {
        self.image = image
        self.bounds = bounds
    }

    /// The transparent old state.
    static let empty = TransitionSnapshot(image: nil, bounds: .zero)

    /// Captures the old picture for every transition in `added` (the animations of the committing
    /// transaction) that has none yet. Called by `TransactionStack.commitChanges()` before the begin
    /// times are resolved, so the new transition itself is not drawn into its own snapshot.
    static func captureOldStates(of added: [(layer: CALayer, attached: AttachedAnimation)]) {
        for (layer, attached) in added where attached.animation is CATransition && attached.transitionSnapshot == nil
            && attached.beginTime == nil {
            attached.transitionSnapshot = capture(layer)
        }
    }

    /// The picture of `layer` in the presentation of its tree's last commit (what is shown now).
    static func capture(_ layer: CALayer) -> TransitionSnapshot {
        guard let tree = layer.renderTreeRoot.renderTree, let i = tree.index(of: layer) else { return .empty }
        let frame = RenderFrame(tree: tree)
        frame.evaluate(tree, atMediaTime: CACurrentMediaTime())
        let shown = frame.layer(i)
        guard !shown.isHidden else { return .empty }
        return TransitionSnapshot(image: LayerTreeRenderer().renderBodyImage(of: shown, maxScale: pixelScale,
                                                                             maxPixels: maxPixels),
                                  bounds: shown.bounds)
    }
}
