import CoreGraphics
import Foundation

/// The old picture of a layer under a `CATransition`: what the layer's bounds space showed (its
/// background, contents, sublayers and border; not its own position, transform, opacity, shadow or
/// mask) before the transaction that added the transition.
///
/// The commit that adds the transition only says where the picture is: the previous commit's render
/// tree, the layer's node in it, and the commit's media time (that tree evaluated then still shows the
/// old state). The render side takes the picture itself, the first time it draws the transition, on
/// its own thread; the main thread renders nothing at the commit. The tree is let go once the picture
/// is taken. Without such a tree, when the layer was not in it (it joined the tree in this
/// transaction), or when it was hidden, there is no old picture: the old state is transparent (`image`
/// nil). (A layer hidden in the new state draws no new picture: a transition can show a layer
/// appearing or disappearing.)
final class TransitionSnapshot: @unchecked Sendable {
    /// Pixels per point of the snapshot (enough for a 2x screen).
    static let pixelScale: CGFloat = 2
    /// The largest side of a snapshot in pixels; larger layers are captured at a lower scale.
    static let maxPixels = 4096

    /// Where the old picture is, until it is taken.
    private struct Source {
        let tree: RenderTree
        let index: Int
        let time: CFTimeInterval
    }

    /// Guards `source` and `picture`: several render sides (a window, a `CARenderer`) may draw the
    /// same tree.
    private let lock = NSLock()
    private var source: Source?
    private var picture: (image: CGImage?, bounds: CGRect)?

    /// A picture already taken.
    init(image: CGImage?, bounds: CGRect) {
        picture = (image, bounds)
    }

    /// The picture of node `index` of `tree` evaluated at media time `time`, taken when first asked for.
    private init(tree: RenderTree, index: Int, time: CFTimeInterval) {
        source = Source(tree: tree, index: index, time: time)
    }

    /// The transparent old state.
    static let empty = TransitionSnapshot(image: nil, bounds: .zero)

    /// Whether the picture has been taken (a commit only says where it is).
    var isTaken: Bool {
        lock.lock(); defer { lock.unlock() }
        return picture != nil
    }

    /// The old picture, `bounds` in points mapped onto the whole image (row 0 at the top, minY); nil
    /// when the old state is transparent. Taken on the first call, by the calling (render) thread.
    var image: CGImage? { taken().image }

    /// The old picture as `image`, taken (if this is the first call) at `scale` pixels per point,
    /// at most `pixelScale`: a renderer drawing it unwarped asks for its own scale, so that the old
    /// picture's pixels are those it drew (a fade's every pixel is then the exact mix).
    func image(scale: CGFloat) -> CGImage? { taken(scale: scale).image }

    /// The layer's bounds when the old picture was shown (its own bounds space).
    var bounds: CGRect { taken().bounds }

    private func taken(scale: CGFloat = pixelScale) -> (image: CGImage?, bounds: CGRect) {
        lock.lock(); defer { lock.unlock() }
        if let picture { return picture }
        var made: (image: CGImage?, bounds: CGRect) = (nil, .zero)
        if let source {
            let frame = RenderFrame(tree: source.tree)
            frame.evaluate(source.tree, atMediaTime: source.time)
            let shown = frame.layer(source.index)
            if !shown.isHidden {
                let scale = scale.isFinite && scale > 0 ? min(scale, Self.pixelScale) : Self.pixelScale
                made = (LayerTreeRenderer().renderBodyImage(of: shown, maxScale: scale,
                                                            maxPixels: Self.maxPixels), shown.bounds)
            }
        }
        picture = made
        source = nil   // the previous tree is not needed any more
        return made
    }

    /// Says where the old picture is for every transition in `added` (the animations of the committing
    /// transaction) that has none yet. Called by `TransactionStack.commitChanges()` before the new tree
    /// is built, so the layer's tree is still the previous commit's and the new transition is not in it.
    static func captureOldStates(of added: [(layer: CALayer, attached: AttachedAnimation)]) {
        var now: CFTimeInterval?
        for (layer, attached) in added where attached.animation is CATransition && attached.transitionSnapshot == nil
            && attached.beginTime == nil {
            let time = now ?? CACurrentMediaTime()
            now = time
            attached.transitionSnapshot = oldState(of: layer, atMediaTime: time)
        }
    }

    /// The picture of `layer` in the presentation of its tree's last commit at `time` (what is shown
    /// then), to be taken by the render side.
    static func oldState(of layer: CALayer, atMediaTime time: CFTimeInterval) -> TransitionSnapshot {
        guard let tree = layer.renderTreeRoot.renderTree, let i = tree.index(of: layer) else { return .empty }
        return TransitionSnapshot(tree: tree, index: i, time: time)
    }
}
