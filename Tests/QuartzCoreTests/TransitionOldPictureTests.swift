import Foundation
@testable import QuartzCore
import XCTest

/// Who takes a `CATransition`'s old picture, and when: the commit that adds the transition only notes
/// where it is (the previous commit's tree, at the commit's time); the render side takes it, on its
/// own thread, when it first draws the transition.
final class TransitionOldPictureTests: XCTestCase {
    private let t0: CFTimeInterval = 4000
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        // Earlier tests' animations that end as the clock moves open an implicit transaction, which
        // would enclose the tests' own: commit it first.
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A 40x40 root holding a red 20x20 layer at (10, 10), committed as a rendered tree.
    private func makeScene() -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.backgroundColor = red
        root.addSublayer(layer)
        root.markTreeAsRendered()
        CATransaction.commit()
        return (root, layer)
    }

    private func fade() -> CATransition {
        let t = CATransition()
        t.type = .fade
        t.duration = 1
        t.timingFunction = CAMediaTimingFunction(name: .linear)
        return t
    }

    /// Draws `tree` at `t0 + seconds` through a render server on a thread of its own.
    private func drawOnRenderThread(_ tree: RenderTree, at seconds: CFTimeInterval) -> CGImage {
        let ctx = makeBitmapContext(width: 40, height: 40)
        let done = DispatchSemaphore(value: 0)
        let server = RenderServer(tree: tree)
        let time = t0 + seconds
        nonisolated(unsafe) let target = ctx
        let thread = Thread {
            _ = server.draw(in: target, scale: 1, atMediaTime: time)
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the render thread finished its frame")
        return ctx.makeImage()!
    }

    private func snapshot(of layer: CALayer) -> TransitionSnapshot? {
        layer.attachedAnimations.last { $0.isTransition }?.transitionSnapshot
    }

    func testTheCommitOnlyLocatesTheOldPictureAndTheRenderThreadTakesIt() {
        let (root, layer) = makeScene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = blue
        layer.add(fade(), forKey: nil)
        CATransaction.commit()

        let old = snapshot(of: layer)
        XCTAssertNotNil(old, "the commit notes where the old picture is")
        XCTAssertEqual(old?.isTaken, false, "nothing is rendered on the main thread at the commit")

        let image = drawOnRenderThread(root.latestRenderTree, at: 0.25)
        XCTAssertEqual(old?.isTaken, true, "the render side took the picture when it first drew the transition")
        // A quarter of the fade: old red × 0.75 + new blue × 0.25.
        let p = rgba(image, 20, 20).map(Int.init)
        XCTAssertEqual(Double(p[0]), 191, accuracy: 2, "\(p)")
        XCTAssertEqual(Double(p[2]), 64, accuracy: 2, "\(p)")
        XCTAssertEqual(old?.bounds, CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    func testTheOldPictureIsTheOneShownAtTheAddingCommitEvenWhenTakenAfterLaterCommits() {
        let (root, layer) = makeScene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = blue
        layer.add(fade(), forKey: nil)
        CATransaction.commit()
        // Another commit before anything is drawn: the transition's old picture stays the red one.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = green
        CATransaction.commit()

        let image = drawOnRenderThread(root.latestRenderTree, at: 0.5)
        let p = rgba(image, 20, 20).map(Int.init)
        XCTAssertEqual(Double(p[0]), 128, accuracy: 2, "half the old red: \(p)")
        XCTAssertEqual(Double(p[1]), 128, accuracy: 2, "half the newest green: \(p)")
        XCTAssertEqual(p[2], 0, "the blue state between was never shown: \(p)")
    }

    func testALayerThatJoinsInTheAddingTransactionHasATransparentOldPicture() {
        let (root, _) = makeScene()
        let newcomer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        newcomer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        newcomer.backgroundColor = blue
        root.addSublayer(newcomer)
        newcomer.add(fade(), forKey: nil)
        CATransaction.commit()
        let old = snapshot(of: newcomer)
        XCTAssertNotNil(old)
        XCTAssertNil(old?.image)
        let image = drawOnRenderThread(root.latestRenderTree, at: 0.5)
        let p = rgba(image, 5, 5).map(Int.init)
        XCTAssertEqual(Double(p[2]), 128, accuracy: 2, "half faded in from transparent: \(p)")
        XCTAssertEqual(Double(p[3]), 128, accuracy: 2, "\(p)")
    }
}
