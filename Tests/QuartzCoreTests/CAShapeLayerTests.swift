import QuartzCore
import XCTest

/// CAShapeLayer: Apple's defaults, keyed access, drawing (pixel-exact against cairo drawing the same
/// path), strokeStart/strokeEnd, dashes, animation (strokeEnd, path morphing, implicit) and use as a mask.
final class CAShapeLayerTests: XCTestCase {
    private let t0: CFTimeInterval = 1200
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testDefaultsAreApples() {
        let shape = CAShapeLayer()
        XCTAssertNil(shape.path)
        XCTAssertEqual(shape.fillColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(shape.fillRule, .nonZero)
        XCTAssertNil(shape.strokeColor)
        XCTAssertEqual(shape.strokeStart, 0)
        XCTAssertEqual(shape.strokeEnd, 1)
        XCTAssertEqual(shape.lineWidth, 1)
        XCTAssertEqual(shape.miterLimit, 10)
        XCTAssertEqual(shape.lineCap, .butt)
        XCTAssertEqual(shape.lineJoin, .miter)
        XCTAssertEqual(shape.lineDashPhase, 0)
        XCTAssertNil(shape.lineDashPattern)
        // Key-value coding agrees with the properties (the defaults are written once, in `ShapeKey`).
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineJoin") as? CAShapeLayerLineJoin, .miter)
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "path"), "no path: nil itself, not a boxed nil")
        XCTAssertNil(CAShapeLayer.defaultValue(forKey: "strokeColor"))
        XCTAssertNil(shape.value(forKey: "path"))
        XCTAssertEqual(shape.value(forKey: "strokeEnd") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayerFillRule.evenOdd.rawValue, "even-odd")
        XCTAssertEqual(CAShapeLayerLineCap.round.rawValue, "round")
        XCTAssertEqual(CAShapeLayerLineJoin.bevel.rawValue, "bevel")
    }

    func testKeyedAccessConvertsAndNilFillMeansNoFill() {
        let shape = CAShapeLayer()
        shape.setValue(3, forKey: "lineWidth")
        XCTAssertEqual(shape.lineWidth, 3)
        shape.setValue("round", forKey: "lineCap")
        XCTAssertEqual(shape.lineCap, .round)
        shape.setValue([4, 2.5], forKey: "lineDashPattern")
        XCTAssertEqual(shape.lineDashPattern?.map(\.doubleValue), [4, 2.5])
        shape.setValue("not a number", forKey: "strokeEnd")
        XCTAssertEqual(shape.strokeEnd, 1, "a value that does not convert is ignored")
        shape.fillColor = nil
        XCTAssertNil(shape.fillColor)
        XCTAssertNil(shape.value(forKey: "fillColor") as? CGColor)
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.setValue(nil, forKey: "strokeColor")
        XCTAssertNil(shape.strokeColor, "nil clears the stroke")
        shape.setValue(CGColor(red: 0, green: 1, blue: 0, alpha: 1), forKey: "fillColor")
        XCTAssertEqual(shape.fillColor, CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        shape.fillColor = nil
        let copy = CAShapeLayer(layer: shape)
        XCTAssertEqual(copy.lineCap, .round)
        XCTAssertNil(copy.fillColor)
    }

    /// A shape layer at (20, 10) drawing a triangle filled red and stroked blue: the same pixels as
    /// cairo drawing the path through the same transform.
    func testDrawingMatchesCairoForTheSamePath() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 70, y: 20))
        path.addQuadCurve(to: CGPoint(x: 20, y: 60), control: CGPoint(x: 60, y: 60))
        path.closeSubpath()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 10, width: 50, height: 40)   // the path reaches past the bounds
        shape.path = path
        shape.fillColor = red
        shape.strokeColor = blue
        shape.lineWidth = 5
        shape.lineJoin = .round
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        root.addSublayer(shape)
        let drawn = renderOffscreen(root, width: 120, height: 100)

        let ctx = makeBitmapContext(width: 120, height: 100)
        ctx.translateBy(x: 0, y: 100)
        ctx.scaleBy(x: 1, y: -1)          // y down, as layers are
        ctx.translateBy(x: 20, y: 10)
        ctx.addPath(path)
        ctx.setFillColor(red)
        ctx.fillPath()
        ctx.addPath(path)
        ctx.setStrokeColor(blue)
        ctx.setLineWidth(5)
        ctx.setLineJoin(.round)
        ctx.strokePath()
        let expected = try XCTUnwrap(ctx.makeImage())
        var differing = 0
        for y in 0..<100 { for x in 0..<120 where rgba(drawn, x, y) != rgba(expected, x, y) { differing += 1 } }
        XCTAssertEqual(differing, 0)
        XCTAssertEqual(rgba(drawn, 85, 30), [0, 0, 255, 255], "stroke past the bounds: not clipped")
    }

    private func lineLayer(width: CGFloat = 4) -> (root: CALayer, shape: CAShapeLayer) {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 110, y: 20))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = width
        let root = CALayer()
        root.frame = shape.frame
        root.addSublayer(shape)
        return (root, shape)
    }

    func testStrokeStartAndEndDrawPartOfThePath() {
        let (root, shape) = lineLayer()
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.5
        let image = renderOffscreen(root, width: 120, height: 40)
        XCTAssertEqual(rgba(image, 30, 20)[3], 0, "before the start (x 35)")
        XCTAssertEqual(rgba(image, 40, 20), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 55, 20), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 65, 20)[3], 0, "after the end (x 60)")
    }

    func testTrimmingACurveKeepsItOnTheCurve() {
        // A quarter circle's half is the eighth whose end lies at 45°.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        var end = CGPoint.zero
        ShapeGeometry.trimmed(path, from: 0, to: 0.5).applyWithBlock { e in
            if e.pointee.type != .closeSubpath { end = e.pointee.points[e.pointee.type == .addCurveToPoint ? 2 : 0] }
        }
        XCTAssertEqual(end.x, 100 / 2.squareRoot(), accuracy: 0.3)
        XCTAssertEqual(end.y, 100 / 2.squareRoot(), accuracy: 0.3)
    }

    func testDashesAlternate() {
        let (root, shape) = lineLayer()
        shape.lineDashPattern = [10, 10]
        let image = renderOffscreen(root, width: 120, height: 40)
        XCTAssertEqual(rgba(image, 15, 20), [0, 0, 255, 255], "first dash: x 10-20")
        XCTAssertEqual(rgba(image, 25, 20)[3], 0, "gap: x 20-30")
        XCTAssertEqual(rgba(image, 35, 20), [0, 0, 255, 255])
    }

    func testStrokeEndAnimatesOnTheRenderSide() {
        let (root, shape) = lineLayer()
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 2
        shape.add(grow, forKey: "grow")
        CATransaction.flush()
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(shape.presentation()?.strokeEnd ?? -1, 0.5, accuracy: 1e-9)
        let ctx = makeBitmapContext(width: 120, height: 40)
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        let image = ctx.makeImage()!
        XCTAssertEqual(rgba(image, 50, 20), [0, 0, 255, 255])
        XCTAssertEqual(rgba(image, 70, 20)[3], 0, "not drawn yet past x 60")
    }

    func testPathMorphsPointByPoint() throws {
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 20, y: 40, width: 30, height: 50), transform: nil)
        morph.duration = 1
        shape.add(morph, forKey: "morph")
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        let halfway = try XCTUnwrap(shape.presentation()?.path)
        XCTAssertEqual(halfway.boundingBox, CGRect(x: 10, y: 20, width: 20, height: 30))
    }

    func testChangesAnimateImplicitlyInARenderedTree() {
        let (root, shape) = lineLayer()
        let renderer = CARenderer(context: makeBitmapContext(width: 120, height: 40))
        renderer.layer = root
        CATransaction.flush()
        shape.strokeEnd = 0.3
        shape.lineWidth = 8
        CATransaction.flush()
        XCTAssertNotNil(shape.animation(forKey: "strokeEnd"))
        XCTAssertNotNil(shape.animation(forKey: "lineWidth"))
        XCTAssertNil(shape.animation(forKey: "lineCap"))
        _ = renderer
    }

    func testThePathDoesNotAnimateImplicitly() {
        let (root, shape) = lineLayer()
        let renderer = CARenderer(context: makeBitmapContext(width: 120, height: 40))
        renderer.layer = root
        CATransaction.flush()
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.path = square
        CATransaction.flush()
        XCTAssertNil(shape.animation(forKey: "path"), "Apple: path does not support implicit animation")
        XCTAssertEqual(shape.presentation()?.path?.boundingBox, square.boundingBox)
        XCTAssertNil(shape.action(forKey: "path"))
        _ = renderer
    }

    func testAShapeLayerMasksByItsPath() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = root.bounds
        content.backgroundColor = red
        let mask = CAShapeLayer()
        mask.frame = root.bounds
        mask.path = CGPath(ellipseIn: CGRect(x: 25, y: 25, width: 50, height: 50), transform: nil)
        content.mask = mask
        root.addSublayer(content)
        let image = renderOffscreen(root, width: 100, height: 100)
        XCTAssertEqual(rgba(image, 50, 50), [255, 0, 0, 255], "inside the circle")
        XCTAssertEqual(rgba(image, 5, 5)[3], 0, "outside the circle")
    }
}
