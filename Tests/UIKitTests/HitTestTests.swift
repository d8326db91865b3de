import QuartzCore
@testable import UIKit
import XCTest

/// Hit testing with UIKit's rules, evaluated by the window on the presentation geometry.
final class HitTestTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testUIKitRulesSkipHiddenTransparentAndDisabledViewsAndPreferLaterSiblings() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        back.layer.zPosition = 100   // visually in front, but sibling order decides
        CATransaction.flush()
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === front)
        front.isHidden = true
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.01
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        XCTAssertTrue(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window)
        XCTAssertNil(window.hitTest(CGPoint(x: 350, y: 50), with: nil))
        _ = renderer
    } }

    func testARotatedViewIsHitWhereItIsDrawn() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let bar = RecordingView(frame: CGRect(x: 100, y: 140, width: 100, height: 20))
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)   // now a vertical bar x 140...160, y 100...200
        window.addSubview(bar)
        CATransaction.flush()
        window.tap(150, 110, at: 1)
        window.tap(110, 150, at: 2)
        XCTAssertEqual(bar.log, ["began", "ended"])
        XCTAssertEqual(bar.locations[0].x, 10, accuracy: 1e-6)   // 40 pt above the centre: x 10 of the bar
        XCTAssertEqual(bar.locations[0].y, 10, accuracy: 1e-6)
        _ = renderer
    } }

    func testAPerspectiveTransformedViewIsHitInsideItsProjection() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let stage = UIView(frame: window.bounds)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.layer.sublayerTransform = perspective
        let card = RecordingView(frame: CGRect(x: 50, y: 100, width: 200, height: 100))
        card.layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)   // turned 60° about y
        window.addSubview(stage)
        stage.addSubview(card)
        CATransaction.flush()
        window.tap(150, 150, at: 1)   // the centre stays put
        window.tap(240, 150, at: 2)   // inside the flat frame, outside the turned card
        XCTAssertEqual(card.log, ["began", "ended"])
        XCTAssertEqual(card.locations[0].x, 100, accuracy: 1e-6)
        XCTAssertEqual(card.locations[0].y, 50, accuracy: 1e-6)
        // A point on the card's right half is found through the projection: convert it out and back.
        let onCard = card.layer.convert(CGPoint(x: 180, y: 20), to: window.layer)
        XCTAssertTrue(window.hitTest(onCard, with: nil) === card)
        XCTAssertLessThan(onCard.x, 240)
        _ = renderer
    } }

    func testAViewMovingUnderAnAnimationIsHitWhereItAppears() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let ball = RecordingView(frame: CGRect(x: 0, y: 125, width: 50, height: 50))   // centre (25, 150)
        window.addSubview(ball)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 25, y: 150)
        move.toValue = CGPoint(x: 275, y: 150)
        move.duration = 1
        ball.layer.add(move, forKey: "move")
        ball.center = CGPoint(x: 275, y: 150)   // the model is at the end already
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)   // on screen: centre (150, 150)
        let t = CACurrentMediaTime()
        window.tap(150, 150, at: t)   // where it is drawn: caught
        XCTAssertEqual(ball.log, ["began", "ended"])
        XCTAssertEqual(ball.locations[0].x, 25, accuracy: 1e-6)
        window.tap(275, 150, at: t + 1)   // where the model is: nothing there on screen
        XCTAssertEqual(ball.log, ["began", "ended"])

        window.hitTestsPresentation = false   // UIKit's model-tree hit testing
        window.tap(150, 150, at: t + 2)
        XCTAssertEqual(ball.log, ["began", "ended"])
        window.tap(275, 150, at: t + 3)
        XCTAssertEqual(ball.log, ["began", "ended", "began", "ended"])
        _ = renderer
    } }

    func testDirectHitTestCallsUseTheModel() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(v)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 225, y: 225)
        move.toValue = CGPoint(x: 225, y: 225)
        move.duration = 10
        v.layer.add(move, forKey: "move")
        CATransaction.flush()
        XCTAssertTrue(window.hitTest(CGPoint(x: 25, y: 25), with: nil) === v)
        XCTAssertTrue(window.hitTest(CGPoint(x: 225, y: 225), with: nil) === window)
        _ = renderer
    } }

    func testAStillTreeIsHitTestedOnItsModelWithoutPresentationCopies() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(v)
        CATransaction.flush()
        // Committed and still: the presentation is the model, and no copies are made for an event.
        XCTAssertTrue(window.layer.presentationIsModel)
        XCTAssertFalse(HitTestGeometry(window: window).usesPresentation)
        window.tap(25, 25, at: CACurrentMediaTime())
        XCTAssertEqual(v.log, ["began", "ended"])

        // A change not committed yet: what is on screen is the commit before, so copies are used.
        v.frame.origin = CGPoint(x: 200, y: 200)
        XCTAssertFalse(window.layer.presentationIsModel)
        XCTAssertTrue(HitTestGeometry(window: window).usesPresentation)
        CATransaction.flush()
        XCTAssertTrue(window.layer.presentationIsModel, "the move was not animated: a view's layer has no implicit actions")

        // An animation anywhere in the tree: copies again, until it is gone.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        v.layer.add(fade, forKey: "fade")
        CATransaction.flush()
        XCTAssertFalse(window.layer.presentationIsModel)
        XCTAssertTrue(HitTestGeometry(window: window).usesPresentation)
        v.layer.removeAllAnimations()
        CATransaction.flush()
        XCTAssertTrue(window.layer.presentationIsModel)
        _ = renderer
    } }
}
