import CoreGraphics
import Foundation

/// `demo contacts`' avatars, drawn at run time (no image files): 64-pixel icons of a snowman (the
/// tiles demo's, small), an igloo, a traffic cone, a spaceship, an anchor and a key, each encoded
/// once as PNG data, which the table decodes again every time it configures a cell (as Lockwood's
/// listing 12.1 loads its avatar files).
enum ContactsArt {
    enum Avatar: String, CaseIterable {
        case snowman = "Snowman", igloo = "Igloo", cone = "Cone", spaceship = "Spaceship", anchor = "Anchor", key = "Key"
    }

    /// Pixels per side of an avatar.
    static let side = 64

    /// Each avatar as PNG data, made once.
    static let pngData: [Avatar: Data] = {
        var all: [Avatar: Data] = [:]
        for avatar in Avatar.allCases { all[avatar] = image(avatar).pngData() }
        return all
    }()

    /// The avatar's picture: `side` pixels square (64 unless told), transparent around the icon.
    static func image(_ avatar: Avatar, side: Int = ContactsArt.side) -> CGImage {
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        // Drawn y down in a 64-point square.
        ctx.translateBy(x: 0, y: CGFloat(side))
        ctx.scaleBy(x: CGFloat(side) / 64, y: -CGFloat(side) / 64)
        draw(avatar, in: ctx)
        return ctx.makeImage()!
    }

    /// Draws the icon in a 64-point square at the origin of `ctx`'s user space, y down.
    static func draw(_ avatar: Avatar, in ctx: CGContext) {
        switch avatar {
        case .snowman: drawSnowman(ctx)
        case .igloo: drawIgloo(ctx)
        case .cone: drawCone(ctx)
        case .spaceship: drawSpaceship(ctx)
        case .anchor: drawAnchor(ctx)
        case .key: drawKey(ctx)
        }
    }

    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// The tiles demo's snowman (x 464...1584, y 250...1940 of its 2048-pixel picture) fitted into 60 points.
    private static func drawSnowman(_ ctx: CGContext) {
        let s: CGFloat = 60 / 1690
        ctx.saveGState()
        ctx.translateBy(x: 32 - 1024 * s, y: 2 - 250 * s)
        ctx.scaleBy(x: s, y: s)
        TilesArt.drawSnowman(ctx)
        ctx.restoreGState()
    }

    /// A white half dome on a snowy base, blue lines of ice bricks, a dark arched door.
    private static func drawIgloo(_ ctx: CGContext) {
        let base: CGFloat = 50, r: CGFloat = 26
        ctx.setFillColor(color(0.85, 0.90, 0.97))
        ctx.fill(CGRect(x: 2, y: base, width: 60, height: 8))
        let dome = CGMutablePath()
        dome.addArc(center: CGPoint(x: 32, y: base), radius: r, startAngle: .pi, endAngle: 2 * .pi, clockwise: false)
        dome.closeSubpath()
        ctx.addPath(dome)
        ctx.setFillColor(color(0.98, 0.99, 1))
        ctx.fillPath()
        ctx.saveGState()
        ctx.addPath(dome)
        ctx.clip()
        ctx.setStrokeColor(color(0.35, 0.55, 0.85))
        ctx.setLineWidth(1.5)
        // Courses of bricks, joints staggered from one course to the next.
        for (k, y) in [base - 8, base - 16, base - 23].enumerated() {
            ctx.strokeLineSegments(between: [CGPoint(x: 0, y: y), CGPoint(x: 64, y: y)])
            var x: CGFloat = k.isMultiple(of: 2) ? 12 : 6
            while x < 60 {
                ctx.strokeLineSegments(between: [CGPoint(x: x, y: y), CGPoint(x: x, y: y + 8)])
                x += 12
            }
        }
        ctx.restoreGState()
        ctx.setStrokeColor(color(0.35, 0.55, 0.85))
        ctx.setLineWidth(2)
        ctx.addPath(dome)
        ctx.strokePath()
        // The door: a dark arch at the middle of the base.
        let door = CGMutablePath()
        door.move(to: CGPoint(x: 24, y: base))
        door.addArc(center: CGPoint(x: 32, y: base - 6), radius: 8, startAngle: .pi, endAngle: 2 * .pi, clockwise: false)
        door.addLine(to: CGPoint(x: 40, y: base))
        door.closeSubpath()
        ctx.addPath(door)
        ctx.setFillColor(color(0.12, 0.16, 0.28))
        ctx.fillPath()
    }

    /// An orange traffic cone with two white bands on a dark base.
    private static func drawCone(_ ctx: CGContext) {
        ctx.setFillColor(color(0.15, 0.15, 0.17))
        ctx.fill(CGRect(x: 8, y: 52, width: 48, height: 7))
        let cone = CGMutablePath()
        cone.addLines(between: [CGPoint(x: 28, y: 5), CGPoint(x: 36, y: 5), CGPoint(x: 50, y: 52), CGPoint(x: 14, y: 52)])
        cone.closeSubpath()
        ctx.addPath(cone)
        ctx.setFillColor(color(0.98, 0.45, 0.08))
        ctx.fillPath()
        ctx.saveGState()
        ctx.addPath(cone)
        ctx.clip()
        ctx.setFillColor(color(1, 1, 1))
        ctx.fill(CGRect(x: 0, y: 19, width: 64, height: 7))
        ctx.fill(CGRect(x: 0, y: 35, width: 64, height: 7))
        ctx.restoreGState()
    }

    /// A silver rocket pointing right: red fins, a round window, a flame behind.
    private static func drawSpaceship(_ ctx: CGContext) {
        // Flame.
        let flame = CGMutablePath()
        flame.addLines(between: [CGPoint(x: 14, y: 26), CGPoint(x: 2, y: 32), CGPoint(x: 14, y: 38)])
        flame.closeSubpath()
        ctx.addPath(flame)
        ctx.setFillColor(color(1, 0.65, 0.1))
        ctx.fillPath()
        // Fins, top and bottom at the tail.
        ctx.setFillColor(color(0.85, 0.12, 0.12))
        for sign: CGFloat in [-1, 1] {
            let fin = CGMutablePath()
            fin.addLines(between: [CGPoint(x: 14, y: 32 + sign * 6), CGPoint(x: 10, y: 32 + sign * 18),
                                   CGPoint(x: 22, y: 32 + sign * 18), CGPoint(x: 30, y: 32 + sign * 6)])
            fin.closeSubpath()
            ctx.addPath(fin)
            ctx.fillPath()
        }
        // Body with a pointed nose.
        let body = CGMutablePath()
        body.move(to: CGPoint(x: 12, y: 24))
        body.addLine(to: CGPoint(x: 44, y: 24))
        body.addQuadCurve(to: CGPoint(x: 62, y: 32), control: CGPoint(x: 56, y: 24))
        body.addQuadCurve(to: CGPoint(x: 44, y: 40), control: CGPoint(x: 56, y: 40))
        body.addLine(to: CGPoint(x: 12, y: 40))
        body.closeSubpath()
        ctx.addPath(body)
        ctx.setFillColor(color(0.80, 0.82, 0.86))
        ctx.fillPath()
        ctx.addPath(body)
        ctx.setStrokeColor(color(0.40, 0.42, 0.48))
        ctx.setLineWidth(1.5)
        ctx.strokePath()
        ctx.setFillColor(color(0.25, 0.55, 0.90))
        ctx.fillEllipse(in: CGRect(x: 37, y: 28, width: 8, height: 8))
    }

    /// A dark blue anchor: ring, shank, crossbar and curved flukes.
    private static func drawAnchor(_ ctx: CGContext) {
        ctx.setStrokeColor(color(0.10, 0.20, 0.45))
        ctx.setLineCap(.round)
        ctx.setLineWidth(4)
        ctx.strokeEllipse(in: CGRect(x: 27, y: 4, width: 10, height: 10))
        ctx.strokeLineSegments(between: [CGPoint(x: 32, y: 14), CGPoint(x: 32, y: 56),
                                         CGPoint(x: 20, y: 22), CGPoint(x: 44, y: 22)])
        let flukes = CGMutablePath()
        flukes.addArc(center: CGPoint(x: 32, y: 36), radius: 20, startAngle: .pi * 0.95, endAngle: .pi * 0.05, clockwise: true)
        ctx.addPath(flukes)
        ctx.strokePath()
        // Barbs at both tips.
        ctx.setFillColor(color(0.10, 0.20, 0.45))
        for sign: CGFloat in [-1, 1] {
            let tip = CGPoint(x: 32 + sign * 20, y: 37)
            let barb = CGMutablePath()
            barb.addLines(between: [CGPoint(x: tip.x - sign * 1, y: tip.y - 9), CGPoint(x: tip.x + sign * 5, y: tip.y + 3),
                                    CGPoint(x: tip.x - sign * 6, y: tip.y + 2)])
            barb.closeSubpath()
            ctx.addPath(barb)
            ctx.fillPath()
        }
    }

    /// A golden key: a ring with a hole, a shaft and two teeth.
    private static func drawKey(_ ctx: CGContext) {
        let gold = color(0.90, 0.70, 0.15)
        ctx.setFillColor(gold)
        ctx.fill(CGRect(x: 26, y: 29, width: 32, height: 6))
        ctx.fill(CGRect(x: 46, y: 35, width: 4, height: 9))
        ctx.fill(CGRect(x: 53, y: 35, width: 5, height: 12))
        ctx.setStrokeColor(gold)
        ctx.setLineWidth(6)
        ctx.strokeEllipse(in: CGRect(x: 7, y: 21, width: 22, height: 22))
        ctx.setStrokeColor(color(0.60, 0.42, 0.05))
        ctx.setLineWidth(1)
        ctx.strokeEllipse(in: CGRect(x: 4, y: 18, width: 28, height: 28))
        ctx.strokeEllipse(in: CGRect(x: 10, y: 24, width: 16, height: 16))
    }
}
