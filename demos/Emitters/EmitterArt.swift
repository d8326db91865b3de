import CoreGraphics
import Foundation

/// The emitter demos' particle pictures, drawn at run time (no image files).
enum EmitterArt {
    /// A soft white spark: a disc whose alpha falls from 1 at the centre to 0 at the rim, `side` pixels.
    static func spark(side: Int = 32) -> CGImage? {
        guard let ctx = bitmap(side) else { return nil }
        let colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 0.35),
                      CGColor(red: 1, green: 1, blue: 1, alpha: 0)]
        guard let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors,
                                        locations: [0, 0.4, 1]) else { return nil }
        let c = CGPoint(x: CGFloat(side) / 2, y: CGFloat(side) / 2)
        ctx.drawRadialGradient(gradient, startCenter: c, startRadius: 0, endCenter: c, endRadius: CGFloat(side) / 2,
                               options: [])
        return ctx.makeImage()
    }

    /// Neuburg's particle: a 10-point black circle, `scale` pixels per point.
    static func blackCircle(scale: Int = 1) -> CGImage? {
        let side = 10 * scale
        guard let ctx = bitmap(side) else { return nil }
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
        return ctx.makeImage()
    }

    /// The same circle in white, for particles coloured by their cell.
    static func whiteCircle(scale: Int = 1) -> CGImage? {
        let side = 10 * scale
        guard let ctx = bitmap(side) else { return nil }
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: side, height: side))
        return ctx.makeImage()
    }

    private static func bitmap(_ side: Int) -> CGContext? {
        CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }
}
