import Foundation
import QuartzCore
import XCTest

/// A layer subclass shaped as Apple's templates write one: its own stored field copied in
/// `init(layer:)`, and an `init?(coder:)` that traps.
private final class RingLayer: CALayer {
    var label = "unset"
    static var copies = 0

    override init() {
        super.init()
    }

    override init(layer: Any) {
        let other = layer as! RingLayer
        label = other.label
        RingLayer.copies += 1
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A subclass that declares no initializer: it inherits `init()` and `init(layer:)`.
private final class PlainSubclassLayer: CALayer {}

/// How layers of an app's classes are made: with `init()` for a class known at run time and with
/// `init(layer:)` for presentation layers, never with `init?(coder:)` (as on Apple's platforms).
final class LayerSubclassCreationTests: XCTestCase {
    override func setUp() {
        super.setUp()
        CATransaction.flush()
    }

    func testALayerOfAClassKnownAtRunTimeIsMadeWithItsInit() {
        let made = CALayer.makeLayer(ofClass: RingLayer.self)
        XCTAssertTrue(type(of: made) == RingLayer.self)
        XCTAssertEqual((made as! RingLayer).label, "unset")
        XCTAssertTrue(type(of: CALayer.makeLayer(ofClass: PlainSubclassLayer.self)) == PlainSubclassLayer.self)
        XCTAssertTrue(type(of: CALayer.makeLayer(ofClass: NSObject.self)) == CALayer.self)
    }

    func testPresentationLayersAreMadeWithTheSubclassInitLayerWhichCopiesItsFields() {
        let root = CALayer()
        let ring = RingLayer()
        ring.label = "progress"
        ring.position = CGPoint(x: 12, y: 34)
        root.addSublayer(ring)
        CATransaction.flush()
        let before = RingLayer.copies
        guard let presented = ring.presentation() else { return XCTFail("no presentation layer") }
        XCTAssertGreaterThan(RingLayer.copies, before, "init(layer:) was not called")
        XCTAssertEqual(presented.label, "progress")
        XCTAssertEqual(presented.position, CGPoint(x: 12, y: 34))
        XCTAssertTrue(presented.model() === ring)
        guard let plain = PlainSubclassLayer().presentation() else { return }
        XCTAssertTrue(type(of: plain) == PlainSubclassLayer.self)
    }

    func testPresentationLayersDoNotKeepTheirModelAlive() {
        weak var gone: RingLayer?
        do {
            let root = CALayer()
            let ring = RingLayer()
            root.addSublayer(ring)
            CATransaction.flush()
            XCTAssertNotNil(ring.presentation())
            gone = ring
        }
        XCTAssertNil(gone, "the model layer was retained by its copy")
    }
}
