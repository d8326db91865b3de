import CoreGraphics
import Foundation

/// The two pictures the contents actions swap (000 L6-1, 001 E47), drawn at run time: an orange
/// square with a white ring, a teal one with a white bar; 80 pixels square.
enum ActionsArt {
    static func pictures() -> [CGImage] {
        [picture(fill: CGColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)) { ctx in
            ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.setLineWidth(8)
            ctx.strokeEllipse(in: CGRect(x: 20, y: 20, width: 40, height: 40))
        }, picture(fill: CGColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 1)) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 16, y: 34, width: 48, height: 12))
        }]
    }

    private static func picture(fill: CGColor, _ draw: (CGContext) -> Void) -> CGImage {
        let ctx = CGContext(data: nil, width: 80, height: 80, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(fill)
        ctx.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
        draw(ctx)
        return ctx.makeImage()!
    }
}
