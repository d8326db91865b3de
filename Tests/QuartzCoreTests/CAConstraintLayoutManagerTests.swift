import QuartzCore
import XCTest

/// `CAConstraintLayoutManager` (macOS, Core Animation Programming Guide listings 4-1 and 4-2):
/// sublayers placed by constraints on "superlayer" and on named siblings, with offsets and scales.
final class CAConstraintLayoutManagerTests: XCTestCase {
    /// The guide's listing 4-2 in a 300×200 superlayer: layerA 100×25 centred; layerB as wide as
    /// layerA, under it, its far edge 10 points from layerA and its near edge 10 from the superlayer's.
    private func guideLayers(size: CGSize) -> (theLayer: CALayer, layerA: CALayer, layerB: CALayer) {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(origin: .zero, size: size)
        theLayer.layoutManager = CAConstraintLayoutManager.layoutManager()
        let layerA = CALayer()
        layerA.name = "layerA"
        layerA.bounds = CGRect(x: 0, y: 0, width: 100, height: 25)
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        theLayer.addSublayer(layerA)
        let layerB = CALayer()
        layerB.name = "layerB"
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10))
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10))
        theLayer.addSublayer(layerB)
        return (theLayer, layerA, layerB)
    }

    func testTheGuidesListingGivesItsFrames() {
        let (theLayer, layerA, layerB) = guideLayers(size: CGSize(width: 300, height: 200))
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layerA.frame, CGRect(x: 100, y: 87.5, width: 100, height: 25))
        XCTAssertEqual(layerB.frame, CGRect(x: 100, y: 10, width: 100, height: 67.5))
    }

    func testResizingTheSuperlayerLaysOutAgain() {
        let (theLayer, layerA, layerB) = guideLayers(size: CGSize(width: 300, height: 200))
        theLayer.layoutIfNeeded()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 500, height: 400)
        XCTAssertTrue(theLayer.needsLayout())
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layerA.frame, CGRect(x: 200, y: 187.5, width: 100, height: 25))
        XCTAssertEqual(layerB.frame, CGRect(x: 200, y: 10, width: 100, height: 167.5))
    }

    /// A sibling named in a constraint is laid out first, whatever the order of the sublayers.
    func testASiblingIsLaidOutBeforeTheLayersThatReferToIt() {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        theLayer.layoutManager = CAConstraintLayoutManager()
        let follower = CALayer()
        follower.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        follower.addConstraint(CAConstraint(attribute: .minX, relativeTo: "leader", attribute: .maxX, offset: 5))
        follower.addConstraint(CAConstraint(attribute: .height, relativeTo: "leader", attribute: .height, scale: 0.5, offset: 0))
        theLayer.addSublayer(follower)
        let leader = CALayer()
        leader.name = "leader"
        leader.bounds = CGRect(x: 0, y: 0, width: 40, height: 60)
        leader.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 20))
        leader.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY))
        theLayer.addSublayer(leader)
        follower.position = CGPoint(x: 0, y: 100)
        theLayer.layoutIfNeeded()
        XCTAssertEqual(leader.frame, CGRect(x: 20, y: 0, width: 40, height: 60))
        // x from the leader's right edge, its width kept; the height halved about the position.
        XCTAssertEqual(follower.frame, CGRect(x: 65, y: 85, width: 10, height: 30))
    }

    func testOneEdgeKeepsTheSizeAndTwoEdgesSetIt() {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        theLayer.layoutManager = CAConstraintLayoutManager()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        layer.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -5))
        layer.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .midY))
        layer.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, scale: 0.9, offset: 0))
        theLayer.addSublayer(layer)
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layer.frame, CGRect(x: 65, y: 50, width: 30, height: 40))
    }

    /// Unknown source names are ignored; a layer without a layout manager keeps its sublayers put.
    func testUnknownNamesAndNoManagerLeaveLayersAlone() {
        let theLayer = CALayer()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .midX))
        layer.addConstraint(CAConstraint(attribute: .minY, relativeTo: "nobody", attribute: .midY))
        theLayer.addSublayer(layer)
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layer.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
        theLayer.layoutManager = CAConstraintLayoutManager()
        theLayer.layoutIfNeeded()
        XCTAssertEqual(layer.frame, CGRect(x: 50, y: 2, width: 3, height: 4))
        XCTAssertEqual(layer.constraints?.count, 2)
        XCTAssertEqual(layer.constraints?.first?.sourceName, "superlayer")
    }

    /// A layout manager answers `preferredFrameSize()` and hears `setNeedsLayout()`.
    func testTheLayoutManagerIsAskedForThePreferredSizeAndToldOfInvalidation() {
        final class Manager: CALayoutManager {
            var invalidations = 0
            func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 7, height: 8) }
            func invalidateLayout(of layer: CALayer) { invalidations += 1 }
        }
        let manager = Manager()
        let layer = CALayer()
        layer.layoutManager = manager
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 7, height: 8))
        let before = manager.invalidations
        layer.setNeedsLayout()
        XCTAssertEqual(manager.invalidations, before + 1)
    }
}
