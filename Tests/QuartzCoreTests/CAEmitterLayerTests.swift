import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// CAEmitterLayer: defaults, cells by key path (set and animated), and the simulation's documented
/// rules: births at birthRate for lifetime, motion, ranges, colour and scale speeds, spin, emission
/// cones, shapes and modes, render-mode orders, sub-cells, cell timing, the layer's multipliers, its
/// time base, determinism for a seed, bad input and when the render side needs frames.
final class CAEmitterLayerTests: XCTestCase {
    private let t0: CFTimeInterval = 1800
    /// The trees' roots, kept for the test (a superlayer is held by nobody but its owner).
    private var roots: [CALayer] = []

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A committed emitter at (30, 100), begun at t0, with one cell `configure` sets up.
    private func makeEmitter(_ configure: (CAEmitterCell) -> Void = { _ in }) -> (CALayer, CAEmitterLayer, CAEmitterCell) {
        let made = Self.committedEmitter(beginTime: t0, configure)
        roots.append(made.root)
        return made
    }

    /// A committed emitter at (30, 100) in a 400-point root, begun at `beginTime`, with one white-square
    /// cell `configure` sets up; `layer` sets the emitter up further before the commit.
    static func committedEmitter(beginTime: CFTimeInterval, _ configure: (CAEmitterCell) -> Void,
                                 layer: (CAEmitterLayer) -> Void = { _ in })
        -> (root: CALayer, emitter: CAEmitterLayer, cell: CAEmitterCell) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.beginTime = beginTime
        emitter.emitterPosition = CGPoint(x: 30, y: 100)
        let cell = CAEmitterCell()
        cell.contents = square(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        configure(cell)
        emitter.emitterCells = [cell]
        layer(emitter)
        root.addSublayer(emitter)
        CATransaction.flush()
        return (root, emitter, cell)
    }

    private func particles(_ emitter: CAEmitterLayer, at seconds: Double) -> [EmitterParticle] {
        emitter.particles(atMediaTime: t0 + seconds)
    }

    static func square(_ color: CGColor, side: Int = 4) -> CGImage {
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(color)
        ctx.fill(CGRect(x: 0, y: 0, width: side, height: side))
        return ctx.makeImage()!
    }

    // MARK: Properties

    func testDefaultsAreApples() {
        let emitter = CAEmitterLayer()
        XCTAssertNil(emitter.emitterCells)
        XCTAssertEqual(emitter.emitterPosition, .zero)
        XCTAssertEqual(emitter.emitterZPosition, 0)
        XCTAssertEqual(emitter.emitterSize, .zero)
        XCTAssertEqual(emitter.emitterDepth, 0)
        XCTAssertEqual(emitter.emitterShape, .point)
        XCTAssertEqual(emitter.emitterMode, .volume)
        XCTAssertEqual(emitter.renderMode, .unordered)
        XCTAssertFalse(emitter.preservesDepth)
        for m in [emitter.birthRate, emitter.lifetime, emitter.velocity, emitter.scale, emitter.spin] { XCTAssertEqual(m, 1) }
        XCTAssertEqual(emitter.seed, 0)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "renderMode") as? CAEmitterLayerRenderMode, .unordered)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float, 1)
    }

    func testConstantsHaveApplesRawValues() {
        XCTAssertEqual([CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue),
                       ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        XCTAssertEqual([CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue),
                       ["points", "outline", "surface", "volume"])
        XCTAssertEqual([CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue),
                       ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
    }

    func testPropertiesAreStoredByKeyAndIgnoreBadValues() {
        let emitter = CAEmitterLayer()
        emitter.setValue(CGPoint(x: 5, y: 6), forKey: "emitterPosition")
        XCTAssertEqual(emitter.emitterPosition, CGPoint(x: 5, y: 6))
        emitter.setValue("line", forKey: "emitterShape")
        XCTAssertEqual(emitter.emitterShape, .line)
        emitter.setValue(7, forKey: "seed")
        XCTAssertEqual(emitter.seed, 7)
        XCTAssertEqual(emitter.value(forKey: "seed") as? UInt32, 7)
        emitter.setValue(-3, forKey: "seed")
        XCTAssertEqual(emitter.seed, 0, "a negative seed clamps to 0")
        emitter.birthRate = .nan
        XCTAssertEqual(emitter.birthRate, 1, "NaN is ignored")
        emitter.setValue("many", forKey: "lifetime")
        XCTAssertEqual(emitter.lifetime, 1)
        emitter.setValue(2, forKey: "velocity")
        XCTAssertEqual(emitter.value(forKey: "velocity") as? Float, 2)
    }

    func testEmitterCellsReadBackAsTheCellsGiven() {
        let emitter = CAEmitterLayer()
        let a = CAEmitterCell(), b = CAEmitterCell()
        emitter.emitterCells = [a, b]
        XCTAssertTrue(emitter.emitterCells?.first === a)
        XCTAssertTrue(emitter.emitterCells?.last === b)
        emitter.emitterCells = nil
        XCTAssertNil(emitter.emitterCells)
    }

    func testCellKeyPathsAreReadableAndSettable() {
        let (_, emitter, cell) = makeEmitter { $0.name = "circle" }
        emitter.setValue(3, forKeyPath: "emitterCells.circle.greenSpeed")
        XCTAssertEqual(cell.greenSpeed, 3, "the cell object changes too")
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.circle.greenSpeed") as? Float, 3)
        XCTAssertTrue(emitter.value(forKeyPath: "emitterCells.circle") as? CAEmitterCell === cell, "the cell itself")
        emitter.setValue(9, forKeyPath: "emitterCells.nobody.greenSpeed")
        XCTAssertNil(emitter.value(forKeyPath: "emitterCells.nobody.greenSpeed"))
        emitter.setValue("x", forKeyPath: "emitterCells.circle.greenSpeed")
        XCTAssertEqual(cell.greenSpeed, 3, "a value that does not convert is ignored")
    }

    func testAKeyPathChangeShowsAtTheNextCommitWhileChangingAHandedCellDoesNot() throws {
        let (_, emitter, cell) = makeEmitter {
            $0.name = "circle"; $0.birthRate = 10; $0.lifetime = 1; $0.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        cell.greenSpeed = 1   // not through the layer: no effect on what is shown
        CATransaction.flush()
        XCTAssertTrue(particles(emitter, at: 1).allSatisfy { $0.green == 0 })
        emitter.setValue(1, forKeyPath: "emitterCells.circle.greenSpeed")
        CATransaction.flush()
        let shown = particles(emitter, at: 1)
        let p = try XCTUnwrap(shown.first { 1 - $0.birthTime > 0.5 })
        XCTAssertEqual(p.green, 1 - p.birthTime, accuracy: 1e-6, "green = speed × age")
    }

    func testCellKeyPathsAnimate() throws {
        let (_, emitter, _) = makeEmitter {
            $0.name = "circle"; $0.birthRate = 20; $0.lifetime = 1; $0.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        let animation = CABasicAnimation(keyPath: "emitterCells.circle.greenSpeed")
        animation.fromValue = -1
        animation.toValue = 3
        animation.duration = 4
        animation.autoreverses = true
        animation.repeatCount = .infinity
        emitter.add(animation, forKey: "green")
        CATransaction.flush()
        CAMediaClock.freeze(at: t0 + 2)   // halfway up: greenSpeed 1
        let presented = try XCTUnwrap(emitter.presentation())
        XCTAssertEqual(try XCTUnwrap(presented.value(forKeyPath: "emitterCells.circle.greenSpeed") as? Float), 1, accuracy: 1e-6)
        XCTAssertEqual(presented.emitterCells?.first?.greenSpeed ?? 0, 1, accuracy: 1e-6)
        let p = try XCTUnwrap(particles(emitter, at: 2).first { 2 - $0.birthTime > 0.5 })
        XCTAssertEqual(p.green, 2 - p.birthTime, accuracy: 1e-6)
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.circle.greenSpeed") as? Float, 0, "the model is unchanged")
        // Going back down at 6 s: greenSpeed 1 again; at 8 s: −1 (green clamped at 0).
        XCTAssertTrue(particles(emitter, at: 8).allSatisfy { $0.green == 0 })
    }

    // MARK: Births, motion and appearance

    func testBirthRateTimesLifetimeParticlesLive() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 150; $0.lifetime = 5; $0.velocity = 50; $0.velocityRange = 50
            $0.emissionRange = 2 * .pi }
        XCTAssertEqual(particles(emitter, at: 5).count, 750)
        XCTAssertEqual(particles(emitter, at: 1).count, 151, "births at 0, 1/150, …, 1 s")
        XCTAssertEqual(particles(emitter, at: -1).count, 0, "nothing before the emitter begins")
    }

    func testTheBoringEmitterMovesRightAlongItsRow() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 5; $0.lifetime = 1; $0.velocity = 100 }
        let shown = particles(emitter, at: 3.1)
        XCTAssertEqual(shown.count, 5)
        for p in shown {
            XCTAssertEqual(p.y, 100, accuracy: 1e-9)
            XCTAssertEqual(p.x, 30 + 100 * (3.1 - p.birthTime), accuracy: 1e-9)
            XCTAssertTrue((30...130).contains(p.x))
        }
    }

    func testAccelerationBendsTheStreamIntoAWaterfall() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 100; $0.lifetime = 1.5; $0.velocity = 100
            $0.xAcceleration = -40; $0.yAcceleration = 200 }
        let shown = particles(emitter, at: 4)
        XCTAssertEqual(shown.count, 150)
        for p in shown {
            let a = 4 - p.birthTime
            XCTAssertEqual(p.x, 30 + 100 * a - 20 * a * a, accuracy: 1e-9)
            XCTAssertEqual(p.y, 100 + 100 * a * a, accuracy: 1e-9)
        }
        let oldest = shown.min { $0.birthTime < $1.birthTime }!
        XCTAssertEqual(oldest.x, 135, accuracy: 1.5)
        XCTAssertEqual(oldest.y, 325, accuracy: 3)
    }

    func testRangesSpreadSymmetricallyAroundTheValue() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 400; $0.lifetime = 2; $0.lifetimeRange = 0.5
            $0.velocity = 50; $0.velocityRange = 50; $0.scale = 1; $0.scaleRange = 0.2; $0.spin = 1; $0.spinRange = 0.5
            $0.redRange = 0.3; $0.color = CGColor(red: 0.5, green: 0, blue: 0, alpha: 1) }
        let shown = particles(emitter, at: 3)
        let ages = shown.map { 3 - $0.birthTime }
        XCTAssertLessThanOrEqual(ages.max()!, 2.5)
        XCTAssertGreaterThan(ages.max()!, 2.3, "some live longer than lifetime")
        // Born 1.5…2 s ago: 200 births, of which those drawing a lifetime under their age (a quarter) died.
        XCTAssertLessThan(ages.filter { (1.5...2).contains($0) }.count, 190, "some die sooner")
        for (p, a) in zip(shown, ages) where a > 0.1 {
            let speed = (p.x - 30) / a   // along +x, no acceleration
            XCTAssertTrue((-1e-9...100 + 1e-9).contains(speed), "velocity 50 ± 50: \(speed)")
            XCTAssertTrue((0.8 - 1e-9...1.2 + 1e-9).contains(p.scale))
            let spin = p.angle / a
            XCTAssertTrue((0.5 - 1e-9...1.5 + 1e-9).contains(spin))
            XCTAssertTrue((0.2 - 1e-9...0.8 + 1e-9).contains(p.red))
        }
        XCTAssertGreaterThan(Set(shown.map { ($0.red * 1000).rounded() }).count, 100, "the spread is drawn per particle")
    }

    func testColourAndScaleSpeedsChangeWithAgeAndColoursClamp() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 5; $0.alphaSpeed = -0.4; $0.greenSpeed = 0.75
            $0.scaleSpeed = 0.2; $0.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        for p in particles(emitter, at: 5) {
            let a = 5 - p.birthTime
            // The speeds are Floats, as Apple's.
            XCTAssertEqual(p.alpha, max(0, 1 - 0.4 * a), accuracy: 1e-6)
            XCTAssertEqual(p.green, min(1, 0.75 * a), accuracy: 1e-6)
            XCTAssertEqual(p.scale, 1 + 0.2 * a, accuracy: 1e-9)
            XCTAssertEqual(p.blue, 1)
        }
    }

    func testEveryColourSpeedAndTheZAcceleration() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 2; $0.zAcceleration = 10
            $0.color = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            $0.redSpeed = 0.1; $0.greenSpeed = -0.1; $0.blueSpeed = 0.2; $0.alphaSpeed = -0.2 }
        for p in particles(emitter, at: 3) {
            let a = 3 - p.birthTime
            XCTAssertEqual(p.z, 5 * a * a, accuracy: 1e-9)
            XCTAssertEqual(p.red, 0.2 + 0.1 * a, accuracy: 1e-6)
            XCTAssertEqual(p.green, 0.4 - 0.1 * a, accuracy: 1e-6)
            XCTAssertEqual(p.blue, 0.6 + 0.2 * a, accuracy: 1e-6)
            XCTAssertEqual(p.alpha, 0.8 - 0.2 * a, accuracy: 1e-6)
        }
    }

    func testContentsScaleAndScaleSetTheDrawnSize() {
        // A 20-pixel white square at contentsScale 2 is 10 points; scale 3 makes it 30, centred on (30, 100).
        let (root, emitter, cell) = makeEmitter { $0.birthRate = 1; $0.lifetime = 100; $0.contentsScale = 2; $0.scale = 3 }
        cell.contents = Self.square(CGColor(red: 1, green: 1, blue: 1, alpha: 1), side: 20)
        emitter.emitterCells = [cell]
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        let pixels = render(root, at: 0.5)
        func red(_ x: Int, _ y: Int) -> Int { Int((pixels[y * 400 + x] >> 16) & 0xFF) }
        XCTAssertEqual(red(30, 100), 255)
        XCTAssertEqual(red(17, 100), 255, "13 points left: inside")
        XCTAssertEqual(red(43, 88), 255, "13 points right and up: inside")
        XCTAssertEqual(red(13, 100), 0, "17 points left: outside")
        XCTAssertEqual(red(30, 118), 0, "18 points down: outside")
    }

    func testTheEmissionConeHoldsItsRangeAboutTheLongitude() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 300; $0.lifetime = 1; $0.velocity = 100
            $0.emissionLongitude = .pi / 2; $0.emissionRange = .pi / 5 }
        let shown = particles(emitter, at: 2).filter { 2 - $0.birthTime > 0.2 }
        var widest = 0.0
        for p in shown {
            let dx = p.x - 30, dy = p.y - 100, dz = p.z
            let angle = acos(dy / (dx * dx + dy * dy + dz * dz).squareRoot())
            widest = max(widest, angle)
            XCTAssertLessThanOrEqual(angle, .pi / 10 + 1e-9, "within half the range of straight down")
        }
        XCTAssertGreaterThan(widest, .pi / 12, "the cone is filled")
    }

    func testLatitudeTiltsOutOfThePlane() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.velocity = 100; $0.emissionLatitude = .pi / 2 }
        for p in particles(emitter, at: 2) {
            XCTAssertEqual(p.x, 30, accuracy: 1e-6)
            XCTAssertEqual(p.z, 100 * (2 - p.birthTime), accuracy: 1e-6)
        }
    }

    // MARK: Shapes and modes

    private func origins(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode,
                         size: CGSize = CGSize(width: 100, height: 60), depth: CGFloat = 40) -> [EmitterParticle] {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 500; $0.lifetime = 1 }
        emitter.emitterPosition = CGPoint(x: 200, y: 200)
        emitter.emitterZPosition = 10
        emitter.emitterSize = size
        emitter.emitterDepth = depth
        emitter.emitterShape = shape
        emitter.emitterMode = mode
        CATransaction.flush()
        return particles(emitter, at: 2)   // velocity 0: each particle stays where it was born
    }

    func testPointAndLineShapes() {
        for p in origins(.point, .volume) { XCTAssertEqual([p.x, p.y, p.z], [200, 200, 10]) }
        let line = origins(.line, .outline)
        for p in line {
            XCTAssertEqual(p.y, 200)
            XCTAssertTrue((150...250).contains(p.x))
        }
        XCTAssertGreaterThan(line.map(\.x).max()! - line.map(\.x).min()!, 95, "along the whole line")
        for p in origins(.line, .points) { XCTAssertTrue(p.x == 150 || p.x == 250, "the line's ends") }
    }

    func testRectangleModes() {
        for p in origins(.rectangle, .surface) {
            XCTAssertTrue((150...250).contains(p.x) && (170...230).contains(p.y) && p.z == 10)
        }
        for p in origins(.rectangle, .outline) {
            let onEdge = abs(p.x - 150) < 1e-9 || abs(p.x - 250) < 1e-9 || abs(p.y - 170) < 1e-9 || abs(p.y - 230) < 1e-9
            XCTAssertTrue(onEdge, "(\(p.x), \(p.y)) on the rectangle's edges")
        }
        for p in origins(.rectangle, .points) { XCTAssertTrue([150, 250].contains(p.x) && [170, 230].contains(p.y)) }
    }

    func testCuboidModes() {
        let inside = origins(.cuboid, .volume)
        for p in inside { XCTAssertTrue((150...250).contains(p.x) && (170...230).contains(p.y) && (-10...30).contains(p.z)) }
        XCTAssertGreaterThan(inside.map(\.z).max()! - inside.map(\.z).min()!, 35, "through the depth")
        for p in origins(.cuboid, .surface) {
            let onFace = [abs(p.x - 150), abs(p.x - 250), abs(p.y - 170), abs(p.y - 230), abs(p.z + 10), abs(p.z - 30)]
                .contains { $0 < 1e-9 }
            XCTAssertTrue(onFace)
        }
        for p in origins(.cuboid, .outline) {
            let faces = [abs(p.x - 150), abs(p.x - 250)].contains { $0 < 1e-9 } ? 1 : 0
            let faces2 = [abs(p.y - 170), abs(p.y - 230)].contains { $0 < 1e-9 } ? 1 : 0
            let faces3 = [abs(p.z + 10), abs(p.z - 30)].contains { $0 < 1e-9 } ? 1 : 0
            XCTAssertGreaterThanOrEqual(faces + faces2 + faces3, 2, "an edge lies on two faces")
        }
    }

    func testCircleAndSphereUseTheWidthAsRadius() {
        for p in origins(.circle, .outline) {
            XCTAssertEqual(hypot(p.x - 200, p.y - 200), 100, accuracy: 1e-9)
            XCTAssertEqual(p.z, 10)
        }
        let disc = origins(.circle, .surface)
        for p in disc { XCTAssertLessThanOrEqual(hypot(p.x - 200, p.y - 200), 100 + 1e-9) }
        XCTAssertGreaterThan(disc.map { hypot($0.x - 200, $0.y - 200) }.max()!, 90)
        for p in origins(.sphere, .surface) {
            XCTAssertEqual(((p.x - 200) * (p.x - 200) + (p.y - 200) * (p.y - 200) + (p.z - 10) * (p.z - 10)).squareRoot(),
                           100, accuracy: 1e-9)
        }
        for p in origins(.sphere, .volume) {
            XCTAssertLessThanOrEqual(((p.x - 200) * (p.x - 200) + (p.y - 200) * (p.y - 200) + (p.z - 10) * (p.z - 10)).squareRoot(),
                                     100 + 1e-9)
        }
    }

    // MARK: Render modes

    func testRenderModesOrderTheParticles() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 50; $0.lifetime = 1; $0.velocity = 50; $0.emissionLatitude = 1
            $0.emissionRange = 2 * .pi }
        emitter.renderMode = .oldestFirst
        CATransaction.flush()
        let oldestFirst = particles(emitter, at: 2).map(\.birthTime)
        XCTAssertEqual(oldestFirst, oldestFirst.sorted())
        emitter.renderMode = .oldestLast
        CATransaction.flush()
        XCTAssertEqual(particles(emitter, at: 2).map(\.birthTime), oldestFirst.sorted().reversed())
        emitter.renderMode = .backToFront
        CATransaction.flush()
        let depths = particles(emitter, at: 2).map(\.z)
        XCTAssertEqual(depths, depths.sorted())
        XCTAssertNotEqual(depths, oldestFirst, "a different order")
    }

    func testAdditiveAddsOverlappingParticles() {
        let (root, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 10
            $0.color = CGColor(red: 0.3, green: 0, blue: 0, alpha: 1) }
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        for (mode, expected) in [(CAEmitterLayerRenderMode.unordered, 77), (.additive, 255)] {
            emitter.renderMode = mode
            CATransaction.flush()
            let pixel = render(root, at: 1)[100 * 400 + 30]
            XCTAssertEqual(Int((pixel >> 16) & 0xFF), expected, accuracy: 1, "\(mode.rawValue): 11 particles at one point")
        }
    }

    private func render(_ root: CALayer, at seconds: Double) -> [UInt32] {
        let ctx = CGContext(data: nil, width: 400, height: 400, bitsPerComponent: 8, bytesPerRow: 400 * 4,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.beginFrame(atTime: t0 + seconds)
        renderer.render()
        renderer.endFrame()
        let data = ctx.makeImage()!.dataProvider!.data! as Data
        return data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    // MARK: Sub-cells and timing

    func testChildCellsAreEmittedFromTheirParentsWithinTheirWindow() {
        let (_, emitter, _) = makeEmitter { cell in
            cell.birthRate = 2; cell.lifetime = 1; cell.velocity = 100
            let child = CAEmitterCell()
            child.birthRate = 100; child.lifetime = 0.05; child.beginTime = 0.2; child.duration = 0.3
            cell.emitterCells = [child]
        }
        let shown = particles(emitter, at: 10.4)
        let parents = shown.filter { $0.cell == 0 }, children = shown.filter { $0.cell == 1 }
        XCTAssertEqual(parents.count, 2)
        XCTAssertFalse(children.isEmpty)
        for c in children {
            // Born of the parent born at 10.0 (ages 0.2…0.5) or 9.5 (no: ages 0.9…); at its place then.
            let parentAge = c.birthTime - 10
            XCTAssertTrue((0.2 - 1e-9...0.5).contains(parentAge), "\(parentAge)")
            XCTAssertEqual(c.x, 30 + 100 * parentAge, accuracy: 1e-6)
        }
        XCTAssertTrue(particles(emitter, at: 10.15).allSatisfy { $0.cell == 0 }, "before the child's begin time")
    }

    func testChildrenAreAimedAlongTheirParentAndTakeItsColourAndScale() throws {
        let (_, emitter, _) = makeEmitter { cell in
            // One parent every 2 s, living 1 s; children living 0.4 s: at 10.5 s only the parent born at 10 s counts.
            cell.birthRate = 0.5; cell.lifetime = 1; cell.velocity = 100; cell.emissionLongitude = .pi / 2
            cell.scale = 2; cell.color = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
            let child = CAEmitterCell()
            child.birthRate = 10; child.lifetime = 0.4; child.velocity = 50   // longitude 0: the parent's heading
            child.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 0.5)
            cell.emitterCells = [child]
        }
        let children = particles(emitter, at: 10.5).filter { $0.cell == 1 }
        XCTAssertFalse(children.isEmpty)
        for c in children {
            let parentAge = c.birthTime - 10, age = 10.5 - c.birthTime
            XCTAssertEqual(c.x, 30, accuracy: 1e-6, "straight down, as the parent goes")
            XCTAssertEqual(c.y, 100 + 100 * parentAge + 50 * age, accuracy: 1e-6)
            XCTAssertEqual([c.red, c.green, c.blue, c.alpha], [0.5, 0.5, 0.25, 0.5], "the colours multiply")
            XCTAssertEqual(c.scale, 2, "the scales multiply")
        }
    }

    func testCellBeginTimeDurationAndEnabled() {
        let (_, emitter, cell) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.beginTime = 1; $0.duration = 2 }
        XCTAssertEqual(particles(emitter, at: 0.9).count, 0)
        XCTAssertEqual(particles(emitter, at: 2).count, 10)
        XCTAssertEqual(particles(emitter, at: 3.5).count, 4, "the last births, at 2.6 … 2.9 s (the end excluded), still live")
        XCTAssertEqual(particles(emitter, at: 4.1).count, 0)
        cell.isEnabled = false
        emitter.emitterCells = [cell]
        CATransaction.flush()
        XCTAssertEqual(particles(emitter, at: 2).count, 0)
    }

    func testTheLayersMultipliersScaleEveryCell() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.velocity = 10; $0.spin = 1 }
        emitter.birthRate = 2
        emitter.lifetime = 2
        emitter.velocity = 3
        emitter.scale = 0.5
        emitter.spin = 4
        CATransaction.flush()
        let shown = particles(emitter, at: 5)
        XCTAssertEqual(shown.count, 40, "20 a second living 2 s")
        for p in shown {
            let a = 5 - p.birthTime
            XCTAssertEqual(p.x, 30 + 30 * a, accuracy: 1e-9)
            XCTAssertEqual(p.scale, 0.5)
            XCTAssertEqual(p.angle, 4 * a, accuracy: 1e-9)
        }
        emitter.birthRate = 0
        CATransaction.flush()
        XCTAssertTrue(particles(emitter, at: 5).isEmpty)
    }

    func testTheLayersBeginTimeStartsItsEmitterFresh() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 10 }
        emitter.beginTime = t0 + 100
        CATransaction.flush()
        XCTAssertEqual(particles(emitter, at: 100.5).count, 6, "births at 0, 0.1, … 0.5 s of the layer's time")
        emitter.speed = 0
        emitter.timeOffset = 0.3
        CATransaction.flush()
        XCTAssertEqual(particles(emitter, at: 500).count, 4, "paused at 0.3 s")
    }

    func testTheSameSeedGivesTheSameParticles() {
        func snapshot(seed: UInt32) -> [Double] {
            let (_, emitter, _) = makeEmitter { $0.birthRate = 100; $0.lifetime = 2; $0.velocity = 50; $0.velocityRange = 50
                $0.emissionRange = 2 * .pi; $0.alphaRange = 0.5 }
            emitter.seed = seed
            CATransaction.flush()
            return particles(emitter, at: 3.3).flatMap { [$0.x, $0.y, $0.z, $0.alpha] }
        }
        XCTAssertEqual(snapshot(seed: 1), snapshot(seed: 1))
        XCTAssertNotEqual(snapshot(seed: 1), snapshot(seed: 2))
    }

    func testBadValuesAreHarmless() {
        let (_, emitter, cell) = makeEmitter { $0.birthRate = -5; $0.lifetime = 1 }
        XCTAssertTrue(particles(emitter, at: 1).isEmpty, "a negative birth rate emits nothing")
        cell.birthRate = 1e12
        cell.lifetime = 1e9
        cell.setValue(-1, forKey: "speed")
        emitter.emitterCells = [cell]
        CATransaction.flush()
        XCTAssertTrue(particles(emitter, at: 1).isEmpty, "a negative cell speed emits nothing")
        cell.speed = 1
        emitter.emitterCells = [cell]
        CATransaction.flush()
        let many = particles(emitter, at: 1)
        XCTAssertGreaterThan(many.count, 0)
        XCTAssertLessThanOrEqual(many.count, 200_000, "absurd rates are capped")
        XCTAssertTrue(particles(emitter, at: .nan).isEmpty)
    }

    func testACellAmongItsOwnChildrenIsCutOff() {
        let (_, emitter, cell) = makeEmitter { $0.birthRate = 1; $0.lifetime = 0.5; $0.velocity = 10 }
        cell.emitterCells = [cell]
        emitter.emitterCells = [cell]
        CATransaction.flush()
        let shown = particles(emitter, at: 1.2)
        XCTAssertFalse(shown.isEmpty)
        XCTAssertLessThanOrEqual(Set(shown.map(\.cell)).count, 8, "eight levels at most")
    }

    // MARK: Frames

    func testTheTreeAsksForFramesWhileParticlesLiveOnly() throws {
        let (root, _, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.beginTime = 2; $0.duration = 1 }
        let tree = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 0.5), t0 + 2, "the first birth")
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 2.5), t0 + 2.5)
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 3.9), t0 + 3.9, "the last particles still live")
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 4.1), .infinity)
    }
}

/// Changes after the first commit: particles born before keep the values they were born with.
final class CAEmitterLayerHistoryTests: XCTestCase {
    /// The trees' roots, kept for the test (a superlayer is held by nobody but its owner).
    private var roots: [CALayer] = []
    private let t0: CFTimeInterval = 1800

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func makeEmitter() -> (CALayer, CAEmitterLayer, CAEmitterCell) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.beginTime = t0
        emitter.emitterPosition = CGPoint(x: 30, y: 100)
        let cell = CAEmitterCell()
        cell.contents = CAEmitterLayerTests.square(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        cell.birthRate = 10
        cell.lifetime = 2
        cell.velocity = 100
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        roots.append(root)
        CATransaction.flush()
        return (root, emitter, cell)
    }

    func testStoppingTheEmitterLetsItsParticlesLiveOut() throws {
        let (root, emitter, _) = makeEmitter()
        CAMediaClock.freeze(at: t0 + 3)
        emitter.birthRate = 0
        CATransaction.flush()
        // The change takes effect at 3 s: the birth due then does not happen.
        XCTAssertEqual(emitter.particles(atMediaTime: t0 + 3).count, 19, "the living stay (born 1.1…2.9 s)")
        let later = emitter.particles(atMediaTime: t0 + 4)
        XCTAssertEqual(later.count, 9, "born 2.1…2.9 s, none since")
        XCTAssertTrue(later.allSatisfy { $0.birthTime < 3 })
        let tree = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 4.5), t0 + 4.5, "the last ones still move")
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 5.01), .infinity, "all dead, nothing due")
    }

    func testMovingTheEmitterLeavesItsParticlesWhereTheyAre() {
        let (_, emitter, _) = makeEmitter()
        CAMediaClock.freeze(at: t0 + 3)
        emitter.emitterPosition = CGPoint(x: 30, y: 300)
        CATransaction.flush()
        for p in emitter.particles(atMediaTime: t0 + 3.5) {
            XCTAssertEqual(p.y, p.birthTime < 3 ? 100 : 300, "born at \(p.birthTime)")
        }
    }

    func testChangesBeforeTheFirstCommitLeaveNoHistory() {
        let (_, emitter, _) = makeEmitter()
        XCTAssertEqual(emitter.particles(atMediaTime: t0 + 5).count, 20)
        XCTAssertTrue(emitter.particles(atMediaTime: t0 + 5).allSatisfy { $0.y == 100 })
    }
}

/// An emitter's damage: the box its particles cover, before and after, every frame while they move.
final class EmitterDamageTests: XCTestCase {
    private let t0: CFTimeInterval = 900

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheParticlesBoxIsDamagedEachFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 10, height: 10)   // particles leave its bounds
        emitter.beginTime = t0
        emitter.emitterPosition = CGPoint(x: 30, y: 100)
        let cell = CAEmitterCell()
        cell.contents = CAEmitterLayerTests.square(CGColor(red: 1, green: 1, blue: 1, alpha: 1), side: 4)
        cell.birthRate = 10
        cell.lifetime = 1
        cell.velocity = 100
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree)
        let size = CGSize(width: 400, height: 300)
        XCTAssertTrue(server.beginFrame(atMediaTime: t0 + 2, scale: 1, size: size).isEverything, "the first frame")
        let damage = server.beginFrame(atMediaTime: t0 + 2.5, scale: 1, size: size)
        XCTAssertFalse(damage.isEverything)
        let rects = try XCTUnwrap(damage.rectangles)
        let union = rects.reduce(CGRect.null) { $0.union($1) }
        // The layer's bounds, and particles at x 30…120 on y = 100 (at 2 s and at 2.5 s: ages up to
        // 0.9 s), 4-point squares (half-diagonal 2.8), 2 pixels of antialiasing.
        XCTAssertTrue(union.contains(CGRect(x: 28, y: 98, width: 94, height: 4)), "\(union)")
        XCTAssertLessThan(union.maxY, 110, "\(union)")
        XCTAssertLessThan(union.maxX, 130, "\(union)")
        XCTAssertEqual(server.nextChangeTime, t0 + 2.5, "the particles keep moving")
    }
}
