import CALinuxCairo
import CoreGraphics
import XCTest

/// `fill(_:)` of one rectangle with antialiasing off under a rotating transform is drawn by pixman in
/// one composite: it must give the pixels cairo's own aliased fill gives (`fill([rect])`, which always
/// goes through cairo), inside the same clips, with the same colours and alpha. The two rasterizers
/// compute an edge's position at a pixel centre with different fixed-point arithmetic, so a pixel whose
/// centre lies within about 1/100 pixel of an edge may go either way: a shape may differ in a pixel or
/// two on its edges (a wrong colour, blend or clip differs in hundreds).
final class CGContextAliasedFillTests: XCTestCase {
    private let size = 64

    /// Pixel rows of `ctx` as bytes.
    private func bytes(_ ctx: CGContext) -> [UInt8] {
        ctx.flush()
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: p, count: ctx.bytesPerRow * ctx.height))
    }

    /// Draws `scene` twice, filling rectangles with `fill(_:)` in one context and `fill([_])` in the
    /// other, and returns how many pixels differ.
    private func differingPixels(bitmapInfo: UInt32 = nativeBitmapInfo,
                                 _ scene: (CGContext, (CGRect) -> Void) -> Void) -> Int {
        func make() -> CGContext {
            CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)!
        }
        let fast = make(), cairo = make()
        scene(fast) { fast.fill($0) }
        scene(cairo) { cairo.fill([$0]) }
        let a = bytes(fast), b = bytes(cairo)
        var differing = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i..<i + 4] != b[i..<i + 4] { differing += 1 }
        return differing
    }

    /// A deterministic sequence of numbers in 0..<1.
    private struct Sequence {
        var state: UInt64
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
    }

    /// At most this many edge pixels of one shape may differ (see above).
    private let edgeTies = 3

    func testRotatedRectanglesMatchCairoPixelForPixel() {
        var random = Sequence(state: 7)
        var total = 0
        for trial in 0..<200 {
            let angle = random.next() * 2 * .pi
            let w = 1 + random.next() * 30, h = 1 + random.next() * 30
            let cx = random.next() * 64, cy = random.next() * 64
            let color = CGColor(red: random.next(), green: random.next(), blue: random.next(), alpha: 0.2 + random.next() * 0.8)
            let alpha = 0.3 + random.next() * 0.7
            let differing = differingPixels { ctx, fill in
                ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
                ctx.fill([CGRect(x: 0, y: 0, width: 64, height: 64)])
                ctx.setShouldAntialias(false)
                ctx.translateBy(x: cx, y: cy)
                ctx.rotate(by: angle)
                ctx.setAlpha(alpha)
                ctx.setFillColor(color)
                fill(CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            }
            XCTAssertLessThanOrEqual(differing, edgeTies, "trial \(trial): angle \(angle), size \(w)x\(h) at (\(cx), \(cy))")
            total += differing
        }
        XCTAssertLessThanOrEqual(total, 40, "edge ties over 200 shapes of about 60 edge pixels each (25 measured)")
    }

    func testOverlappingTranslucentFillsBlendAsCairoBlends() {
        let differing = differingPixels { ctx, fill in
            ctx.setShouldAntialias(false)
            for i in 0..<12 {
                ctx.saveGState()
                ctx.translateBy(x: 10 + CGFloat(i) * 4, y: 32)
                ctx.rotate(by: CGFloat(i) * 0.37)
                ctx.setFillColor(CGColor(red: CGFloat(i) / 12, green: 0.5, blue: 1 - CGFloat(i) / 12, alpha: 0.55))
                fill(CGRect(x: -12, y: -6, width: 24, height: 12))
                ctx.restoreGState()
            }
        }
        XCTAssertLessThanOrEqual(differing, edgeTies)
    }

    func testClipsOfPixelRectanglesAndOfPathsAreHonoured() {
        let shapes: [(CGContext) -> Void] = [
            { $0.clip(to: [CGRect(x: 5, y: 7, width: 20, height: 30), CGRect(x: 20, y: 30, width: 30, height: 20)]) },
            { $0.clip(to: CGRect(x: 10, y: 10, width: 40, height: 40)); $0.clip(to: CGRect(x: 30, y: 0, width: 30, height: 35)) },
            { $0.clip(to: CGRect(x: 10.5, y: 10.25, width: 40, height: 40)) },              // not on pixel edges
            { $0.addEllipse(in: CGRect(x: 8, y: 8, width: 48, height: 40)); $0.clip() },   // a path
            { $0.clip(to: [CGRect]()) },                                                  // clips everything
        ]
        for (i, clip) in shapes.enumerated() {
            let differing = differingPixels { ctx, fill in
                clip(ctx)
                ctx.setShouldAntialias(false)
                ctx.translateBy(x: 32, y: 32)
                ctx.rotate(by: 0.6)
                ctx.setFillColor(CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.9))
                fill(CGRect(x: -25, y: -18, width: 50, height: 36))
            }
            XCTAssertLessThanOrEqual(differing, edgeTies, "clip \(i)")
        }
    }

    func testClipsEndWithTheirSavedState() {
        let differing = differingPixels { ctx, fill in
            ctx.setShouldAntialias(false)
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.restoreGState()
            ctx.translateBy(x: 32, y: 32)
            ctx.rotate(by: 1.1)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            fill(CGRect(x: -20, y: -20, width: 40, height: 40))
        }
        XCTAssertLessThanOrEqual(differing, edgeTies)
    }

    func testInsideTransparencyLayersWithShadowsAndBlendModesCairoDraws() {
        let differing = differingPixels { ctx, fill in
            ctx.setShouldAntialias(false)
            ctx.translateBy(x: 32, y: 32)
            ctx.rotate(by: 0.4)
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.7))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            fill(CGRect(x: -20, y: -10, width: 40, height: 20))
            ctx.endTransparencyLayer()
            ctx.setBlendMode(.multiply)
            fill(CGRect(x: -10, y: -20, width: 20, height: 40))
            ctx.setBlendMode(.normal)
            ctx.setShadow(offset: CGSize(width: 3, height: 3), blur: 2)
            fill(CGRect(x: -5, y: -5, width: 10, height: 10))
        }
        XCTAssertLessThanOrEqual(differing, edgeTies)
    }

    func testInsideAGroupPushedOnTheCairoContextDirectly() {
        // Other modules draw through the context's cairo_t too (a replicator's tinted instances): a
        // fill inside their group must land in the group, not on the target beneath.
        let differing = differingPixels { ctx, fill in
            let cr = ctx.cairoContext
            ctx.setShouldAntialias(false)
            ctx.translateBy(x: 32, y: 32)
            ctx.rotate(by: 0.8)
            cairo_push_group(cr)
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            fill(CGRect(x: -20, y: -12, width: 40, height: 24))
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, 0.4)
        }
        XCTAssertLessThanOrEqual(differing, edgeTies)
    }

    func testOpaqueRGBContextsAndHugeOrOffTargetShapes() {
        let rgb = CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let differing = differingPixels(bitmapInfo: rgb) { ctx, fill in
            ctx.setShouldAntialias(false)
            ctx.translateBy(x: 32, y: 32)
            ctx.rotate(by: 0.3)
            ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
            fill(CGRect(x: -10, y: -10, width: 20, height: 20))
            fill(CGRect(x: -5000, y: -3, width: 10_000, height: 6))   // larger than the pixman path takes
            fill(CGRect(x: 500, y: 500, width: 20, height: 20))       // off the target
        }
        XCTAssertLessThanOrEqual(differing, edgeTies)
    }
}
