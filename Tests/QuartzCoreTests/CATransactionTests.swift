@testable import QuartzCore
import XCTest

final class CATransactionTests: XCTestCase {
    func testAnimationDurationDefaultsToAQuarterSecondAndNestedTransactionsInherit() {
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        CATransaction.setAnimationDuration(5)
        XCTAssertEqual(CATransaction.animationDuration(), 5)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2)
        CATransaction.commit()
    }

    func testDisableActionsIsScopedToTheTransaction() {
        CATransaction.begin()
        XCTAssertFalse(CATransaction.disableActions())
        CATransaction.setDisableActions(true)
        XCTAssertTrue(CATransaction.disableActions())
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool, true)
        CATransaction.commit()
    }

    func testCompletionBlockRunsAtTheOutermostCommitWhenThereAreNoAnimations() {
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        CATransaction.commit()
        XCTAssertEqual(log, [])
        CATransaction.commit()
        XCTAssertEqual(log, ["inner", "outer"])
    }

    func testRenderTargetsSeeAChangeOnlyAfterTheOutermostCommit() {
        let layer = CALayer()
        var committed = false
        // Observers live for the whole process: capture nothing but what the test needs.
        CATransaction.addCommitObserver { [weak layer] roots in
            if roots.contains(where: { $0 === layer }) { committed = true }
        }
        CATransaction.begin()
        CATransaction.begin()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        XCTAssertFalse(committed)
        CATransaction.commit()
        XCTAssertTrue(committed)
    }

    func testCommitRunsLayoutAndDisplayBeforeTellingRenderTargets() {
        final class Drawer: CALayerDelegate {
            var draws = 0
            func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1 }
        }
        let drawer = Drawer()
        let layer = CALayer()
        layer.delegate = drawer
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        var contentsAtCommit: Any?
        CATransaction.addCommitObserver { [weak layer] roots in
            if let layer, roots.contains(where: { $0 === layer }) { contentsAtCommit = layer.contents }
        }
        CATransaction.flush()   // commit the implicit transaction the setup opened
        CATransaction.begin()
        layer.setNeedsDisplay()
        XCTAssertEqual(drawer.draws, 0)
        CATransaction.commit()
        XCTAssertEqual(drawer.draws, 1)
        XCTAssertNotNil(contentsAtCommit as? CGImage)
        XCTAssertFalse(layer.needsDisplay())
    }

    func testAnExplicitTransactionInsideAnOpenImplicitOneCommitsWithIt() {
        let layer = CALayer()
        var committed = false
        CATransaction.addCommitObserver { [weak layer] roots in
            if roots.contains(where: { $0 === layer }) { committed = true }
        }
        layer.position = CGPoint(x: 1, y: 1)   // opens the implicit transaction
        CATransaction.begin()
        layer.opacity = 0.5
        CATransaction.commit()
        XCTAssertFalse(committed)
        CATransaction.flush()
        XCTAssertTrue(committed)
    }

    func testFlushCommitsTheImplicitTransaction() {
        let layer = CALayer()
        layer.position = CGPoint(x: 3, y: 4)   // opens the implicit transaction
        var ran = false
        CATransaction.setCompletionBlock { ran = true }
        CATransaction.flush()
        XCTAssertTrue(ran)
    }
}
