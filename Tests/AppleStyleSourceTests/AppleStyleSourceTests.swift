import QuartzCore
import UIKit
import XCTest

/// Runs the Apple-style code of this target. The test methods are nonisolated and call views
/// directly, as Swift 5 test code for Apple platforms does (UIKit's isolation is `@preconcurrency`);
/// XCTest runs them on the main thread.
final class AppleStyleSourceTests: XCTestCase {
    private var renderer: CARenderer!
    private var window: UIView!
    private let t0: CFTimeInterval = 500

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                                 space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                     | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = window.layer
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func at(_ seconds: CFTimeInterval) {
        CAMediaClock.freeze(at: t0 + seconds)
    }

    private func makeSpinner() -> SpinnerView {
        let spinner = SpinnerView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(spinner)
        spinner.layoutIfNeeded()
        CATransaction.flush()
        return spinner
    }

    func testSetupAndLayout() {
        let spinner = makeSpinner()
        XCTAssertEqual(spinner.layer.sublayers?.count, 2)
        XCTAssertTrue(spinner.gradientLayer.mask === spinner.ringLayer)
        XCTAssertEqual(spinner.ringLayer.frame, spinner.bounds)
        XCTAssertEqual(spinner.ringLayer.path?.boundingBox, CGRect(x: 4, y: 4, width: 92, height: 92))
        XCTAssertEqual(spinner.dotLayer.frame, CGRect(x: 47, y: 0, width: 6, height: 6))
        // A colour literal's components are Floats, as on Apple platforms.
        XCTAssertEqual(spinner.ringLayer.strokeColor,
                       UIColor(red: CGFloat(Float(0.2)), green: CGFloat(Float(0.4)), blue: 1, alpha: 1).cgColor)
        XCTAssertEqual(spinner.gradientLayer.colors?.count, 2)
    }

    func testBoxedKeyframesSpinForever() {
        let spinner = makeSpinner()
        spinner.startAnimating()
        CATransaction.flush()
        let spin = spinner.gradientLayer.animation(forKey: "spin")
        XCTAssertEqual(spin?.repeatCount, .greatestFiniteMagnitude, "HUGE")
        at(0.25)
        XCTAssertEqual(spinner.gradientLayer.presentation()!.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0,
                       .pi / 2, accuracy: 1e-9)
        at(1000.25)   // a thousand turns later, still spinning
        let t = spinner.gradientLayer.presentation()!.transform
        XCTAssertEqual(t.m11, 0, accuracy: 1e-6, "cos(π/2)")
        XCTAssertEqual(t.m12, 1, accuracy: 1e-6, "sin(π/2)")
        XCTAssertEqual(spinner.gradientLayer.transform, CATransform3DIdentity, "the model is untouched")
    }

    func testPulseAutoreversesAndDelegateHearsTheStrokeAnimation() {
        let spinner = makeSpinner()
        spinner.startAnimating()
        CATransaction.flush()
        at(0.25)
        XCTAssertEqual(spinner.dotLayer.presentation()!.opacity, 0.625, accuracy: 1e-4)
        XCTAssertEqual(Double(spinner.ringLayer.presentation()!.strokeEnd), 0.75 * 0.25 / 0.4, accuracy: 1e-6)
        XCTAssertEqual(spinner.startedAnimations, 1)
        at(0.75)   // on the way back
        XCTAssertEqual(spinner.dotLayer.presentation()!.opacity, 0.625, accuracy: 1e-4)
        CATransaction.flush()
        XCTAssertEqual(spinner.stoppedAnimations, ["finished"])
    }

    func testStoppingRunsTheTransactionCompletionBlock() {
        let spinner = makeSpinner()
        spinner.startAnimating()
        CATransaction.flush()
        at(0.1)
        spinner.stopAnimating()
        XCTAssertNil(spinner.gradientLayer.animation(forKey: "spin"))
        XCTAssertNil(spinner.dotLayer.animation(forKey: "pulse"))
        XCTAssertEqual(spinner.stoppedAnimations, ["transaction"], "no animation of the transaction was left to wait for")
    }

    func testBlockAnimationsWithTrailingClosure() {
        let spinner = makeSpinner()
        var finished: Bool?
        spinner.fadeOut { finished = $0 }
        XCTAssertEqual(spinner.alpha, 0)
        at(0.125)
        XCTAssertEqual(spinner.layer.presentation()!.opacity, 0.5, accuracy: 0.01, "ease-in-out midpoint")
        XCTAssertEqual(spinner.layer.presentation()!.transform.m11, 0.75, accuracy: 0.01)
        XCTAssertNil(finished)
        at(0.3)
        CATransaction.flush()
        XCTAssertEqual(finished, true)
    }

    func testScrubbingAPropertyAnimator() {
        let spinner = makeSpinner()
        spinner.scrubReveal(to: 0.25)
        XCTAssertEqual(spinner.layer.presentation()!.transform.m42, -10, accuracy: 1e-6)
        spinner.revealAnimator.startAnimation()
        at(0.6)
        CATransaction.flush()
        XCTAssertEqual(spinner.stoppedAnimations, ["revealed"])
        XCTAssertEqual(spinner.layer.presentation()!.transform.m42, -40)
    }

    func testALayerDelegateThatIsNotAView() {
        let drawer = BadgeDrawer()
        let badge = CALayer()
        badge.delegate = drawer
        badge.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        window.layer.addSublayer(badge)
        badge.setNeedsDisplay()
        badge.displayIfNeeded()
        XCTAssertEqual(drawer.drawCount, 1)
        CATransaction.flush()
        badge.position = CGPoint(x: 50, y: 50)
        badge.opacity = 0.5
        XCTAssertNil(badge.animation(forKey: "position"), "the delegate's NSNull")
        XCTAssertNotNil(badge.animation(forKey: "opacity"), "the default action")
    }

    func testAnAnimationDelegateThatIsNotAView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        CATransaction.flush()
        let coordinator = FadeCoordinator(view: view)
        coordinator.fade()
        CATransaction.flush()
        XCTAssertFalse(view.isHidden)
        at(0.3)
        CATransaction.flush()
        XCTAssertTrue(view.isHidden)
    }

    func testShowcaseView() {
        let view = ShapeBackedView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(view)
        XCTAssertTrue(view.layer is CAShapeLayer)
        XCTAssertEqual(view.shapeLayer.lineDashPattern, [4, 2])
        XCTAssertEqual((view.layer.sublayers?.first as? CAGradientLayer)?.locations, [0, 0.5, 1])
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        XCTAssertNotNil(view.layer.contents, "draw(_:) drew")
        CATransaction.flush()
        view.animateThings()
        XCTAssertEqual(view.layer.speed, 0, "paused")
        XCTAssertEqual(view.layer.sublayerTransform.m34, -cos(.pi / 4) / 500, accuracy: 1e-12)
        XCTAssertNotNil(view.textLayer.animation(forKey: kCATransition))
        let group = view.layer.animation(forKey: "nudge") as? CAAnimationGroup
        XCTAssertEqual(group?.animations?.count, 2)
        XCTAssertEqual(group?.fillMode, .forwards)
    }
}

/// The loader (LoaderView.swift): behaviours Apple's frameworks have that such code relies on.
final class LoaderSourceTests: XCTestCase {
    func testTheLoaderIsBuiltAsOnApplePlatforms() {
        let loader = LoaderView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        XCTAssertTrue(loader.layer is ProgressRingLayer, "made with init(), not init(coder:)")
        let track = loader.trackLayer.path?.boundingBox ?? .null
        XCTAssertEqual(track.minX, 4, accuracy: 1e-9, "a full counter-clockwise turn is the whole circle")
        XCTAssertEqual(track.width, 72, accuracy: 1e-9)
        XCTAssertEqual(track.height, 72, accuracy: 1e-9)
        XCTAssertEqual(loader.dots.map { $0.transform.m41 }, [10, 30, 50])
        XCTAssertEqual(loader.dots[1].transform.m42, 30)
        loader.layer.setValue(4, forKey: "unused")
        CATransaction.flush()
        XCTAssertEqual((loader.layer.presentation() as? ProgressRingLayer)?.ringWidth, 6,
                       "the presentation layer is copied with init(layer:)")
    }

    func testThePlainViewTargetAndTheTimerTargetAreCalled() {
        let loader = LoaderView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        loader.startTicking()
        loader.timer?.fire()
        loader.timer?.invalidate()
        XCTAssertEqual(loader.ticks, 1)
        XCTAssertEqual(loader.gestureRecognizers?.count, 1)
    }
}

/// The badge (TextBadgeView.swift): string drawing with a paragraph style and a Core Text line.
final class TextBadgeSourceTests: XCTestCase {
    func testTheBadgeDrawsItsTitleAndCaption() {
        let badge = TextBadgeView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        badge.backgroundColor = .blue
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: badge.bounds.size, format: format).image { context in
            badge.layer.render(in: context.cgContext)
        }
        XCTAssertGreaterThan(badge.titleHeight, 30, "the title wraps to two lines or more")
        guard let cg = image.cgImage else { return XCTFail("no image") }
        var white = 0, black = 0
        for y in 0..<cg.height {
            for x in 0..<cg.width {
                let p = cg.pixel(x: x, y: y)
                if p.r > 220, p.g > 220, p.b > 220 { white += 1 }
                if p.r < 40, p.g < 40, p.b < 40 { black += 1 }
            }
        }
        XCTAssertGreaterThan(white, 100, "the title's white glyphs")
        XCTAssertGreaterThan(black, 10, "the caption's black glyphs")
    }
}

/// The transitions (TransitionsSample.swift): a custom presentation and a navigation push with the
/// delegate's animator.
final class TransitionsSampleSourceTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheCardAndTheListUseTheirAnimators() {
        CAMediaClock.freeze(at: 100)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let list = ListViewController()
        let navigation = UINavigationController(rootViewController: list)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        CATransaction.flush()
        XCTAssertTrue(navigation.delegate === list)
        XCTAssertEqual(navigation.navigationBar.topItem?.title, "List")
        list.addTapped()
        XCTAssertEqual(navigation.viewControllers.count, 2)
        XCTAssertEqual(navigation.topViewController?.title, "Detail")

        let card = CardViewController()
        XCTAssertTrue(card.transitioningDelegate === card)
        XCTAssertEqual(card.modalPresentationStyle, .custom)
        window.isHidden = true
    }
}

final class LayerDelegateOverrideSourceTests: XCTestCase {
    func testAViewOverridesItsLayerDelegateMethods() {
        let view = LayerDrawnView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.displayIfNeeded()
        XCTAssertTrue(view.drewLayer)
        XCTAssertTrue(view.action(for: view.layer, forKey: "opacity") is CABasicAnimation)
        XCTAssertTrue(view.action(for: view.layer, forKey: "position") is NSNull)
    }
}
