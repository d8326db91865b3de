import CoreGraphics
import Foundation

/// The book's stretchable pictures, drawn at run time.
enum StretchArt {
    /// "Button.png": 40×40 pixels, a rounded rectangle of radius 10 with a 2-pixel dark border and a
    /// light-to-mid blue gradient from top to bottom. The corners lie in the outer quarter on every
    /// side, so contentsCenter (0.25, 0.25, 0.5, 0.5) stretches only flat parts.
    static let button: CGImage = {
        let ctx = context(side: 40)
        let shape = CGPath(roundedRect: CGRect(x: 1, y: 1, width: 38, height: 38), cornerWidth: 9, cornerHeight: 9, transform: nil)
        ctx.saveGState()
        ctx.addPath(shape)
        ctx.clip()
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 0.75, green: 0.87, blue: 1, alpha: 1),
                                           CGColor(red: 0.25, green: 0.5, blue: 0.9, alpha: 1)], locations: [0, 1])!
        // The context runs y down: the light colour at the top.
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 40), options: [])
        ctx.restoreGState()
        ctx.addPath(shape)
        ctx.setStrokeColor(CGColor(red: 0.1, green: 0.2, blue: 0.4, alpha: 1))
        ctx.setLineWidth(2)
        ctx.strokePath()
        return ctx.makeImage()!
    }()

    /// "Circle.png": a filled blue circle 64 pixels across.
    static let circle: CGImage = {
        let ctx = context(side: 64)
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 64, height: 64))
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
