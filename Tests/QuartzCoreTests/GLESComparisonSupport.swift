import CoreGraphics
@testable import QuartzCore
import XCTest

/// Drawing one committed tree with either back end and measuring how far the two pictures lie apart
/// (the GL tests that hold GL to the software renderer's pixels).
enum GLESComparison {
    /// How two pictures differ: the largest channel difference, and the shares of pixels whose
    /// channels all lie within 2, 8 and 32.
    struct Difference {
        var worst = 0
        var within2 = 0.0
        var within8 = 0.0
        var within32 = 0.0
        var description: String {
            String(format: "worst %d, %.2f%% within 2, %.2f%% within 8, %.2f%% within 32",
                   worst, within2 * 100, within8 * 100, within32 * 100)
        }
    }

    /// Draws `root`'s committed tree with `renderer` into a fresh bitmap, `scale` pixels per point, its
    /// animations at media time `time`.
    static func draw(_ root: CALayer, with renderer: Renderer, width: Int, height: Int, scale: CGFloat = 1,
                     at time: CFTimeInterval = 0) -> CGContext {
        CATransaction.flush()
        let ctx = makeBitmapContext(width: width, height: height)
        let frame = RenderFrame(tree: root.latestRenderTree)
        frame.evaluate(root.latestRenderTree, atMediaTime: time)
        renderer.draw(frame.rootLayer, into: .bitmap(ctx), RenderPass(scale: scale))
        return ctx
    }

    /// The premultiplied R, G, B, A bytes of pixel (x, y), row 0 at the top.
    static func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> [UInt8] {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
        return [p[2], p[1], p[0], p[3]]
    }

    /// How `a` and `b` (same size) differ, channel by channel (alpha included).
    static func difference(_ a: CGContext, _ b: CGContext) -> Difference {
        var worst = 0, near = 0, close = 0, far = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = zip(pixel(a, x, y), pixel(b, x, y)).map { abs(Int($0) - Int($1)) }.max()!
                worst = max(worst, d)
                if d <= 2 { near += 1 }
                if d <= 8 { close += 1 }
                if d <= 32 { far += 1 }
            }
        }
        let total = Double(a.width * a.height)
        return Difference(worst: worst, within2: Double(near) / total, within8: Double(close) / total,
                          within32: Double(far) / total)
    }

    /// Draws `root` with GL (returned for its frame statistics) and with the software renderer, and
    /// returns how the pictures differ.
    static func compare(_ root: CALayer, width: Int, height: Int, scale: CGFloat = 1)
        throws -> (gl: GLESRenderer, difference: Difference) {
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, width: width, height: height, scale: scale)
        let swPicture = draw(root, with: SoftwareRenderer(), width: width, height: height, scale: scale)
        return (gl, difference(glPicture, swPicture))
    }

    /// A white canvas of the given size at the origin.
    static func canvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        return root
    }
}

