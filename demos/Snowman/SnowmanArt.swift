import Foundation
import UIKit

/// The book's "Snowman.png", drawn at run time: 180×240 points at 2× (360×480 pixels) on clear:
/// three stacked white balls with grey outlines (radii 40, 30 and 22 points) on a patch of snow,
/// coal eyes and buttons, a carrot nose, a black top hat, stick arms. The hat's top, the arms' tips
/// and the snow's bottom touch the picture's edges, so the drawing's extent is the image's.
@MainActor
enum SnowmanArt {
    static let size = CGSize(width: 180, height: 240)

    static func image(scale: CGFloat = 2) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { context in draw(context.cgContext) }
    }

    private static let outline = UIColor(red: 0.55, green: 0.58, blue: 0.62, alpha: 1).cgColor
    private static let snow = UIColor(red: 0.99, green: 0.99, blue: 1, alpha: 1).cgColor
    private static let coal = UIColor(white: 0.08, alpha: 1).cgColor

    private static func draw(_ ctx: CGContext) {
        // Stick arms, behind the body, out to the picture's sides.
        ctx.setStrokeColor(UIColor(red: 0.45, green: 0.28, blue: 0.12, alpha: 1).cgColor)
        ctx.setLineCap(.round)
        ctx.setLineWidth(4)
        ctx.strokeLineSegments(between: [CGPoint(x: 66, y: 112), CGPoint(x: 2, y: 80),
                                         CGPoint(x: 24, y: 91), CGPoint(x: 14, y: 70),
                                         CGPoint(x: 114, y: 112), CGPoint(x: 178, y: 80),
                                         CGPoint(x: 156, y: 91), CGPoint(x: 166, y: 70)])
        // Snow on the ground, then the three balls from the bottom up.
        ball(ctx, CGRect(x: 11, y: 223, width: 158, height: 16))
        ball(ctx, CGRect(x: 50, y: 146, width: 80, height: 80))
        ball(ctx, CGRect(x: 60, y: 88, width: 60, height: 60))
        ball(ctx, CGRect(x: 68, y: 46, width: 44, height: 44))
        // Top hat with a red band.
        ctx.setFillColor(coal)
        ctx.fill(CGRect(x: 62, y: 40, width: 56, height: 7))
        ctx.fill(CGRect(x: 72, y: 0, width: 36, height: 42))
        ctx.setFillColor(UIColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1).cgColor)
        ctx.fill(CGRect(x: 72, y: 30, width: 36, height: 6))
        // Coal eyes, mouth and buttons.
        ctx.setFillColor(coal)
        for (x, y, r) in [(82.0, 62.0, 2.5), (98, 62, 2.5), (83, 78, 1.5), (87, 80, 1.5), (93, 80, 1.5), (97, 78, 1.5),
                          (90, 106, 3), (90, 120, 3), (90, 134, 3), (90, 172, 3.5), (90, 192, 3.5)] {
            ctx.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }
        // Carrot nose, pointing right.
        ctx.setFillColor(UIColor(red: 1, green: 0.5, blue: 0.1, alpha: 1).cgColor)
        ctx.move(to: CGPoint(x: 90, y: 67))
        ctx.addLine(to: CGPoint(x: 108, y: 71))
        ctx.addLine(to: CGPoint(x: 90, y: 74))
        ctx.closePath()
        ctx.fillPath()
    }

    /// A white ball (or drift) with a 2-point grey outline inside `rect`.
    private static func ball(_ ctx: CGContext, _ rect: CGRect) {
        ctx.setFillColor(snow)
        ctx.fillEllipse(in: rect)
        ctx.setStrokeColor(outline)
        ctx.setLineWidth(2)
        ctx.strokeEllipse(in: rect.insetBy(dx: 1, dy: 1))
    }
}
