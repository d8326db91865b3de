import CoreGraphics
import Foundation

/// The pictures of `demo scaling`, drawn at run time.
enum ScalingArt {
    /// The pixel art's four colours (8-bit sRGB): background, body, eyes, mouth.
    static let palette: [(r: Int, g: Int, b: Int)] = [(20, 20, 60), (60, 220, 90), (255, 255, 255), (230, 40, 40)]

    /// An 8×8-pixel creature, one palette index per pixel, top row first.
    private static let rows = [
        "00111100",
        "01111110",
        "11211211",
        "11211211",
        "11111111",
        "11333311",
        "01111110",
        "01100110",
    ]

    /// The pixel art: 8×8 pixels, opaque, only palette colours.
    static let pixelArt: CGImage = {
        let ctx = context(side: 8)
        for (y, row) in rows.enumerated() {
            for (x, index) in row.enumerated() {
                let c = palette[Int(String(index))!]
                ctx.setFillColor(CGColor(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: 1))
                ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return ctx.makeImage()!
    }()

    /// A large picture with fine detail: 512 pixels of black and white rings 3 pixels wide around
    /// the middle, which shrinking to a quarter turns into moiré unless the filter averages.
    static let rings: CGImage = {
        let side = 512
        let ctx = context(side: side)
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: side, height: side))
        ctx.setStrokeColor(CGColor(gray: 0, alpha: 1))
        ctx.setLineWidth(3)
        for radius in stride(from: 3.0, to: 360, by: 6) {
            ctx.strokeEllipse(in: CGRect(x: 256 - radius, y: 256 - radius, width: 2 * radius, height: 2 * radius))
        }
        return ctx.makeImage()!
    }()

    /// A clear bitmap `side` pixels square, y down.
    private static func context(side: Int) -> CGContext {
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(side))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }
}
