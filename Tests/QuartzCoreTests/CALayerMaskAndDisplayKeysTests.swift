import QuartzCore
import XCTest

/// The mask's special parenting, `contentsAreFlipped()`, `needsDisplay(forKey:)` and subclass
/// defaults through `defaultValue(forKey:)`.
final class CALayerMaskAndDisplayKeysTests: XCTestCase {
    // MARK: Mask parenting

    /// A mask is not one of the sublayers, but its `superlayer` is the layer it masks: on Apple
    /// platforms `removeFromSuperlayer()` on a mask detaches it from that layer, and code that
    /// observes a mask's `superlayer` sees the masked layer.
    func testAMaskIsNotASublayerButItsSuperlayerIsTheMaskedLayer() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        XCTAssertTrue(layer.mask === mask)
        XCTAssertTrue(mask.superlayer === layer)
        XCTAssertTrue(mask.value(forKey: "superlayer") as? CALayer === layer)
        XCTAssertNil(layer.sublayers)
        layer.mask = nil
        XCTAssertNil(mask.superlayer)
    }

    func testAMaskThatMasksAnotherLayerMovesToTheNewOne() {
        let first = CALayer(), second = CALayer(), mask = CALayer()
        first.mask = mask
        second.mask = mask
        XCTAssertNil(first.mask)
        XCTAssertTrue(second.mask === mask)
    }

    func testASublayerAssignedAsMaskLeavesItsSuperlayer() {
        let parent = CALayer(), layer = CALayer(), child = CALayer()
        parent.addSublayer(child)
        layer.mask = child
        XCTAssertNil(parent.sublayers)
        XCTAssertTrue(child.superlayer === layer)
        XCTAssertTrue(layer.mask === child)
    }

    func testAddingAMaskAsASublayerTakesItOutOfTheMask() {
        let layer = CALayer(), other = CALayer(), mask = CALayer()
        layer.mask = mask
        other.addSublayer(mask)
        XCTAssertNil(layer.mask)
        XCTAssertTrue(mask.superlayer === other)
        layer.mask = mask
        XCTAssertNil(other.sublayers)
    }

    func testRemoveFromSuperlayerDetachesAMaskFromItsLayer() {
        let layer = CALayer(), mask = CALayer()
        layer.mask = mask
        mask.removeFromSuperlayer()
        XCTAssertNil(layer.mask)
        XCTAssertNil(mask.superlayer)
    }

    func testAReplacedMaskIsReleasedFromItsLayer() {
        let layer = CALayer(), old = CALayer(), new = CALayer()
        layer.mask = old
        layer.mask = new
        old.removeFromSuperlayer()
        XCTAssertTrue(layer.mask === new)
        layer.mask = nil
        new.removeFromSuperlayer()
        XCTAssertNil(layer.mask)
    }

    func testAChangeInsideAMaskIsCommittedWithTheMaskedTree() {
        let root = CALayer(), layer = CALayer(), mask = CALayer()
        root.addSublayer(layer)
        layer.mask = mask
        var committedRoots: [ObjectIdentifier] = []  // identifiers: the observer outlives the test
        CATransaction.flush()  // close the implicit transaction earlier changes opened
        CATransaction.addCommitObserver { roots in committedRoots += roots.map(ObjectIdentifier.init) }
        CATransaction.begin()
        mask.opacity = 0.5
        CATransaction.commit()
        XCTAssertTrue(committedRoots.contains(ObjectIdentifier(root)))
    }

    // MARK: contentsAreFlipped

    func testContentsAreFlippedWhenAnOddNumberOfLayersUpTheTreeFlipGeometry() {
        let root = CALayer(), middle = CALayer(), leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        XCTAssertFalse(leaf.contentsAreFlipped())
        leaf.isGeometryFlipped = true
        XCTAssertTrue(leaf.contentsAreFlipped())
        root.isGeometryFlipped = true
        XCTAssertFalse(leaf.contentsAreFlipped())
        XCTAssertTrue(middle.contentsAreFlipped())
        XCTAssertTrue(root.contentsAreFlipped())
        leaf.isGeometryFlipped = false
        XCTAssertTrue(leaf.contentsAreFlipped())
    }

    func testAMaskOfAFlippedLayerHasFlippedContents() {
        let layer = CALayer(), mask = CALayer()
        layer.isGeometryFlipped = true
        layer.mask = mask
        XCTAssertTrue(mask.contentsAreFlipped())
    }

    func testDisplayDrawsFlippedContentsWithYUp() throws {
        final class TopStripe: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))  // y = 0 to 1 in the layer's space
            }
        }
        let layer = TopStripe()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let upright = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(upright.pixel(x: 1, y: 0).a, 255)  // row 0 is the top of the image
        XCTAssertEqual(upright.pixel(x: 1, y: 3).a, 0)

        layer.isGeometryFlipped = true
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let flipped = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(flipped.pixel(x: 1, y: 0).a, 0)
        XCTAssertEqual(flipped.pixel(x: 1, y: 3).a, 255)  // y = 0 is now the bottom
    }

    // MARK: needsDisplay(forKey:)

    private final class GaugeLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "thickness" || key == "cornerRadius" || super.needsDisplay(forKey: key)
        }
        override class func defaultValue(forKey key: String) -> Any? {
            switch key {
            case "thickness": return CGFloat(2)
            case "masksToBounds": return true
            case "cornerRadius": return CGFloat(8)
            case "backgroundColor": return CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            default: return super.defaultValue(forKey: key)
            }
        }
        /// A custom property kept in the layer's key/value storage.
        var thickness: CGFloat {
            get { value(forKey: "thickness") as? CGFloat ?? 0 }
            set { setValue(newValue, forKey: "thickness") }
        }
    }

    func testACustomKeyThatNeedsDisplayMarksTheLayerWhenSet() {
        let layer = GaugeLayer()
        XCTAssertFalse(layer.needsDisplay())
        layer.setValue(5, forKey: "thickness")
        XCTAssertTrue(layer.needsDisplay())
        XCTAssertEqual(layer.thickness, 5)
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay())
        layer.thickness = 6
        XCTAssertTrue(layer.needsDisplay())
    }

    func testABuiltInKeyThatNeedsDisplayMarksTheLayerWhenItsPropertyChanges() {
        let layer = GaugeLayer()
        layer.cornerRadius = 3
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.setValue(4, forKey: "cornerRadius")
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.opacity = 0.5
        layer.setValue(1, forKey: "borderWidth")
        XCTAssertFalse(layer.needsDisplay())
    }

    func testAPlainLayerIsNotMarkedByPropertyChanges() {
        let layer = CALayer()
        layer.cornerRadius = 3
        layer.setValue(1, forKey: "thickness")
        XCTAssertFalse(CALayer.needsDisplay(forKey: "cornerRadius"))
        XCTAssertFalse(layer.needsDisplay())
    }

    // MARK: Subclass defaults

    func testASubclassesDefaultsAreItsInstancesInitialValues() {
        let layer = GaugeLayer()
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertEqual(layer.cornerRadius, 8)
        XCTAssertEqual(layer.backgroundColor, CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        XCTAssertEqual(layer.thickness, 2)  // a custom key reads its default until set
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.needsDisplay())
        XCTAssertEqual(GaugeLayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertFalse(CALayer().masksToBounds)
    }
}
