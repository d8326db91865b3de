import Foundation
@testable import QuartzCore
import XCTest

/// A window's frame repaints only its damage, but a shadow is cast by its layer's whole picture: a
/// repaint that reaches a shadow must show it as a full frame would.
final class ShadowRepaintTests: XCTestCase {
    private let t0: CFTimeInterval = 1000

    private func scene() -> (root: CALayer, mover: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 40, width: 100, height: 70)
        card.backgroundColor = CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1)
        card.shadowOpacity = 0.8
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        root.addSublayer(card)
        let mover = CALayer()
        mover.frame = CGRect(x: 90, y: 108, width: 8, height: 8)
        mover.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        root.addSublayer(mover)
        return (root, mover)
    }

    private func assertRepaintEqualsFullFrame(renderer: Renderer, full: Renderer, file: StaticString = #filePath, line: UInt = #line) {
        let (root, mover) = scene()
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        let size = CGSize(width: 200, height: 200)
        let ctx = makeBitmapContext(width: 200, height: 200)
        _ = server.beginFrame(atMediaTime: t0, scale: 1, size: size)
        server.draw(in: ctx, region: server.repaintRegion(bufferAge: 0))
        // The small layer moves across the card's shadow: a repaint of a few pixels' damage.
        CATransaction.setDisableActions(true)
        mover.position.x += 20
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        let damage = server.beginFrame(atMediaTime: t0, scale: 1, size: size)
        XCTAssertFalse(damage.isEverything, "a partial repaint", file: file, line: line)
        server.draw(in: ctx, region: server.repaintRegion(bufferAge: 1))

        let fresh = RenderServer(tree: root.latestRenderTree, renderer: full)
        let whole = makeBitmapContext(width: 200, height: 200)
        _ = fresh.draw(in: whole, scale: 1, atMediaTime: t0)
        let a = ctx.makeImage()!, b = whole.makeImage()!
        var worst = 0
        for y in 0..<200 {
            for x in 0..<200 {
                worst = max(worst, zip(rgba(a, x, y), rgba(b, x, y)).map { abs(Int($0) - Int($1)) }.max()!)
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "the shadow inside the repaint as in a full frame", file: file, line: line)
    }

    func testARepaintAcrossAShadowDrawsTheShadowWhole() {
        assertRepaintEqualsFullFrame(renderer: SoftwareRenderer(), full: SoftwareRenderer())
    }

    func testARepaintAcrossAShadowDrawsTheShadowWholeWithGL() throws {
        assertRepaintEqualsFullFrame(renderer: try GLESRenderer.offscreen(), full: try GLESRenderer.offscreen())
    }
}
