import Foundation
import QuartzCore

/// The guide's LCD clock (Lockwood, chapter 4, listing 4.6 and snippet S4.a; seed-examples §7.1.5):
/// six digit layers (HH MM SS, 48x72 points each, in three pairs) that all show one sprite sheet,
/// Digits.png, each selecting its digit's cell with `contentsRect`. The 8x12-pixel cells are
/// magnified 6x: with `magnificationFilter = .nearest` (the default here, the book's fix) every texel
/// is a sharp 6x6-point block; with `.linear` (the book's first attempt) the glyphs are blurred.
///
/// The digits sit on a dark LCD panel; `layout(for:)` centres the panel, at a whole-number scale
/// when it fits, so that texels fall on whole pixels.
final class LCDClockScene: DemoScene {
    static let digitSize = CGSize(width: 48, height: 72)
    /// Gap between the two digits of a pair, and between pairs.
    static let pairGap: CGFloat = 8
    static let groupGap: CGFloat = 32
    /// Margin of the panel around the 376x72 row of digits.
    static let panelMargin: CGFloat = 24
    static let rowSize = CGSize(width: 6 * 48 + 3 * 8 + 2 * 32, height: 72)
    static let panelSize = CGSize(width: rowSize.width + 2 * panelMargin, height: rowSize.height + 2 * panelMargin)

    static let background = CGColor(red: 0.04, green: 0.05, blue: 0.045, alpha: 1)
    static let panelColor = CGColor(red: 0.08, green: 0.12, blue: 0.09, alpha: 1)

    /// The x of digit `i` (0...5) in the row: pairs 136 points apart, digits of a pair 56.
    static func digitX(_ i: Int) -> CGFloat {
        CGFloat(i / 2) * (2 * digitSize.width + pairGap + groupGap) + CGFloat(i % 2) * (digitSize.width + pairGap)
    }

    /// The `contentsRect` showing `digit` (0...9): the digit's tenth of the sheet.
    static func contentsRect(for digit: Int) -> CGRect {
        CGRect(x: CGFloat(digit) * 0.1, y: 0, width: 0.1, height: 1)
    }

    let rootLayer: CALayer
    let panel = CALayer()
    /// H1 H2 M1 M2 S1 S2.
    private(set) var digitLayers: [CALayer] = []
    private let clockTime: ClockTime
    var filter: CALayerContentsFilter {
        didSet {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in digitLayers { layer.magnificationFilter = filter }
            CATransaction.commit()
        }
    }

    init(root: CALayer, startTimeOfDay: TimeInterval?, filter: CALayerContentsFilter = .nearest) {
        rootLayer = root
        clockTime = ClockTime(startTimeOfDay: startTimeOfDay)
        self.filter = filter
        root.backgroundColor = Self.background
        panel.name = "panel"
        panel.bounds = CGRect(origin: .zero, size: Self.panelSize)
        panel.backgroundColor = Self.panelColor
        panel.cornerRadius = 12
        root.addSublayer(panel)

        let sheet = LCDDigits.sheet()
        for i in 0..<6 {
            let layer = CALayer()
            layer.name = "digit \(i + 1)"
            layer.frame = CGRect(x: Self.panelMargin + Self.digitX(i), y: Self.panelMargin,
                                 width: Self.digitSize.width, height: Self.digitSize.height)
            layer.contents = sheet
            layer.contentsScale = 1
            layer.contentsRect = Self.contentsRect(for: 0)
            layer.contentsGravity = .resizeAspect
            layer.magnificationFilter = filter
            panel.addSublayer(layer)
            digitLayers.append(layer)
        }
    }

    /// Centres the panel in a root of `size` points: at a whole-number scale (1, 2, ...) when it fits
    /// with a margin, else shrunk to fit; its corner on a whole point.
    func layout(for size: CGSize) {
        let margin: CGFloat = 40
        var k = min(size.width / (Self.panelSize.width + margin), size.height / (Self.panelSize.height + margin))
        if k >= 1 { k = k.rounded(.down) }
        k = max(k, 0.01)
        let w = Self.panelSize.width * k, h = Self.panelSize.height * k
        panel.position = CGPoint(x: ((size.width - w) / 2).rounded() + w / 2, y: ((size.height - h) / 2).rounded() + h / 2)
        panel.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
    }

    /// Shows the current time, as listing 4.6's tick does: each digit layer's `contentsRect`
    /// selects its digit (not animated: the book's digits are view-backed layers).
    func tick() {
        let (h, m, s) = clockTime.now()
        let digits = [h / 10, h % 10, m / 10, m % 10, s / 10, s % 10]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for (layer, digit) in zip(digitLayers, digits) { layer.contentsRect = Self.contentsRect(for: digit) }
    }

    // MARK: DemoScene

    /// Ticks once a second from the start: at media times 0, 1, 2, ...
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard seconds >= 0 else { return [] }
        return (0...Int(seconds.rounded(.down))).map(CFTimeInterval.init)
    }

    func fireTimers() { tick() }
}

/// The guide's Digits.png, made at run time (seed-examples §7.1.5): ten 8x12-pixel cells, "0" to "9"
/// left to right, each glyph drawn pixel by pixel from a 5x7 font at cell offset (1, 2), bright
/// green on transparent; 80x12 pixels, scale 1.
enum LCDDigits {
    static let cellSize = (width: 8, height: 12)
    static let glyphOrigin = (x: 1, y: 2)
    static let green = CGColor(red: 0.3, green: 1, blue: 0.3, alpha: 1)

    /// The 5x7 font: seven rows of five pixels per digit, "1" = lit, top row first.
    static let font: [[String]] = [
        ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
        ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
        ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
        ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
        ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
        ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
        ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
        ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
        ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
        ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
    ]

    /// The 80x12 sheet.
    static func sheet() -> CGImage? {
        let width = 10 * cellSize.width, height = cellSize.height
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.setShouldAntialias(false)
        ctx.setFillColor(green)
        for (digit, rows) in font.enumerated() {
            for (row, bits) in rows.enumerated() {
                for (column, bit) in bits.enumerated() where bit == "1" {
                    let x = digit * cellSize.width + glyphOrigin.x + column
                    let y = glyphOrigin.y + row
                    // The context's user space is y up: pixel row y from the top is at height - 1 - y.
                    ctx.fill(CGRect(x: x, y: height - 1 - y, width: 1, height: 1))
                }
            }
        }
        return ctx.makeImage()
    }
}
