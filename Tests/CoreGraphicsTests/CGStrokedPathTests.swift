import CoreGraphics
import XCTest

/// `replacePathWithStrokedPath()`: filling the outline paints what stroking paints.
final class CGStrokedPathTests: XCTestCase {
    /// Draws `build` stroked in one context and as its filled outline in another; returns the largest
    /// alpha difference of a pixel, how many pixels differ by more than 64, and how many are painted.
    private func compare(cap: CGLineCap, join: CGLineJoin, width: CGFloat = 12, dash: [CGFloat] = [],
                         phase: CGFloat = 0, _ build: (CGContext) -> Void) -> (maxDiff: Int, bad: Int, painted: Int) {
        let stroked = makeContext(width: 120, height: 120), filled = makeContext(width: 120, height: 120)
        for ctx in [stroked, filled] {
            ctx.setLineWidth(width)
            ctx.setLineCap(cap)
            ctx.setLineJoin(join)
            if !dash.isEmpty { ctx.setLineDash(phase: phase, lengths: dash) }
            ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            build(ctx)
        }
        stroked.strokePath()
        filled.replacePathWithStrokedPath()
        XCTAssertFalse(filled.isPathEmpty)
        filled.fillPath()
        var maxDiff = 0, bad = 0, painted = 0
        for row in 0..<120 {
            for x in 0..<120 {
                let a = Int(pixel(stroked, x: x, row: row).a), b = Int(pixel(filled, x: x, row: row).a)
                if a > 0 { painted += 1 }
                maxDiff = max(maxDiff, abs(a - b))
                if abs(a - b) > 64 { bad += 1 }
            }
        }
        return (maxDiff, bad, painted)
    }

    private func zigzag(_ ctx: CGContext) {
        ctx.move(to: CGPoint(x: 15, y: 20))
        ctx.addLine(to: CGPoint(x: 100, y: 30))
        ctx.addLine(to: CGPoint(x: 30, y: 60))
        ctx.addLine(to: CGPoint(x: 95, y: 100))
    }

    func testPolylinesMatchTheirStrokeForEachCapAndJoin() {
        for cap in [CGLineCap.butt, .round, .square] {
            for join in [CGLineJoin.miter, .round, .bevel] {
                let r = compare(cap: cap, join: join, zigzag)
                XCTAssertGreaterThan(r.painted, 1500)
                XCTAssertEqual(r.bad, 0, "cap \(cap) join \(join): max difference \(r.maxDiff)")
                XCTAssertLessThanOrEqual(r.maxDiff, 80, "cap \(cap) join \(join)")
            }
        }
    }

    func testCurvesAndClosedPathsMatch() {
        let curve = compare(cap: .round, join: .round) { ctx in
            ctx.move(to: CGPoint(x: 10, y: 100))
            ctx.addCurve(to: CGPoint(x: 110, y: 100), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 90, y: 0))
        }
        XCTAssertEqual(curve.bad, 0, "max difference \(curve.maxDiff)")
        let square = compare(cap: .butt, join: .miter) { ctx in ctx.addRect(CGRect(x: 20, y: 20, width: 70, height: 60)) }
        XCTAssertEqual(square.bad, 0, "max difference \(square.maxDiff)")
        let circle = compare(cap: .butt, join: .miter, width: 6) { ctx in
            ctx.addEllipse(in: CGRect(x: 15, y: 15, width: 90, height: 90))
        }
        XCTAssertEqual(circle.bad, 0, "max difference \(circle.maxDiff)")
    }

    func testDashedLinesMatchTheirDashedStroke() {
        for cap in [CGLineCap.butt, .round, .square] {
            let r = compare(cap: cap, join: .miter, width: 6, dash: [10, 6], phase: 3, zigzag)
            XCTAssertGreaterThan(r.painted, 500)
            XCTAssertEqual(r.bad, 0, "cap \(cap): max difference \(r.maxDiff)")
        }
        // An odd pattern repeats; a closed path's dash through its start is one dash.
        let square = compare(cap: .butt, join: .miter, width: 6, dash: [15], phase: 0) { ctx in
            ctx.addRect(CGRect(x: 20, y: 20, width: 70, height: 60))
        }
        XCTAssertEqual(square.bad, 0, "max difference \(square.maxDiff)")
        let curve = compare(cap: .round, join: .round, width: 5, dash: [0, 9]) { ctx in
            ctx.move(to: CGPoint(x: 10, y: 100))
            ctx.addCurve(to: CGPoint(x: 110, y: 100), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 90, y: 0))
        }
        XCTAssertGreaterThan(curve.painted, 100, "dashes of no length are round dots")
        XCTAssertEqual(curve.bad, 0, "max difference \(curve.maxDiff)")
    }

    func testTheOutlineContainsTheLineAndNotBeyondIt() {
        let ctx = makeContext(width: 100, height: 100)
        ctx.setLineWidth(10)
        ctx.setLineCap(.butt)
        ctx.move(to: CGPoint(x: 10, y: 50))
        ctx.addLine(to: CGPoint(x: 90, y: 50))
        ctx.replacePathWithStrokedPath()
        XCTAssertEqualRects(ctx.boundingBoxOfPath, CGRect(x: 10, y: 45, width: 80, height: 10), accuracy: 1e-6)
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 50, y: 53), mode: .fill))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 50, y: 57), mode: .fill))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 5, y: 50), mode: .fill), "a butt cap adds nothing")
    }

    func testDegenerateInput() {
        let ctx = makeContext()
        ctx.replacePathWithStrokedPath()
        XCTAssertTrue(ctx.isPathEmpty, "no path: no outline")
        ctx.move(to: CGPoint(x: 5, y: 5))
        ctx.replacePathWithStrokedPath()
        XCTAssertTrue(ctx.isPathEmpty, "a lone move strokes nothing")
        ctx.setLineWidth(4)
        ctx.setLineCap(.round)
        ctx.move(to: CGPoint(x: 5, y: 5))
        ctx.addLine(to: CGPoint(x: 5, y: 5))
        ctx.replacePathWithStrokedPath()
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 6, y: 6), mode: .fill), "a round cap dots a point")
        ctx.beginPath()
        ctx.setLineWidth(0)
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.addLine(to: CGPoint(x: 9, y: 9))
        ctx.replacePathWithStrokedPath()
        XCTAssertTrue(ctx.isPathEmpty, "a zero width has no area")
    }
}
