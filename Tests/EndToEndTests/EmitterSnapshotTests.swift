import Foundation
import XCTest

/// `demo explosion` and `demo waterfall` snapshots with their live particles (`--particles`),
/// against seed-examples' acceptance lines (003 L6.13; 001 E50, E52).
final class EmitterSnapshotTests: DemoSnapshotTestCase {
    private struct Particles {
        var count: Int
        var emitter: (x: Double, y: Double)
        var all: [(x: Double, y: Double, alpha: Double)]
    }

    /// The picture and the particles of `demo NAME --snapshot … --particles …`.
    private func snapshot(_ demo: String, _ arguments: [String], saveAs name: String) throws -> (PNGPixels, Particles) {
        let dir = try makeScratchDirectory("e2e-\(demo)-particles")
        let path = dir.url.appendingPathComponent("particles.jsonl").path
        let image = try snapshot(demo: demo, arguments + ["--particles", path], saveAs: name)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var result = Particles(count: -1, emitter: (0, 0), all: [])
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let x = try XCTUnwrap(object["x"] as? Double), y = try XCTUnwrap(object["y"] as? Double)
            if object["type"] as? String == "emitter" {
                result.count = try XCTUnwrap(object["count"] as? Int)
                result.emitter = (x, y)
            } else {
                result.all.append((x, y, try XCTUnwrap(object["alpha"] as? Double)))
            }
        }
        XCTAssertEqual(result.count, result.all.count)
        return (image, result)
    }

    func testTheExplosionHasAbout750ParticlesWithin250PointsAtFiveSeconds() throws {
        let (image, particles) = try snapshot("explosion", ["--seed", "1", "--at", "5"], saveAs: "explosion-5s.png")
        XCTAssertEqual(Double(particles.count), 750, accuracy: 750 * 0.03)
        XCTAssertEqual(particles.emitter.x, 300)
        XCTAssertEqual(particles.emitter.y, 300)
        let visible = particles.all.filter { $0.alpha > 0 }
        XCTAssertFalse(visible.isEmpty)
        for p in visible {
            XCTAssertLessThanOrEqual(hypot(p.x - 300, p.y - 300), 250, "(\(p.x), \(p.y)) alpha \(p.alpha)")
        }
        // Additive: the centre saturates towards white/yellow; the corners stay the background.
        let centre = image.at(300, 300)
        XCTAssertGreaterThan(centre.r, 240, "\(centre)")
        XCTAssertGreaterThan(centre.g, 200, "\(centre)")
        XCTAssertTrue(image.at(5, 5).isGray(13, tolerance: 2), "\(image.at(5, 5))")
    }

    func testTheBoringEmittersDotsMoveAlongTheirRow() throws {
        let (image, particles) = try snapshot("waterfall", ["--variant", "1", "--at", "3.1"], saveAs: "waterfall-1.png")
        XCTAssertEqual(particles.count, 5)
        for p in particles.all {
            XCTAssertEqual(p.y, 100, accuracy: 1e-6)
            XCTAssertTrue((30...130).contains(p.x), "\(p.x)")
        }
        // A black dot at each particle, white elsewhere.
        for p in particles.all { XCTAssertTrue(image.at(p.x, p.y).isDark, "dot at (\(p.x), 100)") }
        XCTAssertEqual(image.at(200, 100), RGB(r: 255, g: 255, b: 255))
        XCTAssertEqual(image.at(80, 130), RGB(r: 255, g: 255, b: 255))
    }

    func testTheWaterfallsParticlesDieNear135By325() throws {
        let (_, particles) = try snapshot("waterfall", ["--variant", "3", "--at", "4"], saveAs: "waterfall-3.png")
        XCTAssertEqual(particles.count, 150, "100 a second living 1.5 s")
        // The π/10 cone spreads the oldest (about 1.5 s old) a little about the central (135, 325).
        let lowest = try XCTUnwrap(particles.all.max { $0.y < $1.y })
        XCTAssertEqual(lowest.x, 135, accuracy: 25)
        XCTAssertEqual(lowest.y, 325, accuracy: 25)
        for p in particles.all { XCTAssertLessThanOrEqual(p.y, 345, "none falls much past the central path") }
    }

    func testTheWaterfallStagesAllRender() throws {
        for stage in 1...8 {
            let (image, particles) = try snapshot("waterfall", ["--variant", "\(stage)", "--at", "2.5"],
                                                  saveAs: "waterfall-\(stage).png")
            XCTAssertGreaterThan(particles.count, 0, "stage \(stage)")
            let drawn = particles.all.contains { p in
                p.x >= 0 && p.y >= 0 && p.x < 480 && p.y < 480 && image.at(p.x, p.y) != RGB(r: 255, g: 255, b: 255)
            }
            XCTAssertTrue(drawn, "stage \(stage) draws its particles")
        }
    }
}
