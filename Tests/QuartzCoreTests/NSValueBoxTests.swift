import QuartzCore
import XCTest

/// Values boxed in `NSValue`, as Apple-platform code passes them: the boxes round-trip, and layers
/// and animations take a box wherever they take the value inside it.
final class NSValueBoxTests: XCTestCase {
    private var renderer: CARenderer!
    private var root: CALayer!
    private let t0: CFTimeInterval = 500

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        renderer = CARenderer(context: makeBitmapContext(width: 4, height: 4))
        renderer.layer = root
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func makeLayer() -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(l)
        CATransaction.commit()
        return l
    }

    private func add(_ anim: CAAnimation, to layer: CALayer, key: String) {
        CATransaction.flush()
        CATransaction.begin()
        layer.add(anim, forKey: key)
        CATransaction.commit()
    }

    private let tilted: CATransform3D = {
        var t = CATransform3DMakeRotation(0.7, 0.3, 1, 0.2)
        t.m34 = -1 / 500
        return CATransform3DTranslate(CATransform3DScale(t, 1.5, 0.5, 2), 3, -4, 5)
    }()

    // MARK: Boxes

    func testBoxesRoundTrip() {
        XCTAssertEqual(NSValue(caTransform3D: tilted).caTransform3DValue, tilted)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(NSValue(cgAffineTransform: affine).cgAffineTransformValue, affine)
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1.5, y: -2)).cgPointValue, CGPoint(x: 1.5, y: -2))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(NSValue(cgRect: rect).cgRectValue, rect)
        XCTAssertEqual(NSValue(cgVector: CGVector(dx: 7, dy: 8)).cgVectorValue, CGVector(dx: 7, dy: 8))
    }

    func testBoxesCompareByContents() {
        XCTAssertEqual(NSValue(caTransform3D: tilted), NSValue(caTransform3D: tilted))
        XCTAssertNotEqual(NSValue(caTransform3D: tilted), NSValue(caTransform3D: CATransform3DIdentity))
        XCTAssertEqual(NSValue(caTransform3D: tilted).hash, NSValue(caTransform3D: tilted).hash)
    }

    func testAnotherBoxReadsAsZero() {
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).caTransform3DValue, CATransform3D())
        XCTAssertEqual(NSValue(caTransform3D: tilted).cgAffineTransformValue, CGAffineTransform())
    }

    func testTransformBoxSurvivesAKeyedArchiver() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSValue(caTransform3D: tilted),
                                                    requiringSecureCoding: false)
        let box = try XCTUnwrap(NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NSValue)
        XCTAssertEqual(box.caTransform3DValue, tilted)
    }

    // MARK: Bridging

    func testStructsBridgeToTheirBoxesAndBack() {
        let l = CALayer()
        l.transform = tilted
        l.position = CGPoint(x: 3, y: 4)
        XCTAssertEqual((l.value(forKey: "transform") as? NSValue)?.caTransform3DValue, tilted)
        XCTAssertEqual((l.value(forKey: "position") as? NSValue)?.cgPointValue, CGPoint(x: 3, y: 4))
        XCTAssertEqual((l.value(forKey: "bounds") as? NSValue)?.cgRectValue, l.bounds)
        XCTAssertEqual((l.value(forKeyPath: "bounds.size") as? NSValue)?.cgSizeValue, l.bounds.size)
        l.setValue(0.5, forKeyPath: "transform.rotation.z")
        XCTAssertEqual((l.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0, 0.5, accuracy: 1e-12)
        let affine = CGAffineTransform(translationX: 1, y: 2)
        XCTAssertEqual((affine as NSValue).cgAffineTransformValue, affine)
        XCTAssertEqual((CGVector(dx: 1, dy: 2) as NSValue).cgVectorValue, CGVector(dx: 1, dy: 2))
        let anyBox: Any = NSValue(caTransform3D: tilted)
        XCTAssertEqual(anyBox as? CATransform3D, tilted)
        XCTAssertNil(anyBox as? CGPoint, "a box of another type")
        XCTAssertNil(anyBox as? CGAffineTransform)
        let anyNumber: Any = NSNumber(value: 2.5)
        XCTAssertEqual(anyNumber as? CGFloat, 2.5)
        XCTAssertNil(anyNumber as? CGPoint)
    }

    // MARK: Keyed values

    func testSetValueForKeyUnboxes() {
        let l = CALayer()
        l.setValue(NSValue(caTransform3D: tilted), forKey: "transform")
        XCTAssertEqual(l.transform, tilted)
        l.setValue(NSValue(cgPoint: CGPoint(x: 12, y: 34)), forKey: "position")
        XCTAssertEqual(l.position, CGPoint(x: 12, y: 34))
        l.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 20, height: 30)), forKeyPath: "bounds")
        XCTAssertEqual(l.bounds.size, CGSize(width: 20, height: 30))
        l.setValue(NSValue(cgSize: CGSize(width: 5, height: 6)), forKeyPath: "bounds.size")
        XCTAssertEqual(l.bounds.size, CGSize(width: 5, height: 6))
    }

    func testAWrongBoxIsIgnored() {
        let l = CALayer()
        l.position = CGPoint(x: 1, y: 2)
        l.setValue(NSValue(caTransform3D: tilted), forKey: "position")
        XCTAssertEqual(l.position, CGPoint(x: 1, y: 2))
    }

    func testNumbersAreStillNumbers() {
        let l = CALayer()
        l.setValue(NSNumber(value: 0.25), forKey: "opacity")
        XCTAssertEqual(l.opacity, 0.25)
    }

    // MARK: Animations

    func testBoxedKeyframesAnimateAsUnboxedOnes() {
        let frames = [CATransform3DIdentity, tilted, CATransform3DMakeRotation(2, 0, 0, 1), CATransform3DMakeScale(0.5, 2, 1)]
        let plain = makeLayer(), boxed = makeLayer()
        for (layer, values) in [(plain, frames as [Any]), (boxed, frames.map { NSValue(caTransform3D: $0) } as [Any])] {
            let a = CAKeyframeAnimation(keyPath: "transform")
            a.values = values
            a.keyTimes = [0, 0.2, 0.6, 1]
            a.duration = 2
            add(a, to: layer, key: "spin")
        }
        for t in [0.1, 0.3, 0.9, 1.5, 1.99] {
            CAMediaClock.freeze(at: t0 + t)
            let p = plain.presentation()!.transform, b = boxed.presentation()!.transform
            XCTAssertNotEqual(p, CATransform3DIdentity, "at \(t)")
            XCTAssertEqual(b, p, "at \(t)")
        }
    }

    func testBoxedBasicAnimationValues() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        a.byValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        a.duration = 1
        add(a, to: l, key: "move")
        let b = CABasicAnimation(keyPath: "bounds")
        b.fromValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10))
        b.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50))
        b.duration = 1
        add(b, to: l, key: "grow")
        let c = CABasicAnimation(keyPath: "transform")
        c.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(20, 0, 0))
        c.duration = 1
        add(c, to: l, key: "slide")
        CAMediaClock.freeze(at: t0 + 0.5)
        let p = l.presentation()!
        XCTAssertEqual(p.position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(p.position.y, 20, accuracy: 1e-9)
        XCTAssertEqual(p.bounds.size.width, 20, accuracy: 1e-9)
        XCTAssertEqual(p.bounds.size.height, 30, accuracy: 1e-9)
        XCTAssertEqual(p.transform.m41, 10, accuracy: 1e-9)
    }
}
