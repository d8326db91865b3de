import Foundation
import QuartzCore

/// Lockwood's ring of ten squares (listing 6.8): a `CAReplicatorLayer` filling a 300-point container,
/// ten instances of a white 100-point square at (100, 100), each turned π/5 about a point 200 points
/// below the replicator's centre and 0.1 less blue and green. The window is large enough for the ring.
final class ReplicatorScene: LayerScene {
    static let containerSide: CGFloat = 300
    /// The ring's centre in the container (its centre plus 200 points down) and the window that shows it.
    static let ringCentre = CGPoint(x: 150, y: 350)
    static let sceneSide: CGFloat = 560

    let rootLayer: CALayer
    let container = CALayer()
    let replicator = CAReplicatorLayer()

    init(root: CALayer) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        container.bounds = CGRect(x: 0, y: 0, width: Self.containerSide, height: Self.containerSide)
        replicator.frame = container.bounds
        root.addSublayer(container)
        container.addSublayer(replicator)
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, 200, 0)
        transform = CATransform3DRotate(transform, .pi / 5, 0, 0, 1)
        transform = CATransform3DTranslate(transform, 0, -200, 0)
        replicator.instanceCount = 10
        replicator.instanceTransform = transform
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        let square = CALayer()
        square.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(square)
    }

    /// Puts the ring's centre in the middle of the root.
    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let middle = CGPoint(x: max(size.width, Self.sceneSide) / 2, y: max(size.height, Self.sceneSide) / 2)
        container.position = CGPoint(x: middle.x - Self.ringCentre.x + Self.containerSide / 2,
                                     y: middle.y - Self.ringCentre.y + Self.containerSide / 2)
        CATransaction.commit()
    }
}
