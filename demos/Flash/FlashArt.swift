import CoreGraphics
import Foundation

/// The pictures of `demo flash`, drawn at run time: the "photo" (Neuburg's moi.jpg; here a
/// portrait of circles on a gradient) and the flash transition's frames.
enum FlashArt {
    static let side = 240
    /// The face's flat colour, at the middle of the photo.
    static let face = (r: 0.95, g: 0.8, b: 0.6)

    static func context() -> CGContext {
        CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// The photo: a sky-to-sand gradient, a face, two eyes and a smile (y up in the bitmap).
    static func photo() -> CGImage {
        let ctx = context()
        let s = CGFloat(side)
        let sky = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                             colors: [CGColor(red: 0.3, green: 0.5, blue: 0.8, alpha: 1), CGColor(red: 0.9, green: 0.7, blue: 0.5, alpha: 1)],
                             locations: [0, 1])!
        ctx.drawLinearGradient(sky, start: CGPoint(x: 0, y: s), end: CGPoint(x: 0, y: 0), options: [])
        ctx.setFillColor(CGColor(red: 0.35, green: 0.2, blue: 0.1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 55, y: 50, width: 130, height: 150))
        ctx.setFillColor(CGColor(red: face.r, green: face.g, blue: face.b, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 70, y: 55, width: 100, height: 125))
        ctx.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 92, y: 130, width: 14, height: 14))
        ctx.fillEllipse(in: CGRect(x: 134, y: 130, width: 14, height: 14))
        ctx.setStrokeColor(CGColor(red: 0.6, green: 0.15, blue: 0.15, alpha: 1))
        ctx.setLineWidth(5)
        ctx.addArc(center: CGPoint(x: 120, y: 105), radius: 24, startAngle: .pi * 1.15, endAngle: .pi * 1.85, clockwise: false)
        ctx.strokePath()
        return ctx.makeImage()!
    }
}

/// A flash transition from one image to another (the effect of Core Image's CIFlashTransition,
/// which this project does not have), computed on the CPU: in the first half a white starburst
/// grows from `inputCenter` over `inputImage` until everything is white; in the second half the
/// white fades into `inputTargetImage`, which shows alone from `inputTime` 1 on.
final class FlashTransition {
    var inputImage: CGImage?
    var inputTargetImage: CGImage?
    var inputCenter = CGPoint.zero
    var inputTime: CGFloat = 0
    var extent = CGRect.zero

    /// The frame at `inputTime`.
    var outputImage: CGImage? {
        guard let inputImage, let inputTargetImage else { return nil }
        let ctx = FlashArt.context()
        let t = min(max(inputTime, 0), 1)
        if t < 0.5 {
            let grow = t / 0.5
            ctx.draw(inputImage, in: extent)
            let reach = grow * 1.5 * max(extent.width, extent.height)
            // The rays: twelve white spikes turning slowly as they grow.
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: grow))
            for k in 0..<12 {
                let a = CGFloat(k) * .pi / 6 + grow * 0.3
                ctx.move(to: inputCenter)
                ctx.addLine(to: CGPoint(x: inputCenter.x + cos(a - 0.08) * reach, y: inputCenter.y + sin(a - 0.08) * reach))
                ctx.addLine(to: CGPoint(x: inputCenter.x + cos(a + 0.08) * reach, y: inputCenter.y + sin(a + 0.08) * reach))
                ctx.closePath()
            }
            ctx.fillPath()
            // The core: a white glow whose edge reaches the corners when the flash is full.
            let glow = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: grow * grow)],
                                  locations: [0, 1])!
            ctx.drawRadialGradient(glow, startCenter: inputCenter, startRadius: 0, endCenter: inputCenter,
                                   endRadius: max(1, grow * reach / 1.5 * 0.75), options: [])
        } else {
            ctx.draw(inputTargetImage, in: extent)
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1 - (t - 0.5) / 0.5))
            ctx.fill(extent)
        }
        return ctx.makeImage()
    }
}
