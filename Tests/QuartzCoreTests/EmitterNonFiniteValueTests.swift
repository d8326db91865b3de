import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// An emitter cell's `CAMediaTiming` setters guard against NaN and infinities as an animation's do,
/// and no value, however bad, makes the emitter's simulation trap, run away or place a particle at
/// a position that is not a number.
final class EmitterNonFiniteValueTests: XCTestCase {
    private let t0: CFTimeInterval = 2400
    private var roots: [CALayer] = []

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    // MARK: Timing setters

    func testNaNIsIgnoredByEveryTimingSetterOfACell() {
        let cell = CAEmitterCell()
        cell.speed = 2; cell.speed = .nan
        XCTAssertEqual(cell.speed, 2)
        cell.timeOffset = 3; cell.timeOffset = .nan
        XCTAssertEqual(cell.timeOffset, 3)
        cell.beginTime = 4; cell.beginTime = .nan
        XCTAssertEqual(cell.beginTime, 4)
        cell.duration = 5; cell.duration = .nan
        XCTAssertEqual(cell.duration, 5)
        cell.repeatCount = 6; cell.repeatCount = .nan
        XCTAssertEqual(cell.repeatCount, 6)
        cell.repeatDuration = 7; cell.repeatDuration = .nan
        XCTAssertEqual(cell.repeatDuration, 7)
    }

    /// As for `CAAnimation`: infinity means for ever for the duration and the repeats, and is
    /// ignored for the speed, the time offset and the begin time.
    func testInfinityMeansForeverForDurationAndRepeatsButIsIgnoredForSpeedOffsetAndBegin() {
        let cell = CAEmitterCell()
        cell.duration = .infinity
        XCTAssertEqual(cell.duration, .infinity)
        cell.repeatCount = .infinity
        XCTAssertEqual(cell.repeatCount, .infinity)
        cell.repeatDuration = .infinity
        XCTAssertEqual(cell.repeatDuration, .infinity)
        cell.speed = .infinity
        cell.timeOffset = -.infinity
        cell.beginTime = .infinity
        XCTAssertEqual(cell.speed, 1)
        XCTAssertEqual(cell.timeOffset, 0)
        XCTAssertEqual(cell.beginTime, 0)

        // By key, as for an animation.
        let animation = CABasicAnimation(), keyed = CAEmitterCell()
        for key in ["duration", "repeatDuration", "beginTime", "timeOffset"] {
            animation.setValue(Double.infinity, forKey: key)
            keyed.setValue(Double.infinity, forKey: key)
            XCTAssertEqual(keyed.value(forKey: key) as? Double, animation.value(forKey: key) as? Double, key)
        }
    }

    func testACellRepeatingForeverEmitsForever() {
        let (_, emitter, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.duration = 1; $0.repeatCount = .infinity }
        XCTAssertEqual(particles(emitter, at: 1000.5).count, 10)
        let (_, endless, _) = makeEmitter { $0.birthRate = 10; $0.lifetime = 1; $0.duration = .infinity }
        XCTAssertEqual(particles(endless, at: 1000.5).count, 10)
    }

    // MARK: The simulation

    func testNonFiniteValuesOnTheCellAndTheLayerAreIgnoredAndTheEmitterRunsOn() {
        let configure: (CAEmitterCell) -> Void = { $0.birthRate = 20; $0.lifetime = 2; $0.velocity = 40; $0.emissionRange = 1 }
        let (_, reference, _) = makeEmitter(configure)
        let expected = particles(reference, at: 3).map { [$0.x, $0.y, $0.scale, $0.angle] }
        XCTAssertEqual(expected.count, 40)

        let (_, emitter, cell) = makeEmitter(configure)
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            cell.birthRate = Float(bad)
            cell.lifetime = Float(bad)
            cell.lifetimeRange = Float(bad)
            cell.velocity = bad
            cell.velocityRange = bad
            cell.scale = bad
            cell.scaleSpeed = bad
            cell.spin = bad
            cell.emissionRange = bad
            cell.emissionLongitude = bad
            cell.xAcceleration = bad
            emitter.birthRate = Float(bad)
            emitter.lifetime = Float(bad)
            emitter.velocity = Float(bad)
            emitter.emitterPosition = CGPoint(x: bad, y: bad)
        }
        emitter.emitterCells = [cell]
        CATransaction.flush()
        XCTAssertEqual(particles(emitter, at: 3).map { [$0.x, $0.y, $0.scale, $0.angle] }, expected)
    }

    func testHugeFiniteValuesGiveNoParticleThatIsNotANumber() {
        let huge = CGFloat.greatestFiniteMagnitude
        let wild = CAEmitterCell()
        wild.birthRate = 50; wild.lifetime = 2
        wild.velocity = huge; wild.velocityRange = huge
        wild.xAcceleration = -huge; wild.yAcceleration = huge
        wild.scale = huge; wild.scaleSpeed = -huge
        wild.spin = huge; wild.spinRange = huge
        wild.emissionRange = 2 * .pi
        let child = CAEmitterCell()
        child.birthRate = 10; child.lifetime = 1; child.velocity = huge
        wild.emitterCells = [child]
        let (root, emitter, _) = makeEmitter({ $0.birthRate = 10; $0.lifetime = 1; $0.velocity = 10 }, layer: { emitter in
            emitter.emitterCells = [wild] + (emitter.emitterCells ?? [])
            emitter.velocity = .greatestFiniteMagnitude
            emitter.scale = .greatestFiniteMagnitude
            emitter.spin = .greatestFiniteMagnitude
        })
        // The cells: wild, the tame one (top level first), then wild's child.
        for (seconds, alive) in [(0.0, 1), (0.5, 6), (1.5, 10), (10, 10)] {
            let shown = particles(emitter, at: seconds)
            assertAllFinite(shown)
            XCTAssertEqual(shown.filter { $0.cell == 1 }.count, alive, "the tame cell's particles at \(seconds) s")
        }
        draw(root, at: 0.5)
    }

    func testAHugeEmitterShapeGivesNoParticleThatIsNotANumber() {
        let huge = CGFloat.greatestFiniteMagnitude
        let (root, emitter, _) = makeEmitter { $0.birthRate = 50; $0.lifetime = 2; $0.velocity = huge; $0.emissionRange = 1 }
        emitter.emitterPosition = CGPoint(x: huge, y: -huge)
        emitter.emitterSize = CGSize(width: huge, height: huge)
        for shape in [CAEmitterLayerEmitterShape.rectangle, .cuboid, .circle, .sphere, .line] {
            for mode in [CAEmitterLayerEmitterMode.volume, .outline, .surface, .points] {
                emitter.emitterShape = shape
                emitter.emitterMode = mode
                emitter.emitterDepth = huge
                CATransaction.flush()
                assertAllFinite(particles(emitter, at: 1))
            }
        }
        draw(root, at: 1)
    }

    /// Particles too small or too large for a drawing matrix, in coloured (not white) art, are
    /// skipped without spoiling what is drawn after them.
    func testDegenerateParticlesDoNotSpoilTheRestOfTheFrame() throws {
        let (root, emitter, cell) = makeEmitter { $0.birthRate = 20; $0.lifetime = 2; $0.velocity = 5; $0.emissionRange = 1 }
        cell.contents = CAEmitterLayerTests.square(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
        cell.scale = 1e-200
        cell.scaleRange = 1e-200
        let wide = CAEmitterCell()
        wide.contents = cell.contents
        wide.birthRate = 20; wide.lifetime = 2
        wide.scale = 1e200
        wide.contentsRect = CGRect(x: -1e300, y: -1e300, width: 1e300, height: 1e300)
        emitter.emitterCells = [cell, wide]
        emitter.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
        let after = CALayer()
        after.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
        after.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(after)
        CATransaction.flush()
        let context = draw(root, at: 1)
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        let pixel = 20 * context.bytesPerRow + 30 * 4
        XCTAssertEqual([data[pixel + 2], data[pixel + 1], data[pixel], data[pixel + 3]], [0, 255, 0, 255],
                       "the layer drawn after the particles")
    }

    func testAbsurdRatesAndLifetimesWithChildrenStayBounded() {
        let (_, emitter, cell) = makeEmitter {
            $0.birthRate = .greatestFiniteMagnitude; $0.lifetime = .greatestFiniteMagnitude
            $0.lifetimeRange = .greatestFiniteMagnitude; $0.velocity = 10
        }
        let child = CAEmitterCell()
        child.birthRate = .greatestFiniteMagnitude; child.lifetime = .greatestFiniteMagnitude
        cell.emitterCells = [child]
        emitter.birthRate = .greatestFiniteMagnitude
        emitter.lifetime = .greatestFiniteMagnitude
        emitter.emitterCells = [cell]
        CATransaction.flush()
        let shown = particles(emitter, at: 30)
        XCTAssertGreaterThan(shown.count, 0)
        XCTAssertLessThanOrEqual(shown.count, 200_000)
        XCTAssertTrue(shown.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    // MARK: Helpers

    private func assertAllFinite(_ particles: [EmitterParticle], file: StaticString = #filePath, line: UInt = #line) {
        for p in particles {
            XCTAssertTrue(p.x.isFinite && p.y.isFinite && p.z.isFinite, "position \(p.x), \(p.y), \(p.z)", file: file, line: line)
            XCTAssertTrue(p.scale.isFinite && p.angle.isFinite && p.alpha.isFinite, file: file, line: line)
        }
    }

    /// Draws the tree at `t0 + seconds` (nothing may trap) into a new 40×40 context.
    @discardableResult
    private func draw(_ root: CALayer, at seconds: Double) -> CGContext {
        let context = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: context)
        renderer.layer = root
        renderer.beginFrame(atTime: t0 + seconds)
        renderer.render()
        renderer.endFrame()
        return context
    }

    /// A committed emitter at (30, 100), begun at t0, with one cell `configure` sets up.
    /// `layer` sets the layer up further before the commit.
    private func makeEmitter(_ configure: (CAEmitterCell) -> Void,
                             layer: (CAEmitterLayer) -> Void = { _ in }) -> (CALayer, CAEmitterLayer, CAEmitterCell) {
        let made = CAEmitterLayerTests.committedEmitter(beginTime: t0, configure, layer: layer)
        roots.append(made.root)
        return made
    }

    private func particles(_ emitter: CAEmitterLayer, at seconds: Double) -> [EmitterParticle] {
        emitter.particles(atMediaTime: t0 + seconds)
    }
}
