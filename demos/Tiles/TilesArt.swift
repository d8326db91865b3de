import CoreGraphics
import Foundation

/// `demo tiles`' picture, drawn at run time (no image files): a big snowman over a sky gradient and
/// snowy ground, with a grid every 256 pixels whose cells are labelled "XX_YY" (column, row) in
/// seven-segment digits, so that tile seams and tile indices can be seen.
enum TilesArt {
    static let side = 2048
    static let cell = 256

    /// The whole picture, `side` pixels square.
    static func picture() -> CGImage {
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        // Draw y down, as a layer's content is, with (0, 0) at the top-left.
        ctx.translateBy(x: 0, y: CGFloat(side))
        ctx.scaleBy(x: 1, y: -1)
        draw(in: ctx)
        return ctx.makeImage()!
    }

    /// Draws the picture into `ctx`, whose user space is y down with the picture's pixel (0, 0) at its origin.
    static func draw(in ctx: CGContext) {
        drawSky(ctx)
        drawSnowman(ctx)
        drawGrid(ctx)
    }

    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private static func drawSky(_ ctx: CGContext) {
        let s = CGFloat(side)
        let horizon: CGFloat = 1400
        let sky = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                             colors: [color(0.12, 0.25, 0.62), color(0.55, 0.75, 0.95)], locations: [0, 1])!
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: s, height: horizon))
        ctx.drawLinearGradient(sky, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: horizon), options: [])
        ctx.restoreGState()
        let ground = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                colors: [color(0.97, 0.98, 1.0), color(0.80, 0.86, 0.95)], locations: [0, 1])!
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: horizon, width: s, height: s - horizon))
        ctx.drawLinearGradient(ground, start: CGPoint(x: 0, y: horizon), end: CGPoint(x: 0, y: s), options: [])
        ctx.restoreGState()
        // Snowflakes at fixed places (a small linear congruential sequence, the same every run).
        var seed: UInt32 = 12345
        func next() -> CGFloat {
            seed = seed &* 1_103_515_245 &+ 12345
            return CGFloat((seed >> 8) & 0xFFFF) / 65535
        }
        ctx.setFillColor(color(1, 1, 1, 0.85))
        for _ in 0..<160 {
            let x = next() * s, y = next() * horizon, r = 4 + next() * 8
            ctx.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }
    }

    private static func ball(_ ctx: CGContext, centre c: CGPoint, radius r: CGFloat) {
        let rect = CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        ctx.setFillColor(color(0.98, 0.98, 1))
        ctx.fillEllipse(in: rect)
        ctx.setStrokeColor(color(0.55, 0.62, 0.75))
        ctx.setLineWidth(10)
        ctx.strokeEllipse(in: rect)
    }

    /// The snowman and its shadow, in the picture's pixels (x 464...1584, y 250...1940; the contacts demo
    /// draws it small as an avatar).
    static func drawSnowman(_ ctx: CGContext) {
        let x: CGFloat = 1024
        // Shadow on the snow.
        ctx.setFillColor(color(0.55, 0.62, 0.78, 0.5))
        ctx.fillEllipse(in: CGRect(x: x - 420, y: 1830, width: 840, height: 110))
        // Arms behind the body: brown sticks with twigs.
        ctx.setStrokeColor(color(0.40, 0.24, 0.10))
        ctx.setLineWidth(22)
        ctx.setLineCap(.round)
        ctx.strokeLineSegments(between: [CGPoint(x: x - 200, y: 1060), CGPoint(x: x - 560, y: 820),
                                         CGPoint(x: x - 470, y: 880), CGPoint(x: x - 560, y: 940),
                                         CGPoint(x: x + 200, y: 1060), CGPoint(x: x + 560, y: 820),
                                         CGPoint(x: x + 470, y: 880), CGPoint(x: x + 500, y: 770)])
        ball(ctx, centre: CGPoint(x: x, y: 1560), radius: 340)
        ball(ctx, centre: CGPoint(x: x, y: 1070), radius: 245)
        ball(ctx, centre: CGPoint(x: x, y: 690), radius: 175)
        // Scarf.
        ctx.setFillColor(color(0.85, 0.12, 0.15))
        ctx.fill(CGRect(x: x - 170, y: 840, width: 340, height: 60))
        ctx.fill(CGRect(x: x + 60, y: 860, width: 70, height: 220))
        // Hat: brim and crown, with a band.
        ctx.setFillColor(color(0.08, 0.08, 0.10))
        ctx.fill(CGRect(x: x - 230, y: 530, width: 460, height: 40))
        ctx.fill(CGRect(x: x - 150, y: 250, width: 300, height: 290))
        ctx.setFillColor(color(0.85, 0.12, 0.15))
        ctx.fill(CGRect(x: x - 150, y: 460, width: 300, height: 45))
        // Eyes, a carrot nose, a smile of coal.
        ctx.setFillColor(color(0.08, 0.08, 0.10))
        for dx: CGFloat in [-65, 65] { ctx.fillEllipse(in: CGRect(x: x + dx - 22, y: 630, width: 44, height: 44)) }
        for k in 0..<5 {
            let a = CGFloat.pi * (0.2 + 0.15 * CGFloat(k))
            ctx.fillEllipse(in: CGRect(x: x - 95 * cos(a) - 12, y: 700 + 70 * sin(a) - 12, width: 24, height: 24))
        }
        ctx.setFillColor(color(0.95, 0.50, 0.10))
        ctx.beginPath()
        ctx.move(to: CGPoint(x: x - 10, y: 680))
        ctx.addLine(to: CGPoint(x: x + 190, y: 715))
        ctx.addLine(to: CGPoint(x: x - 10, y: 735))
        ctx.closePath()
        ctx.fillPath()
        // Buttons.
        ctx.setFillColor(color(0.08, 0.08, 0.10))
        for y: CGFloat in [980, 1080, 1180, 1450, 1580] {
            ctx.fillEllipse(in: CGRect(x: x - 24, y: y - 24, width: 48, height: 48))
        }
    }

    private static func drawGrid(_ ctx: CGContext) {
        let s = CGFloat(side), c = CGFloat(cell)
        ctx.setStrokeColor(color(0.05, 0.05, 0.15, 0.7))
        ctx.setLineWidth(3)
        var points: [CGPoint] = []
        for k in 0...(side / cell) {
            let v = CGFloat(k) * c
            points += [CGPoint(x: v, y: 0), CGPoint(x: v, y: s), CGPoint(x: 0, y: v), CGPoint(x: s, y: v)]
        }
        ctx.strokeLineSegments(between: points)
        for row in 0..<(side / cell) {
            for column in 0..<(side / cell) {
                let label = String(format: "%02d_%02d", column, row)
                let origin = CGPoint(x: CGFloat(column) * c + 12, y: CGFloat(row) * c + 12)
                ctx.setFillColor(color(1, 1, 1, 0.85))
                ctx.fill(CGRect(x: origin.x, y: origin.y, width: 176, height: 56))
                SevenSegment.draw(label, at: CGPoint(x: origin.x + 10, y: origin.y + 8), digitSize: CGSize(width: 24, height: 40),
                                  color: color(0.05, 0.05, 0.15), in: ctx)
            }
        }
    }
}

/// Digits drawn as seven-segment strokes (no font needed), and "_" as a bottom bar.
enum SevenSegment {
    /// Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle).
    private static let segments: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "_": "d",
    ]

    /// Draws `text` from `origin` (top-left, y down), each glyph `digitSize` with a gap of a third of its width.
    static func draw(_ text: String, at origin: CGPoint, digitSize: CGSize, color: CGColor, in ctx: CGContext) {
        ctx.saveGState()
        ctx.setStrokeColor(color)
        ctx.setLineWidth(max(2, digitSize.width / 5))
        ctx.setLineCap(.round)
        var x = origin.x
        let w = digitSize.width, h = digitSize.height, y = origin.y
        for ch in text {
            let on = segments[ch] ?? ""
            func p(_ u: CGFloat, _ v: CGFloat) -> CGPoint { CGPoint(x: x + u * w, y: y + v * h) }
            var points: [CGPoint] = []
            for s in on {
                switch s {
                case "a": points += [p(0, 0), p(1, 0)]
                case "b": points += [p(1, 0), p(1, 0.5)]
                case "c": points += [p(1, 0.5), p(1, 1)]
                case "d": points += [p(0, 1), p(1, 1)]
                case "e": points += [p(0, 0.5), p(0, 1)]
                case "f": points += [p(0, 0), p(0, 0.5)]
                case "g": points += [p(0, 0.5), p(1, 0.5)]
                default: break
                }
            }
            if !points.isEmpty { ctx.strokeLineSegments(between: points) }
            x += w * 4 / 3
        }
        ctx.restoreGState()
    }
}
