import Foundation
import QuartzCore

/// The Core Animation Programming Guide's constraint layout (listings 4-1 and 4-2, an OS X
/// feature): `theLayer` fills the window and lays out its two sublayers with a
/// `CAConstraintLayoutManager`. layerA (100×25, 2-point border) stays centred; layerB, never sized
/// by the code, is as wide as layerA, centred under it, its top 10 points below layerA's bottom
/// edge and its bottom 10 points above the window's. `theLayer` is geometry-flipped so that y
/// grows upward in it, as in an OS X layer: the listing's MinY is the bottom, as on the Mac.
final class ConstraintsScene: LayerScene {
    static let preferredSize = CGSize(width: 300, height: 200)

    let rootLayer: CALayer
    let theLayer = CALayer()

    init(root: CALayer) {
        rootLayer = root
        theLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        theLayer.isGeometryFlipped = true
        theLayer.anchorPoint = .zero
        root.addSublayer(theLayer)
        setUpLayers()
    }

    /// Listing 4-2, step by step.
    private func setUpLayers() {
        // The parent lays its sublayers out by their constraints.
        theLayer.layoutManager = CAConstraintLayoutManager.layoutManager()

        let layerA = CALayer()
        layerA.name = "layerA"
        layerA.bounds = CGRect(x: 0.0, y: 0.0, width: 100.0, height: 25.0)
        layerA.borderWidth = 2.0
        // Centred: both midpoints pinned to the parent's (listing 4-1 is the first of them).
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        theLayer.addSublayer(layerA)

        let layerB = CALayer()
        layerB.name = "layerB"
        layerB.borderWidth = 2.0
        // As wide as layerA and centred under it.
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        // Its top edge (MaxY, y up) 10 points below layerA's bottom edge (MinY)...
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10.0))
        // ...and its bottom edge 10 points above the parent's.
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: +10.0))
        theLayer.addSublayer(layerB)
    }

    /// `theLayer` takes the window's size; its layout manager places the sublayers again (at once,
    /// without implicit animations, so that they follow a resize).
    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        theLayer.bounds = CGRect(origin: .zero, size: size)
        theLayer.position = .zero
        theLayer.layoutIfNeeded()
        CATransaction.commit()
    }
}
