import Foundation
import XCTest

/// `demo matrix3d --snapshot` (seed-examples §8 `matrix3d`): culling (variant 2) and recycling
/// (variant 3) show a few hundred of the 100 000 layers, recycling reuses layers after a scroll, and
/// the picture is the one of the 10×10×10 matrix of every layer (variant 1) where both have layers.
final class Matrix3DSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String) throws -> (PNGPixels, [TraceLine]) {
        let dir = try makeScratchDirectory("e2e-matrix3d")
        let trace = dir.url.appendingPathComponent("matrix3d.jsonl")
        let image = try snapshot(demo: "matrix3d", ["--variant", variant, "--offset", "600,600", "--trace", trace.path],
                                 saveAs: "matrix3d-\(variant).png")
        return (image, TraceLine.read(trace).filter { $0.type == "displayed" })
    }

    func testCullingAndRecyclingShowAFewHundredLayersOfTheSamePicture() throws {
        let (all, allLines) = try shot("1")
        XCTAssertEqual(allLines.last?.number("count"), 1000)
        for variant in ["2", "3"] {
            let (image, lines) = try shot(variant)
            XCTAssertGreaterThanOrEqual(lines.count, 2, "laid out, then scrolled to (600, 600)")
            for line in lines {
                XCTAssertEqual(line.number("total"), 100_000)
                XCTAssertLessThan(line.number("count") ?? .infinity, 1000, "variant \(variant) displays hundreds")
            }
            if variant == "3" {
                XCTAssertGreaterThan(lines.last?.number("recycled") ?? 0, 0, "layers are reused after the scroll")
            } else {
                XCTAssertTrue(lines.allSatisfy { $0.number("recycled") == 0 })
            }
            var differing = 0
            all.forEach { x, y, p in if image[x, y] != p { differing += 1 } }
            XCTAssertLessThan(differing, all.width * all.height / 200, "variant \(variant): the same picture as every layer")
        }
    }
}
