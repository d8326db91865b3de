import QuartzCore
import UIKit
import XCTest

/// XCTest on Linux runs test methods on the main thread but cannot discover `@MainActor` test
/// classes, so the class is nonisolated and calls UIKit as synchronous main-thread code.
final class UIViewTests: XCTestCase {
    private var renderer: CARenderer!
    nonisolated(unsafe) private var window: UIView!

    override func setUp() {
        MainActor.assumeIsolated { setUpBody() }
    }

    @MainActor private func setUpBody() {
        CAMediaClock.freeze(at: 500)
        window = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        renderer = CARenderer(context: makeContext())
        renderer.layer = window.layer   // a rendered tree
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func makeContext() -> CGContext {
        CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    func testGeometryIsTheLayers() { MainActor.assumeIsolated { testGeometryIsTheLayersBody() } }

    @MainActor private func testGeometryIsTheLayersBody() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(v.center, CGPoint(x: 60, y: 45))
        XCTAssertEqual(v.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertTrue(v.layer.delegate === v)
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(v.frame.width, 50, accuracy: 1e-9)
        XCTAssertEqual(v.center, CGPoint(x: 60, y: 45))
        v.alpha = 0.5
        XCTAssertEqual(v.layer.opacity, 0.5)
        v.backgroundColor = .red
        XCTAssertEqual(v.layer.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    func testSubviewsMirrorSublayers() { MainActor.assumeIsolated { testSubviewsMirrorSublayersBody() } }

    @MainActor private func testSubviewsMirrorSublayersBody() {
        let a = UIView(), b = UIView(), c = UIView()
        window.addSubview(a)
        window.addSubview(b)
        window.insertSubview(c, belowSubview: b)
        XCTAssertEqual(window.subviews.map(ObjectIdentifier.init), [a, c, b].map(ObjectIdentifier.init))
        XCTAssertEqual(window.layer.sublayers?.map(ObjectIdentifier.init), [a, c, b].map { ObjectIdentifier($0.layer) })
        XCTAssertTrue(c.superview === window)
        XCTAssertTrue(c.next === window)
        c.removeFromSuperview()
        XCTAssertNil(c.superview)
        XCTAssertNil(c.layer.superlayer)
        window.bringSubviewToFront(a)
        XCTAssertTrue(window.subviews.last === a)
    }

    func testViewLayersDoNotAnimateOutsideAnimationBlocks() { MainActor.assumeIsolated { testViewLayersDoNotAnimateOutsideAnimationBlocksBody() } }

    @MainActor private func testViewLayersDoNotAnimateOutsideAnimationBlocksBody() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        CATransaction.flush()
        v.center = CGPoint(x: 100, y: 100)
        CATransaction.flush()
        XCTAssertNil(v.layer.animationKeys())
        XCTAssertTrue(v.action(for: v.layer, forKey: "position") is NSNull)
    }

    func testAnimationBlocksAnimateWithEaseInOutAndComplete() { MainActor.assumeIsolated { testAnimationBlocksAnimateWithEaseInOutAndCompleteBody() } }

    @MainActor private func testAnimationBlocksAnimateWithEaseInOutAndCompleteBody() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        CATransaction.flush()
        var finished: Bool?
        UIView.animate(withDuration: 2, animations: { v.center = CGPoint(x: 105, y: 5) }, completion: { finished = $0 })
        let anim = v.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(anim?.duration, 2)
        XCTAssertEqual(anim?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        XCTAssertEqual(v.center, CGPoint(x: 105, y: 5), "the model changes at once")
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(v.layer.presentation()!.position.x, 55, accuracy: 1e-4, "ease-in-out midpoint")
        XCTAssertNil(finished)
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(finished, true)
    }

    func testPerformWithoutAnimationInsideABlock() { MainActor.assumeIsolated { testPerformWithoutAnimationInsideABlockBody() } }

    @MainActor private func testPerformWithoutAnimationInsideABlockBody() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        CATransaction.flush()
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { v.alpha = 0.2 }
            v.center = CGPoint(x: 50, y: 50)
        }
        XCTAssertNil(v.layer.animation(forKey: "opacity"))
        XCTAssertNotNil(v.layer.animation(forKey: "position"))
    }

    func testHitTestingFollowsUIKitsRules() { MainActor.assumeIsolated { testHitTestingFollowsUIKitsRulesBody() } }

    @MainActor private func testHitTestingFollowsUIKitsRulesBody() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(a)
        window.addSubview(b)
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === b, "later subviews first")
        b.isHidden = true
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === a)
        b.isHidden = false
        b.alpha = 0.01
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === a, "alpha ≤ 0.01 skips")
        b.alpha = 1
        b.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === a)
        XCTAssertNil(window.hitTest(CGPoint(x: 400, y: 10), with: nil))
    }

    func testConvertBetweenViews() { MainActor.assumeIsolated { testConvertBetweenViewsBody() } }

    @MainActor private func testConvertBetweenViewsBody() {
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        window.addSubview(a)
        a.addSubview(b)
        XCTAssertEqual(b.convert(CGPoint.zero, to: window), CGPoint(x: 30, y: 40))
        XCTAssertEqual(window.convert(CGPoint(x: 30, y: 40), to: b), .zero)
        XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil), CGRect(x: 30, y: 40, width: 5, height: 5))
    }

    final class TextView: UIView {
        override class var layerClass: AnyClass { CATextLayer.self }
    }

    final class CustomLayer: CALayer {
        var marker = 7
    }

    final class CustomView: UIView {
        override class var layerClass: AnyClass { CustomLayer.self }
    }

    /// Apple's templates trap in `init?(coder:)`; UIKit makes the layer with `init()`.
    final class TemplateLayer: CALayer {
        var madeWithInit = false
        override init() {
            super.init()
            madeWithInit = true
        }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class TemplateView: UIView {
        override class var layerClass: AnyClass { TemplateLayer.self }
    }

    func testLayerClassGivesTheBackingLayer() { MainActor.assumeIsolated { testLayerClassGivesTheBackingLayerBody() } }

    @MainActor private func testLayerClassGivesTheBackingLayerBody() {
        XCTAssertTrue(TextView().layer is CATextLayer)
        XCTAssertEqual((CustomView().layer as? CustomLayer)?.marker, 7)
        XCTAssertEqual((TemplateView(frame: .zero).layer as? TemplateLayer)?.madeWithInit, true)
    }

    final class Drawn: UIView {
        var drew: CGRect?
        override func draw(_ rect: CGRect) {
            drew = rect
            XCTAssertNotNil(UIGraphicsGetCurrentContext())
        }
    }

    func testDrawIsCalledWithTheBoundsThroughTheLayer() { MainActor.assumeIsolated { testDrawIsCalledWithTheBoundsThroughTheLayerBody() } }

    @MainActor private func testDrawIsCalledWithTheBoundsThroughTheLayerBody() {
        let v = Drawn(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        v.setNeedsDisplay()
        v.layer.displayIfNeeded()
        XCTAssertEqual(v.drew, CGRect(x: 0, y: 0, width: 20, height: 10))
    }
}
