import CALinuxPixman
@testable import CoreGraphics
import XCTest

/// `AliasedRuns` computes, without an image, the pixels pixman's 1-bit rasterizer sets for a
/// trapezoid: for the trapezoids of many rotated, sheared and tiny quadrilaterals at fractional
/// positions, every row's run must be exactly the bits `pixman_rasterize_trapezoid` sets in an a1 image.
final class AliasedRunsTests: XCTestCase {
    private struct Sequence {
        var state: UInt64
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
    }

    func testRunsAreTheBitsPixmanSets() throws {
        let size = 96
        let stride = (size + 31) / 32 * 4
        let bits = UnsafeMutablePointer<UInt32>.allocate(capacity: stride / 4 * size)
        defer { bits.deallocate() }
        let image = try XCTUnwrap(pixman_image_create_bits(PIXMAN_a1, Int32(size), Int32(size), bits, Int32(stride)))
        defer { pixman_image_unref(image) }
        var runs = AliasedRuns(capacity: 8)
        defer { runs.deallocate() }
        var random = Sequence(state: 11)
        var rowsCompared = 0
        for trial in 0..<2000 {
            // A rectangle (sometimes under a pixel thin) turned, sheared and placed at a fraction of a pixel.
            let w = trial % 7 == 0 ? random.next() * 1.5 : 0.5 + random.next() * 40
            let h = trial % 11 == 0 ? random.next() * 1.5 : 0.5 + random.next() * 40
            let angle = trial % 5 == 0 ? CGFloat(trial % 4) * .pi / 2 : random.next() * 2 * .pi
            let shear = trial % 3 == 0 ? random.next() - 0.5 : 0
            let cx = 30 + random.next() * 36, cy = 30 + random.next() * 36
            let t = CGAffineTransform(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0)
                .rotated(by: angle).concatenating(CGAffineTransform(translationX: cx, y: cy))
            let r = CGRect(x: -w / 2, y: -h / 2, width: w, height: h)
            let quad = (CGPoint(x: r.minX, y: r.minY).applying(t), CGPoint(x: r.maxX, y: r.minY).applying(t),
                        CGPoint(x: r.maxX, y: r.maxY).applying(t), CGPoint(x: r.minX, y: r.maxY).applying(t))
            bits.initialize(repeating: 0, count: stride / 4 * size)
            runs.reset(top: 0, rows: size)
            CGContext.forEachTrapezoid(ofQuad: quad) { trap in
                var trap = trap
                pixman_rasterize_trapezoid(image, &trap, 0, 0)
                runs.add(trap)
            }
            for y in 0..<size {
                let run = runs.run(ofRow: y)
                for x in 0..<size {
                    let set = bits[y * stride / 4 + x / 32] >> UInt32(x % 32) & 1 == 1
                    let inRun = x >= run.first && x < run.end
                    if set != inRun {
                        XCTFail("trial \(trial): row \(y), pixel \(x): pixman \(set), runs \(inRun) (\(run))")
                        return
                    }
                }
                rowsCompared += 1
            }
        }
        XCTAssertEqual(rowsCompared, 2000 * size)
    }
}
