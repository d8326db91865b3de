import CoreGraphics
import Foundation

/// The guide's Crate.png (seed-examples §0.5), drawn with Core Graphics at run time at any size: a
/// square wooden crate with a tan fill, darker plank lines, a diagonal brace between two cross
/// battens, and a 2-point dark border. Tan is warm (red well above blue, green between), so a test
/// can find crates as their tan pixels against the white container.
enum CratesArt {
    static let tan = CGColor(red: 0.82, green: 0.64, blue: 0.40, alpha: 1)
    static let plank = CGColor(red: 0.62, green: 0.45, blue: 0.25, alpha: 1)
    static let batten = CGColor(red: 0.74, green: 0.55, blue: 0.32, alpha: 1)
    static let border = CGColor(red: 0.36, green: 0.24, blue: 0.12, alpha: 1)

    /// The crate of `size` points at `scale` pixels per point.
    static func crate(size: CGSize, scale: CGFloat) -> CGImage? {
        image(size: size, scale: scale) { ctx in
            let w = size.width, h = size.height
            let unit = min(w, h) / 32           // the art is designed on a 32-point crate
            ctx.setFillColor(tan)
            ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
            // Plank lines: horizontal boards, every 8 units.
            ctx.setStrokeColor(plank)
            ctx.setLineWidth(max(0.5, 0.75 * unit))
            var y = 8 * unit
            while y < h - unit {
                ctx.move(to: CGPoint(x: 0, y: y))
                ctx.addLine(to: CGPoint(x: w, y: y))
                y += 8 * unit
            }
            ctx.strokePath()
            // Top and bottom battens and the diagonal brace between them.
            let b = 5 * unit
            ctx.setFillColor(batten)
            ctx.fill(CGRect(x: 0, y: 0, width: w, height: b))
            ctx.fill(CGRect(x: 0, y: h - b, width: w, height: b))
            ctx.setStrokeColor(plank)
            ctx.setLineWidth(max(0.5, 0.6 * unit))
            ctx.stroke(CGRect(x: 0, y: 0, width: w, height: b))
            ctx.stroke(CGRect(x: 0, y: h - b, width: w, height: b))
            ctx.setLineWidth(4 * unit)
            ctx.setStrokeColor(batten)
            ctx.move(to: CGPoint(x: 2 * unit, y: h - b))
            ctx.addLine(to: CGPoint(x: w - 2 * unit, y: b))
            ctx.strokePath()
            ctx.setStrokeColor(plank)
            ctx.setLineWidth(max(0.5, 0.6 * unit))
            let d = 2 * unit / sqrt(2)
            for s in [-1.0, 1.0] {
                ctx.move(to: CGPoint(x: 2 * unit + s * d, y: h - b + s * d))
                ctx.addLine(to: CGPoint(x: w - 2 * unit + s * d, y: b + s * d))
            }
            ctx.strokePath()
            // The 2-point dark border.
            ctx.setStrokeColor(border)
            ctx.setLineWidth(2)
            ctx.stroke(CGRect(x: 1, y: 1, width: w - 2, height: h - 2))
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
