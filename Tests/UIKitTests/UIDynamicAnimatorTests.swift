import CoreGraphics
import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// Counts an animator's pauses and resumes.
@MainActor
private final class PauseCounter: NSObject, UIDynamicAnimatorDelegate {
    var pauses = 0, resumes = 0
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { pauses += 1 }
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumes += 1 }
}

/// Records a collision behavior's boundary contacts.
@MainActor
private final class ContactRecorder: NSObject, UICollisionBehaviorDelegate {
    var began: [(String?, CGPoint)] = [], ended: [String?] = []
    var itemContacts = 0
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
        began.append(((identifier as? NSString).map { String($0) }, p))
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?) {
        ended.append((identifier as? NSString).map { String($0) })
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint) {
        itemContacts += 1
    }
}

/// A dynamic item that is not a view, with a chosen collision shape.
@MainActor
private final class Token: NSObject, UIDynamicItem {
    var center = CGPoint.zero
    var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    var transform = CGAffineTransform.identity
    let collisionBoundsType: UIDynamicItemCollisionBoundsType
    let collisionBoundingPath: UIBezierPath

    init(_ type: UIDynamicItemCollisionBoundsType, path: UIBezierPath = UIBezierPath()) {
        collisionBoundsType = type
        collisionBoundingPath = path
    }
}

/// UIKit Dynamics on Chipmunk: gravity, collisions, snap, item properties, push, attachments, and
/// the animator pausing when everything rests. Stepped with `step(by:)`, not the display link.
final class UIDynamicAnimatorTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    @MainActor
    private func scene(width: CGFloat = 400, height: CGFloat = 400, square center: CGPoint) -> (UIView, UIView) {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        square.center = center
        reference.addSubview(square)
        return (reference, square)
    }

    func testGravityFallsHalfGTSquared() { MainActor.assumeIsolated {
        let (reference, square) = scene(height: 2000, square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let gravity = UIGravityBehavior(items: [square])
        XCTAssertEqual(gravity.gravityDirection, CGVector(dx: 0, dy: 1))
        XCTAssertEqual(gravity.magnitude, 1)
        XCTAssertEqual(gravity.angle, .pi / 2, accuracy: 1e-12)
        XCTAssertFalse(animator.isRunning)
        animator.addBehavior(gravity)
        XCTAssertTrue(animator.isRunning)
        XCTAssertNotNil(animator.displayLink)
        animator.step(by: 0.5)
        // s = ½·1000·0.5² = 125 points (Chipmunk moves with the previous step's velocity: 2 points less).
        XCTAssertEqual(square.center.y - 100, 125, accuracy: 4)
        XCTAssertEqual(square.center.x, 200, accuracy: 1e-9)
        XCTAssertEqual(animator.elapsedTime, 0.5, accuracy: 1e-9)
        XCTAssertTrue(animator.isRunning, "still falling")

        // Sideways at magnitude 2: x gains ½·2000·t².
        gravity.setAngle(0, magnitude: 2)
        XCTAssertEqual(gravity.gravityDirection.dx, 2, accuracy: 1e-12)
        XCTAssertEqual(gravity.gravityDirection.dy, 0, accuracy: 1e-12)
        let x0 = square.center.x
        animator.step(by: 0.25)
        XCTAssertEqual(square.center.x - x0, 62.5, accuracy: 3)
    } }

    func testReferenceBoundsStopTheItemAtTheBottomEdge() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let counter = PauseCounter()
        animator.delegate = counter
        let collision = UICollisionBehavior(items: [square])
        XCTAssertEqual(collision.collisionMode, .everything)
        XCTAssertFalse(collision.translatesReferenceBoundsIntoBoundary)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.addBehavior(collision)
        XCTAssertEqual(counter.resumes, 1, "resumed once, when the first behavior came")
        animator.step(by: 3)
        XCTAssertEqual(square.center.y, 350, accuracy: 1, "the square's bottom edge on the reference bounds' bottom")
        XCTAssertEqual(square.center.x, 200, accuracy: 0.5)
        XCTAssertEqual(atan2(square.transform.b, square.transform.a), 0, accuracy: 1e-3)
        XCTAssertFalse(animator.isRunning, "resting on the floor: paused")
        XCTAssertNil(animator.displayLink, "nothing runs while nothing moves")
        XCTAssertEqual(counter.pauses, 1)
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 390, width: 400, height: 10)).count, 1)
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 0, width: 400, height: 200)).count, 0)
    } }

    func testSnapSettlesAtThePointUpright() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 50, y: 50))
        square.transform = CGAffineTransform(rotationAngle: 0.6)
        let animator = UIDynamicAnimator(referenceView: reference)
        let counter = PauseCounter()
        animator.delegate = counter
        let snap = UISnapBehavior(item: square, snapTo: CGPoint(x: 300, y: 200))
        XCTAssertEqual(snap.damping, 0.5)
        var farthest: CGFloat = 0
        snap.action = { farthest = max(farthest, square.center.x) }
        animator.addBehavior(snap)
        animator.step(by: 0.3)
        XCTAssertGreaterThan(square.center.x, 150, "on its way")
        animator.step(by: 4)
        XCTAssertEqual(square.center.x, 300, accuracy: 0.5)
        XCTAssertEqual(square.center.y, 200, accuracy: 0.5)
        XCTAssertEqual(atan2(square.transform.b, square.transform.a), 0, accuracy: 0.01)
        XCTAssertGreaterThan(farthest, 300.5, "a spring: it overshoots a little")
        XCTAssertLessThan(farthest, 320)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(counter.pauses, 1)

        // Moving the snap point resumes the animator, which takes the square there.
        snap.snapPoint = CGPoint(x: 100, y: 300)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(counter.resumes, 2)
        animator.step(by: 4)
        XCTAssertEqual(square.center.x, 100, accuracy: 0.5)
        XCTAssertEqual(square.center.y, 300, accuracy: 0.5)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(counter.pauses, 2)
    } }

    /// The highest speed upwards the square reaches, after falling 250 points onto the floor.
    @MainActor
    private func reboundSpeed(elasticity: CGFloat) -> CGFloat {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = UIDynamicItemBehavior(items: [square])
        XCTAssertEqual(properties.elasticity, 0)
        properties.elasticity = elasticity
        var upwards: CGFloat = 0
        properties.action = { upwards = max(upwards, -properties.linearVelocity(for: square).y) }
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.addBehavior(collision)
        animator.addBehavior(properties)
        animator.step(by: 1.5)
        return upwards
    }

    func testElasticityMakesItBounce() { MainActor.assumeIsolated {
        // It hits the floor at √(2·1000·250) ≈ 707 points/s.
        let bouncy = reboundSpeed(elasticity: 0.8)
        XCTAssertEqual(bouncy, 0.8 * 707, accuracy: 60)
        XCTAssertLessThan(reboundSpeed(elasticity: 0), 30, "elasticity 0: no bounce")
    } }

    func testPushChangesTheVelocityInItsDirection() { MainActor.assumeIsolated {
        let (reference, square) = scene(width: 5000, square: CGPoint(x: 200, y: 200))
        let heavy = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        heavy.center = CGPoint(x: 200, y: 350)
        reference.addSubview(heavy)
        let animator = UIDynamicAnimator(referenceView: reference)
        let properties = UIDynamicItemBehavior(items: [square, heavy])
        animator.addBehavior(properties)
        let heavier = UIDynamicItemBehavior(items: [heavy])
        heavier.density = 2
        animator.addBehavior(heavier)

        let instant = UIPushBehavior(items: [square], mode: .instantaneous)
        XCTAssertEqual(instant.magnitude, 0)
        XCTAssertTrue(instant.active)
        instant.pushDirection = CGVector(dx: 0, dy: -1)
        XCTAssertEqual(instant.angle, -.pi / 2, accuracy: 1e-12)
        animator.addBehavior(instant)
        animator.step(by: 1.0 / 120)
        XCTAssertEqual(properties.linearVelocity(for: square).y, -100, accuracy: 1e-6, "magnitude 1: 100 points/s on a 100×100 item")
        XCTAssertEqual(properties.linearVelocity(for: square).x, 0, accuracy: 1e-9)
        XCTAssertFalse(instant.active, "an instantaneous push turns itself off")
        animator.step(by: 0.5)
        XCTAssertEqual(properties.linearVelocity(for: square).y, -100, accuracy: 1e-6, "given once")
        animator.removeBehavior(instant)

        let steady = UIPushBehavior(items: [square, heavy], mode: .continuous)
        steady.setAngle(0, magnitude: 1)
        animator.addBehavior(steady)
        animator.step(by: 1)
        XCTAssertEqual(properties.linearVelocity(for: square).x, 100, accuracy: 1, "100 points/s² for 1 s")
        XCTAssertEqual(properties.linearVelocity(for: heavy).x, 50, accuracy: 0.5, "twice the mass, half the speed")
        steady.active = false
        animator.step(by: 1)
        XCTAssertEqual(properties.linearVelocity(for: square).x, 100, accuracy: 1, "inactive: no more force")

        properties.addLinearVelocity(CGPoint(x: -100, y: 100), for: square)
        XCTAssertEqual(properties.linearVelocity(for: square).x, 0, accuracy: 1)
        XCTAssertEqual(properties.linearVelocity(for: square).y, 0, accuracy: 1e-6)
        properties.addAngularVelocity(2, for: square)
        XCTAssertEqual(properties.angularVelocity(for: square), 2, accuracy: 1e-9)
        animator.step(by: 0.5)
        XCTAssertEqual(atan2(square.transform.b, square.transform.a), 1, accuracy: 0.02, "2 rad/s for 0.5 s")
    } }

    func testPausesWhenAtRestAndResumesWhenABehaviorIsAdded() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 200))
        let animator = UIDynamicAnimator(referenceView: reference)
        let counter = PauseCounter()
        animator.delegate = counter
        animator.addBehavior(UISnapBehavior(item: square, snapTo: CGPoint(x: 200, y: 200)))
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(counter.resumes, 1)
        animator.step(by: 1)
        XCTAssertFalse(animator.isRunning, "already at the point: at rest")
        XCTAssertEqual(counter.pauses, 1)
        let paused = animator.elapsedTime
        XCTAssertEqual(paused, 0.2, accuracy: 0.02, "paused after 0.2 s of rest")
        animator.step(by: 1)
        XCTAssertEqual(animator.elapsedTime, paused, "nothing steps while paused")

        let gravity = UIGravityBehavior(items: [square])
        animator.addBehavior(gravity)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(counter.resumes, 2)
        animator.step(by: 0.5)
        XCTAssertGreaterThan(square.center.y, 200.5, "gravity pulls it below the snap point")
        animator.removeAllBehaviors()
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(counter.pauses, 2)
        XCTAssertTrue(animator.behaviors.isEmpty)
        XCTAssertNil(gravity.dynamicAnimator)
    } }

    func testBoundariesAndTheirContacts() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [square])
        XCTAssertNil(collision.boundaryIdentifiers)
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        collision.addBoundary(withIdentifier: "shelf" as NSString, for: UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertEqual(collision.boundaryIdentifiers?.count, 2)
        XCTAssertNotNil(collision.boundary(withIdentifier: "shelf" as NSString))
        collision.removeBoundary(withIdentifier: "shelf" as NSString)
        collision.removeBoundary(withIdentifier: "shelf" as NSString)
        XCTAssertEqual(collision.boundaryIdentifiers?.count, 1)
        let recorder = ContactRecorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.step(by: 2)
        XCTAssertEqual(square.center.y, 250, accuracy: 1, "resting on the floor segment")
        XCTAssertEqual(recorder.began.first?.0, "floor")
        XCTAssertEqual(recorder.began.first?.1.y ?? 0, 300, accuracy: 1)
        XCTAssertFalse(animator.isRunning)

        collision.removeAllBoundaries()
        XCTAssertNil(collision.boundaryIdentifiers)
        XCTAssertTrue(animator.isRunning)
        animator.step(by: 0.5)
        XCTAssertGreaterThan(square.center.y, 300, "no floor any more")
    } }

    func testItemsCollideWithEachOther() { MainActor.assumeIsolated {
        let (reference, bottom) = scene(square: CGPoint(x: 200, y: 350))
        let top = UIView(frame: CGRect(x: 150, y: 0, width: 100, height: 100))
        reference.addSubview(top)
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [bottom, top])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = ContactRecorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [top, bottom]))
        animator.step(by: 3)
        XCTAssertEqual(bottom.center.y, 350, accuracy: 1)
        XCTAssertEqual(top.center.y, 250, accuracy: 1.5, "stacked on the other")
        XCTAssertGreaterThan(recorder.itemContacts, 0)

        // In boundaries mode they pass through each other.
        collision.collisionMode = .boundaries
        top.center = CGPoint(x: 200, y: 50)
        animator.updateItem(usingCurrentState: top)
        animator.step(by: 3)
        XCTAssertEqual(top.center.y, 350, accuracy: 1)
    } }

    func testAttachmentKeepsItsLength() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 300, y: 200))
        let animator = UIDynamicAnimator(referenceView: reference)
        let rope = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 200, y: 200))
        XCTAssertEqual(rope.length, 100)
        XCTAssertEqual(rope.attachedBehaviorType, .anchor)
        XCTAssertEqual(rope.frequency, 0)
        animator.addBehavior(rope)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        var lowest: CGFloat = 0
        rope.action = { lowest = max(lowest, square.center.y) }
        animator.step(by: 1)
        XCTAssertEqual(hypot(square.center.x - 200, square.center.y - 200), 100, accuracy: 1.5, "a rigid rod swings")
        XCTAssertEqual(lowest, 300, accuracy: 2, "down to the bottom of the circle")

        let spring = UIAttachmentBehavior(item: square, attachedTo: UIView(frame: .zero))
        XCTAssertEqual(spring.items.count, 2)
        XCTAssertEqual(spring.attachedBehaviorType, .items)
    } }

    func testASpringAttachmentSagsByGravityOverOmegaSquared() { MainActor.assumeIsolated {
        // Straight below the anchor, so that it moves only along the spring (which damps only along its line).
        let (reference, square) = scene(square: CGPoint(x: 200, y: 250))
        let animator = UIDynamicAnimator(referenceView: reference)
        let spring = UIAttachmentBehavior(item: square, attachedToAnchor: CGPoint(x: 200, y: 100))
        XCTAssertEqual(spring.length, 150)
        spring.length = 0
        spring.frequency = 2
        spring.damping = 1
        spring.frequency = -1
        XCTAssertEqual(spring.frequency, 2, "negative frequencies are ignored")
        let properties = UIDynamicItemBehavior(items: [square])
        properties.allowsRotation = false
        animator.addBehavior(spring)
        animator.addBehavior(properties)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.step(by: 5)
        // At rest the spring holds 1000 points/s² at a stretch of g / (2π·2 Hz)² ≈ 6.3 points.
        let omega = 2 * CGFloat.pi * 2
        XCTAssertEqual(square.center.x, 200, accuracy: 0.5)
        XCTAssertEqual(square.center.y, 100 + 1000 / (omega * omega), accuracy: 0.5)
        XCTAssertFalse(animator.isRunning)

        // Moving the anchor resumes the animator and the item follows.
        spring.anchorPoint = CGPoint(x: 200, y: 50)
        XCTAssertTrue(animator.isRunning)
        animator.step(by: 5)
        XCTAssertEqual(square.center.y, 50 + 1000 / (omega * omega), accuracy: 0.5)
    } }

    func testItemContactsBeginAndEnd() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = ContactRecorder()
        collision.collisionDelegate = recorder
        let bouncy = UIDynamicItemBehavior(items: [square])
        bouncy.elasticity = 1
        animator.addBehavior(collision)
        animator.addBehavior(bouncy)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.step(by: 1)
        XCTAssertEqual(recorder.began.count, 1, "one bounce on the floor in the first second")
        XCTAssertNil(recorder.began.first?.0, "the reference bounds have no identifier")
        XCTAssertEqual(recorder.began.first?.1.y ?? 0, 400, accuracy: 1)
        XCTAssertEqual(recorder.ended.count, 1, "and it left the floor again")
    } }

    func testTheDisplayLinkStepsTwiceAFrameAndStopsAtRest() { MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 900)
        defer { CAMediaClock.unfreeze() }
        let (reference, square) = scene(square: CGPoint(x: 200, y: 100))
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.addBehavior(collision)
        let source = NSObject()
        func runFrames(_ count: Int) {
            let interval = 1.0 / 60
            for _ in 0..<count {
                CAMediaClock.advance(by: interval)
                let now = CACurrentMediaTime()
                DisplayLinkClock.shared.frameDidBegin(from: source, timestamp: now, targetTimestamp: now + interval, duration: interval)
                RunLoop.main.run(until: Date())
            }
        }
        runFrames(31)
        // The first frame only starts the clock; each later one runs two 1/120 s steps.
        XCTAssertEqual(animator.elapsedTime, 0.5, accuracy: 1e-9)
        XCTAssertEqual(square.center.y - 100, 125, accuracy: 4)
        runFrames(240)
        XCTAssertEqual(square.center.y, 350, accuracy: 1)
        XCTAssertFalse(animator.isRunning)
        XCTAssertNil(animator.displayLink)
        let elapsed = animator.elapsedTime
        runFrames(10)
        XCTAssertEqual(animator.elapsedTime, elapsed, "paused: no more steps")
    } }

    func testAViewSubclassChoosesItsCollisionShape() { MainActor.assumeIsolated {
        final class BallView: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
        }
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let ball = BallView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        reference.addSubview(ball)
        let animator = UIDynamicAnimator(referenceView: reference)
        let properties = UIDynamicItemBehavior(items: [ball])
        animator.addBehavior(properties)
        let push = UIPushBehavior(items: [ball], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        animator.addBehavior(push)
        animator.step(by: 1.0 / 120)
        // A circle's mass, π/4, not the square's 1.
        XCTAssertEqual(properties.linearVelocity(for: ball).y, 100 / (.pi / 4), accuracy: 1e-6)
    } }

    func testEllipseAndPathItemsHaveTheirShapesAndMasses() { MainActor.assumeIsolated {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        XCTAssertEqual(UIView().collisionBoundsType, .rectangle)
        let ball = Token(.ellipse)
        ball.center = CGPoint(x: 100, y: 100)
        let triangle = UIBezierPath()
        triangle.move(to: CGPoint(x: -50, y: 50))
        triangle.addLine(to: CGPoint(x: 50, y: 50))
        triangle.addLine(to: CGPoint(x: 0, y: -50))
        triangle.close()
        let wedge = Token(.path, path: triangle)
        wedge.center = CGPoint(x: 300, y: 100)
        let animator = UIDynamicAnimator(referenceView: reference)
        let properties = UIDynamicItemBehavior(items: [ball, wedge])
        animator.addBehavior(properties)
        let push = UIPushBehavior(items: [ball, wedge], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: 1)
        animator.addBehavior(push)
        animator.step(by: 1.0 / 120)
        // Mass is density × area / 10 000: π/4 for the 100-point circle, 0.5 for the triangle.
        XCTAssertEqual(properties.linearVelocity(for: ball).y, 100 / (.pi / 4), accuracy: 1e-6)
        XCTAssertEqual(properties.linearVelocity(for: wedge).y, 200, accuracy: 1e-6)

        let collision = UICollisionBehavior(items: [ball, wedge])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [ball, wedge]))
        animator.step(by: 3)
        XCTAssertEqual(ball.center.y, 350, accuracy: 1)
        XCTAssertEqual(wedge.center.y, 350, accuracy: 1, "the triangle's base on the floor")
        XCTAssertFalse(animator.isRunning)
    } }

    func testATiltedSquareLandsOnACornerAndFallsFlat() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 150))
        square.transform = CGAffineTransform(rotationAngle: 0.4)
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        let rough = UIDynamicItemBehavior(items: [square])
        rough.friction = 0.5
        var turned = false
        rough.action = { if abs(rough.angularVelocity(for: square)) > 0.5 { turned = true } }
        animator.addBehavior(collision)
        animator.addBehavior(rough)
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.step(by: 4)
        XCTAssertTrue(turned, "the corner's contact turned it")
        let angle = atan2(square.transform.b, square.transform.a)
        XCTAssertEqual(remainder(angle, .pi / 2), 0, accuracy: 0.01, "flat on a side")
        XCTAssertEqual(square.center.y, 350, accuracy: 1)
        XCTAssertFalse(animator.isRunning)
    } }

    func testAnAnchoredItemIsAnObstacleThatStays() { MainActor.assumeIsolated {
        let (reference, falling) = scene(square: CGPoint(x: 200, y: 50))
        let ledge = UIView(frame: CGRect(x: 150, y: 200, width: 100, height: 100))
        reference.addSubview(ledge)
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [falling, ledge])
        let anchored = UIDynamicItemBehavior(items: [ledge])
        anchored.isAnchored = true
        animator.addBehavior(collision)
        animator.addBehavior(anchored)
        animator.addBehavior(UIGravityBehavior(items: [falling, ledge]))
        animator.step(by: 2)
        XCTAssertEqual(ledge.center, CGPoint(x: 200, y: 250), "anchored: gravity does not move it")
        XCTAssertEqual(falling.center.y, 150, accuracy: 1, "resting on the anchored item")
        XCTAssertFalse(animator.isRunning)

        anchored.isAnchored = false
        XCTAssertTrue(animator.isRunning)
        animator.step(by: 0.5)
        XCTAssertGreaterThan(ledge.center.y, 300, "let go, it falls")
    } }

    func testBadInputDoesNotCrash() { MainActor.assumeIsolated {
        let (reference, square) = scene(square: CGPoint(x: 200, y: 200))
        let animator = UIDynamicAnimator(referenceView: reference)
        animator.step(by: 1)
        animator.step(by: .nan)
        animator.step(by: -1)
        XCTAssertFalse(animator.isRunning, "no behaviors: not running")
        let empty = UIGravityBehavior(items: [])
        animator.addBehavior(empty)
        animator.addBehavior(empty)
        XCTAssertEqual(animator.behaviors.count, 1)
        animator.step(by: 1)
        XCTAssertFalse(animator.isRunning, "nothing to move: paused")
        animator.removeBehavior(empty)
        animator.removeBehavior(empty)

        let gravity = UIGravityBehavior(items: [square, square])
        XCTAssertEqual(gravity.items.count, 1)
        gravity.gravityDirection = CGVector(dx: CGFloat.nan, dy: 1)
        XCTAssertEqual(gravity.gravityDirection, CGVector(dx: 0, dy: 1))
        gravity.setAngle(.infinity, magnitude: 1)
        gravity.removeItem(UIView())
        let tiny = UIView(frame: .zero)
        tiny.center = CGPoint(x: CGFloat.nan, y: 10)
        reference.addSubview(tiny)
        gravity.addItem(tiny)
        let properties = UIDynamicItemBehavior(items: [tiny])
        properties.density = -1
        properties.elasticity = .nan
        properties.addLinearVelocity(CGPoint(x: CGFloat.infinity, y: 0), for: tiny)
        properties.addLinearVelocity(CGPoint(x: 1, y: 0), for: square)
        let snap = UISnapBehavior(item: square, snapTo: CGPoint(x: CGFloat.nan, y: 0))
        snap.damping = .nan
        XCTAssertEqual(snap.damping, 0.5)
        XCTAssertEqual(snap.snapPoint, CGPoint(x: 200, y: 200))
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.magnitude = .nan
        let collision = UICollisionBehavior(items: [square, tiny])
        collision.addBoundary(withIdentifier: "empty" as NSString, for: UIBezierPath())
        collision.addBoundary(withIdentifier: "point" as NSString, from: .zero, to: .zero)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0))
        for b in [gravity, properties, snap, push, collision] as [UIDynamicBehavior] { animator.addBehavior(b) }
        animator.step(by: 0.5)
        XCTAssertTrue(square.center.x.isFinite && square.center.y.isFinite)

        // Huge numbers stay finite (Chipmunk's debug build aborts on an infinite velocity).
        let wild = UIGravityBehavior(items: [square])
        wild.magnitude = 1e300
        let dense = UIDynamicItemBehavior(items: [square])
        dense.density = 1e300
        dense.elasticity = 1e300
        dense.addLinearVelocity(CGPoint(x: 1e300, y: -1e300), for: square)
        dense.addAngularVelocity(1e300, for: square)
        animator.addBehavior(wild)
        animator.addBehavior(dense)
        animator.step(by: 0.5)
        XCTAssertTrue(square.center.x.isFinite && square.center.y.isFinite)
        animator.removeBehavior(wild)
        animator.removeBehavior(dense)
        gravity.removeItem(tiny)
        collision.removeItem(tiny)
        properties.removeItem(tiny)
        animator.step(by: 0.1)
        animator.removeAllBehaviors()
        animator.removeAllBehaviors()
        XCTAssertFalse(animator.isRunning)

        // Children run with their parent, and cannot be their own ancestors.
        let parent = UIDynamicBehavior()
        let child = UIGravityBehavior(items: [square])
        parent.addChildBehavior(child)
        parent.addChildBehavior(child)
        child.addChildBehavior(parent)
        parent.addChildBehavior(parent)
        XCTAssertEqual(parent.childBehaviors.count, 1)
        XCTAssertTrue(child.childBehaviors.isEmpty)
        let y = square.center.y
        animator.addBehavior(parent)
        XCTAssertTrue(child.dynamicAnimator === animator)
        animator.step(by: 0.2)
        XCTAssertGreaterThan(square.center.y, y + 10, "the child's gravity runs")
        parent.removeChildBehavior(child)
        parent.removeChildBehavior(child)
        XCTAssertNil(child.dynamicAnimator)
    } }
}
