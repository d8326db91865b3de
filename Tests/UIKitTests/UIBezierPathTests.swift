import Foundation
import QuartzCore
import UIKit
import XCTest

/// UIBezierPath geometry, line attributes and drawing into UIKit contexts. Nonisolated (XCTest on
/// Linux cannot discover `@MainActor` classes); UIBezierPath itself is not main-actor.
final class UIBezierPathTests: XCTestCase {
    /// The path's elements as (type, points).
    private func elements(_ path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
        var result: [(CGPathElementType, [CGPoint])] = []
        path.cgPath.applyWithBlock { element in
            let e = element.pointee
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][e.type]!
            result.append((e.type, (0..<count).map { e.points[$0] }))
        }
        return result
    }

    private func assertPoint(_ p: CGPoint?, _ x: CGFloat, _ y: CGFloat, accuracy: CGFloat = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let p else { return XCTFail("no point", file: file, line: line) }
        XCTAssertEqual(p.x, x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, file: file, line: line)
    }

    /// The pixel at (x, y) of `image` as [r, g, b, a].
    private func rgba(_ image: UIImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.cgImage!.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Draws with `body` into a 1x image of `size` points.
    private func draw(_ size: CGSize, _ body: () -> Void) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in body() }
    }

    // MARK: - Geometry

    func testRectIsClosedFromTheTopLeftClockwise() {
        let path = UIBezierPath(rect: CGRect(x: 1, y: 2, width: 10, height: 20))
        let e = elements(path)
        XCTAssertEqual(e.map(\.0), [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        XCTAssertEqual(e.flatMap(\.1), [CGPoint(x: 1, y: 2), CGPoint(x: 11, y: 2), CGPoint(x: 11, y: 22), CGPoint(x: 1, y: 22)])
        XCTAssertEqual(path.bounds, CGRect(x: 1, y: 2, width: 10, height: 20))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 2), "a closed subpath's current point is its start")
        XCTAssertFalse(path.isEmpty)
        XCTAssertTrue(UIBezierPath().isEmpty)
        XCTAssertEqual(UIBezierPath().currentPoint, .zero)
    }

    func testOvalStartsAtTheRightAndTurnsDownFirst() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 20))
        let e = elements(path)
        XCTAssertEqual(e.first?.0, .moveToPoint)
        assertPoint(e.first?.1[0], 40, 10)
        XCTAssertEqual(e.filter { $0.0 == .addCurveToPoint }.count, 4)
        // Clockwise on a y-down screen: right → bottom → left → top.
        assertPoint(e[1].1.last, 20, 20)
        assertPoint(e[2].1.last, 0, 10)
        assertPoint(e[3].1.last, 20, 0)
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 10)))
        XCTAssertFalse(path.contains(CGPoint(x: 2, y: 2)))
        XCTAssertEqual(path.bounds, CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    func testArcClockwiseTurnsClockwiseOnAYDownScreen() {
        let center = CGPoint(x: 50, y: 50)
        let cw = UIBezierPath(arcCenter: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let e = elements(cw)
        assertPoint(e.first?.1[0], 60, 50)
        assertPoint(cw.currentPoint, 50, 60, accuracy: 1e-9)
        // The short way round: through the lower right quadrant only.
        XCTAssertEqual(cw.bounds.minX, 50, accuracy: 1e-6)
        XCTAssertEqual(cw.bounds.minY, 50, accuracy: 1e-6)
        XCTAssertEqual(e.count, 2, "a quarter turn is one cubic")

        let ccw = UIBezierPath(arcCenter: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        assertPoint(ccw.currentPoint, 50, 60, accuracy: 1e-9)
        // Three quarters the other way: up through the top, left, then down to the bottom.
        XCTAssertEqual(ccw.bounds.minX, 40, accuracy: 1e-6)
        XCTAssertEqual(ccw.bounds.minY, 40, accuracy: 1e-6)
        XCTAssertEqual(elements(ccw).count, 4)
        // Its second point is above the centre (y smaller): it turns towards negative angles first.
        XCTAssertLessThan(elements(ccw)[1].1.last!.y, 50)
    }

    func testAddArcJoinsTheCurrentPointWithALine() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(withCenter: CGPoint(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        let e = elements(path)
        XCTAssertEqual(e[1].0, .addLineToPoint)
        assertPoint(e[1].1[0], 15, 0)
        assertPoint(path.currentPoint, 25, 0)
        // Clockwise from π to 0 in y-down space passes over the top (y < 0).
        XCTAssertEqual(path.bounds.minY, -5, accuracy: 1e-6)
    }

    func testRoundedRectRadiiAreCappedAtHalfTheShorterSide() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        let path = UIBezierPath(roundedRect: rect, cornerRadius: 100)
        let e = elements(path)
        assertPoint(e.first?.1[0], 10, 0)        // radius 10 = half of 20
        XCTAssertEqual(path.bounds, rect)
        XCTAssertEqual(e.last?.0, .closeSubpath)
        XCTAssertEqual(e.filter { $0.0 == .addCurveToPoint }.count, 4)
        // A capsule: the ends are half circles.
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 10)))
        XCTAssertFalse(path.contains(CGPoint(x: 1.5, y: 1.5)))
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 0.5)))

        let small = UIBezierPath(roundedRect: rect, cornerRadius: 4)
        let s = elements(small)
        assertPoint(s.first?.1[0], 4, 0)
        assertPoint(s[1].1[0], 36, 0)
        assertPoint(s[2].1.last, 40, 4)         // top-right corner ends 4 down the right edge
        XCTAssertTrue(small.contains(CGPoint(x: 0.8, y: 0.8)) == false)
        XCTAssertTrue(small.contains(CGPoint(x: 3, y: 3)))
    }

    func testRoundingSomeCornersLeavesTheOthersSquare() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight],
                                cornerRadii: CGSize(width: 8, height: 8))
        XCTAssertFalse(path.contains(CGPoint(x: 0.5, y: 0.5)), "top left rounded")
        XCTAssertTrue(path.contains(CGPoint(x: 39.5, y: 0.5)), "top right square")
        XCTAssertTrue(path.contains(CGPoint(x: 0.5, y: 19.5)), "bottom left square")
        XCTAssertFalse(path.contains(CGPoint(x: 39.5, y: 19.5)), "bottom right rounded")
        assertPoint(elements(path).first?.1[0], 8, 0)
        XCTAssertEqual(elements(path).filter { $0.0 == .addCurveToPoint }.count, 2)
        // Radii over half the shorter side are capped there (10).
        let capped = UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 30, height: 50))
        assertPoint(elements(capped).first?.1[0], 10, 0)
        XCTAssertEqual(UIRectCorner.allCorners.rawValue, ~0)
        XCTAssertEqual(UIRectCorner.bottomRight.rawValue, 8)
    }

    func testContainsHonoursTheEvenOddRule() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30))
        path.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10)))
        XCTAssertTrue(path.contains(CGPoint(x: 15, y: 15)))
        path.usesEvenOddFillRule = true
        XCTAssertFalse(path.contains(CGPoint(x: 15, y: 15)))
        XCTAssertTrue(path.contains(CGPoint(x: 5, y: 15)))
        XCTAssertFalse(path.contains(CGPoint(x: 35, y: 15)))
    }

    func testBuildingCurvesBoundsAndCurrentPoint() {
        let path = UIBezierPath()
        path.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertTrue(path.isEmpty, "a line needs a current point")
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), controlPoint: CGPoint(x: 5, y: 20))
        path.addCurve(to: CGPoint(x: 20, y: 0), controlPoint1: CGPoint(x: 12, y: -10), controlPoint2: CGPoint(x: 18, y: -4))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 20, y: 0))
        XCTAssertEqual(path.bounds, CGRect(x: 0, y: -10, width: 20, height: 30), "control points count")
        path.close()
        XCTAssertEqual(path.currentPoint, .zero)
        path.apply(CGAffineTransform(translationX: 100, y: 0))
        XCTAssertEqual(path.bounds.minX, 100)
        XCTAssertEqual(elements(path).map(\.0), [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        path.removeAllPoints()
        XCTAssertTrue(path.isEmpty)
    }

    func testReversingRunsEachSubpathBackwards() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.move(to: CGPoint(x: 20, y: 0))
        path.addCurve(to: CGPoint(x: 30, y: 0), controlPoint1: CGPoint(x: 22, y: 5), controlPoint2: CGPoint(x: 28, y: 6))
        path.lineWidth = 7
        let reversed = path.reversing()
        let e = elements(reversed)
        XCTAssertEqual(e.map(\.0), [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
                                     .moveToPoint, .addCurveToPoint])
        XCTAssertEqual(e[0].1, [CGPoint(x: 0, y: 10)])
        XCTAssertEqual(e[1].1, [CGPoint(x: 10, y: 10)])
        XCTAssertEqual(e[3].1, [CGPoint(x: 0, y: 0)])
        XCTAssertEqual(e[5].1, [CGPoint(x: 30, y: 0)])
        XCTAssertEqual(e[6].1, [CGPoint(x: 28, y: 6), CGPoint(x: 22, y: 5), CGPoint(x: 20, y: 0)])
        XCTAssertEqual(reversed.lineWidth, 7)
        XCTAssertEqual(elements(path).first?.1, [CGPoint(x: 0, y: 0)], "the original is unchanged")
    }

    func testCGPathRoundTripsAndIsACopy() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        let cg = path.cgPath
        path.addLine(to: CGPoint(x: 50, y: 50))
        XCTAssertEqual(cg.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        let again = UIBezierPath(cgPath: cg)
        XCTAssertEqual(again.cgPath, cg)
        again.cgPath = CGPath(rect: CGRect(x: 1, y: 1, width: 2, height: 2), transform: nil)
        XCTAssertEqual(again.bounds, CGRect(x: 1, y: 1, width: 2, height: 2))
        let shape = CAShapeLayer()
        shape.path = again.cgPath
        XCTAssertEqual(shape.path?.boundingBox, again.bounds)
    }

    func testLineAttributeDefaultsDashesAndCopies() {
        let path = UIBezierPath()
        XCTAssertEqual(path.lineWidth, 1)
        XCTAssertEqual(path.lineCapStyle, .butt)
        XCTAssertEqual(path.lineJoinStyle, .miter)
        XCTAssertEqual(path.miterLimit, 10)
        XCTAssertEqual(path.flatness, 0.6, accuracy: 1e-12)
        XCTAssertFalse(path.usesEvenOddFillRule)
        var count = -1
        path.getLineDash(nil, count: &count, phase: nil)
        XCTAssertEqual(count, 0)

        let lengths: [CGFloat] = [4, 2, 1]
        path.setLineDash(lengths, count: 3, phase: 1.5)
        var out = [CGFloat](repeating: 0, count: 3)
        var phase: CGFloat = 0
        path.getLineDash(&out, count: &count, phase: &phase)
        XCTAssertEqual(out, lengths)
        XCTAssertEqual(count, 3)
        XCTAssertEqual(phase, 1.5)

        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.lineWidth = 3
        path.lineCapStyle = .round
        let copy = path.copy() as! UIBezierPath
        XCTAssertEqual(copy.lineWidth, 3)
        XCTAssertEqual(copy.lineCapStyle, .round)
        copy.getLineDash(&out, count: &count, phase: &phase)
        XCTAssertEqual(count, 3)
        copy.addLine(to: CGPoint(x: 9, y: 9))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 3, y: 4), "copies do not share points")

        let data = try! NSKeyedArchiver.archivedData(withRootObject: path, requiringSecureCoding: true)
        let decoded = try! NSKeyedUnarchiver.unarchivedObject(ofClass: UIBezierPath.self, from: data)
        XCTAssertEqual(decoded?.cgPath, path.cgPath)
        XCTAssertEqual(decoded?.lineWidth, 3)
        XCTAssertEqual(decoded?.lineCapStyle, .round)
    }

    // MARK: - Drawing

    func testFillAndStrokeUseTheColoursSetOnTheContext() {
        let image = draw(CGSize(width: 40, height: 40)) {
            UIColor.red.setFill()
            UIColor.blue.setStroke()
            let path = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
            path.lineWidth = 4
            path.fill()
            path.stroke()
        }
        XCTAssertEqual(rgba(image, 20, 20), [255, 0, 0, 255], "inside: fill")
        XCTAssertEqual(rgba(image, 9, 20), [0, 0, 255, 255], "the 4-point line is centred on the edge")
        XCTAssertEqual(rgba(image, 11, 20), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 7, 20), [0, 0, 0, 0], "outside the line")
        XCTAssertEqual(rgba(image, 20, 5), [0, 0, 0, 0])
    }

    func testSetSetsBothAndDrawingRestoresTheContext() {
        let image = draw(CGSize(width: 40, height: 20)) {
            UIColor.green.set()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 5))
            line.addLine(to: CGPoint(x: 40, y: 5))
            line.lineWidth = 6
            line.stroke()
            // The line width did not stay on the context.
            let context = UIGraphicsGetCurrentContext()!
            context.move(to: CGPoint(x: 0, y: 15))
            context.addLine(to: CGPoint(x: 40, y: 15))
            context.strokePath()
        }
        XCTAssertEqual(rgba(image, 20, 7), [0, 255, 0, 255])
        XCTAssertEqual(rgba(image, 20, 14)[3], 128, "a 1-point line over two half rows")
        XCTAssertEqual(rgba(image, 20, 13), [0, 0, 0, 0])
    }

    func testCapsJoinsAndDashesReachTheStroke() {
        func line(cap: CGLineCap, dash: [CGFloat]? = nil) -> UIImage {
            draw(CGSize(width: 40, height: 20)) {
                UIColor.black.setStroke()
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 10, y: 10))
                path.addLine(to: CGPoint(x: 30, y: 10))
                path.lineWidth = 8
                path.lineCapStyle = cap
                if let dash { path.setLineDash(dash, count: dash.count, phase: 0) }
                path.stroke()
            }
        }
        XCTAssertEqual(rgba(line(cap: .butt), 8, 10)[3], 0, "butt: nothing past the end")
        XCTAssertEqual(rgba(line(cap: .square), 8, 10)[3], 255, "square: half the width past the end")
        XCTAssertEqual(rgba(line(cap: .square), 6, 6)[3], 255)
        XCTAssertEqual(rgba(line(cap: .round), 6, 6)[3], 0, "round: the corner of the square is cut")
        XCTAssertEqual(rgba(line(cap: .round), 8, 10)[3], 255)
        let dashed = line(cap: .butt, dash: [5, 5])
        XCTAssertEqual(rgba(dashed, 12, 10)[3], 255, "first dash 10...15")
        XCTAssertEqual(rgba(dashed, 17, 10)[3], 0, "gap 15...20")
        XCTAssertEqual(rgba(dashed, 22, 10)[3], 255)

        // Joins: a sharp corner's miter reaches far; bevel cuts it.
        func corner(_ join: CGLineJoin, miterLimit: CGFloat = 10) -> UIImage {
            draw(CGSize(width: 40, height: 40)) {
                UIColor.black.setStroke()
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 5, y: 30))
                path.addLine(to: CGPoint(x: 20, y: 10))
                path.addLine(to: CGPoint(x: 35, y: 30))
                path.lineWidth = 6
                path.lineJoinStyle = join
                path.miterLimit = miterLimit
                path.stroke()
            }
        }
        // The miter's tip is 5 above the corner, the bevel's edge 1.8 above it.
        XCTAssertEqual(rgba(corner(.miter), 20, 7)[3], 255)
        XCTAssertEqual(rgba(corner(.bevel), 20, 7)[3], 0)
        XCTAssertEqual(rgba(corner(.miter, miterLimit: 1.2), 20, 7)[3], 0, "over the limit: beveled")
    }

    func testEvenOddFillAlphaAndClip() {
        let image = draw(CGSize(width: 30, height: 30)) {
            UIColor.black.setFill()
            let ring = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30))
            ring.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10)))
            ring.usesEvenOddFillRule = true
            ring.fill(with: .normal, alpha: 0.5)
        }
        XCTAssertEqual(rgba(image, 5, 5)[3], 128)
        XCTAssertEqual(rgba(image, 15, 15)[3], 0)

        let clipped = draw(CGSize(width: 30, height: 30)) {
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 30, height: 30)).addClip()
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 30, height: 30))
        }
        XCTAssertEqual(rgba(clipped, 15, 15), [255, 0, 0, 255])
        XCTAssertEqual(rgba(clipped, 1, 1)[3], 0)
    }

    func testDrawingWithoutAContextDoesNothing() {
        XCTAssertNil(UIGraphicsGetCurrentContext())
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        path.fill()
        path.stroke()
        path.addClip()
        UIColor.red.set()
        UIRectFill(.zero)
    }

    /// A picture of every initializer, to look at (written to the temporary directory).
    func testPictureOfTheShapes() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 100), format: format).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 200, height: 100))
            UIColor.orange.setFill()
            UIBezierPath(roundedRect: CGRect(x: 10, y: 10, width: 50, height: 30), cornerRadius: 8).fill()
            UIBezierPath(roundedRect: CGRect(x: 70, y: 10, width: 50, height: 30), byRoundingCorners: [.topLeft, .bottomRight],
                         cornerRadii: CGSize(width: 12, height: 12)).fill()
            UIColor.blue.setStroke()
            let oval = UIBezierPath(ovalIn: CGRect(x: 130, y: 10, width: 60, height: 30))
            oval.lineWidth = 3
            oval.setLineDash([6, 3], count: 2, phase: 0)
            oval.stroke()
            let arc = UIBezierPath(arcCenter: CGPoint(x: 35, y: 75), radius: 18, startAngle: 0, endAngle: .pi * 1.5, clockwise: true)
            arc.lineWidth = 5
            arc.lineCapStyle = .round
            arc.stroke()
            let wave = UIBezierPath()
            wave.move(to: CGPoint(x: 70, y: 75))
            wave.addQuadCurve(to: CGPoint(x: 100, y: 75), controlPoint: CGPoint(x: 85, y: 50))
            wave.addCurve(to: CGPoint(x: 190, y: 75), controlPoint1: CGPoint(x: 130, y: 100), controlPoint2: CGPoint(x: 160, y: 50))
            wave.lineWidth = 2
            wave.stroke()
        }
        XCTAssertEqual(image.scale, 2)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uibezierpath-shapes.png")
        try image.pngData()!.write(to: url)
        // The arc (clockwise from 0 to 3π/2 in y-down space) covers the bottom of its circle ...
        XCTAssertEqual(rgba(image, 35 * 2, 93 * 2)[2], 255)
        // ... and leaves the top-right quarter open.
        XCTAssertEqual(rgba(image, Int(35 + 12.7) * 2, Int(75 - 12.7) * 2), [255, 255, 255, 255])
    }
}
