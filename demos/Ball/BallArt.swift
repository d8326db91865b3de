import CoreGraphics
import Foundation

/// The guide's Ball.png (seed-examples §7.3.0), drawn with Core Graphics at run time: a 64x64-point
/// ball, saturated red at the rim turning to a light orange towards a highlight up and to the left,
/// transparent outside. Every pixel of the ball is warm (red well above blue), so a test can find it
/// as the centroid of its warm pixels.
enum BallArt {
    static let size = CGSize(width: 64, height: 64)
    static let rim = (r: 0.80, g: 0.07, b: 0.04)
    static let core = (r: 1.00, g: 0.62, b: 0.30)
    static let highlight = CGColor(red: 1.0, green: 0.86, blue: 0.62, alpha: 0.85)

    /// The ball at `scale` pixels per point.
    static func ball(scale: CGFloat) -> CGImage? {
        image(size: size, scale: scale) { ctx in
            // A radial-ish gradient as concentric discs: each smaller disc is lighter and sits nearer
            // the light (up and to the left), from the full 64-point rim disc down to a 10-point core.
            let steps = 40
            let light = CGPoint(x: 24, y: 22)
            let centre = CGPoint(x: 32, y: 32)
            for i in 0..<steps {
                let f = CGFloat(i) / CGFloat(steps - 1)        // 0: rim, 1: core
                let radius = 32 - 27 * f
                let c = CGPoint(x: centre.x + (light.x - centre.x) * f, y: centre.y + (light.y - centre.y) * f)
                let e = f * f                                   // stays red over most of the ball
                ctx.setFillColor(CGColor(red: rim.r + (core.r - rim.r) * e, green: rim.g + (core.g - rim.g) * e,
                                         blue: rim.b + (core.b - rim.b) * e, alpha: 1))
                ctx.fillEllipse(in: CGRect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
            }
            // The glossy highlight.
            ctx.setFillColor(highlight)
            ctx.fillEllipse(in: CGRect(x: 15, y: 13, width: 14, height: 10))
        }
    }

    /// Renders `draw` (y-down user space in points) into an image of `size * scale` pixels.
    private static func image(size: CGSize, scale: CGFloat, draw: (CGContext) -> Void) -> CGImage? {
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        draw(ctx)
        return ctx.makeImage()
    }
}
