import CoreGraphics
import Foundation

/// The clock's pictures, drawn with Core Graphics at run time. Sizes are in points of the book's
/// 300-point clock; `scale` is pixels per point. Hands are drawn pointing up (12 o'clock) with
/// their pivot 90% of the way down.
enum ClockArt {
    static let faceSize = CGSize(width: 300, height: 300)
    static let hourSize = CGSize(width: 16, height: 100)
    static let minuteSize = CGSize(width: 10, height: 140)
    static let secondSize = CGSize(width: 4, height: 160)

    static let ink = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    static let rim = CGColor(red: 0.3, green: 0.3, blue: 0.32, alpha: 1)
    static let secondRed = CGColor(red: 0.86, green: 0.1, blue: 0.1, alpha: 1)

    static func face(scale: CGFloat) -> CGImage? {
        image(size: faceSize, scale: scale) { ctx in
            let c = CGPoint(x: 150, y: 150)
            ctx.setFillColor(CGColor(gray: 1, alpha: 1))
            ctx.fillEllipse(in: CGRect(x: c.x - 146, y: c.y - 146, width: 292, height: 292))
            ctx.setStrokeColor(rim)
            ctx.setLineWidth(4)
            ctx.strokeEllipse(in: CGRect(x: c.x - 144, y: c.y - 144, width: 288, height: 288))
            // 60 minute ticks, every fifth one longer and bolder.
            ctx.setFillColor(ink)
            for i in 0..<60 {
                let hour = i % 5 == 0
                let (w, h): (CGFloat, CGFloat) = hour ? (4, 18) : (1.5, 8)
                ctx.saveGState()
                ctx.translateBy(x: c.x, y: c.y)
                ctx.rotate(by: CGFloat(i) * .pi / 30)
                ctx.fill(CGRect(x: -w / 2, y: -138, width: w, height: h))
                ctx.restoreGState()
            }
        }
    }

    /// A tapered hand with a rounded tip, widest at the pivot.
    static func hand(size: CGSize, scale: CGFloat) -> CGImage? {
        image(size: size, scale: scale) { ctx in
            let w = size.width, h = size.height, pivot = h * 0.9
            let tip = w * 0.22
            let path = CGMutablePath()
            path.move(to: CGPoint(x: w * 0.2, y: h))
            path.addLine(to: CGPoint(x: 0, y: pivot))
            path.addLine(to: CGPoint(x: w / 2 - tip, y: tip))
            path.addArc(center: CGPoint(x: w / 2, y: tip), radius: tip, startAngle: .pi, endAngle: 0, clockwise: false)
            path.addLine(to: CGPoint(x: w, y: pivot))
            path.addLine(to: CGPoint(x: w * 0.8, y: h))
            path.closeSubpath()
            ctx.addPath(path)
            ctx.setFillColor(ink)
            ctx.fillPath()
        }
    }

    /// The thin red second hand with a counterweight disc near its tail.
    static func secondHand(scale: CGFloat) -> CGImage? {
        image(size: secondSize, scale: scale) { ctx in
            let w = secondSize.width, h = secondSize.height
            ctx.setFillColor(secondRed)
            ctx.fill(CGRect(x: w / 2 - 0.9, y: 0, width: 1.8, height: h))
            ctx.fillEllipse(in: CGRect(x: 0, y: h - 12, width: w, height: w))
            ctx.fillEllipse(in: CGRect(x: 0, y: h * 0.9 - w / 2, width: w, height: w))
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
