import CoreGraphics
import Foundation
import QuartzCore

/// Options of `boundingRect(with:options:attributes:context:)` and `draw(with:options:context:)`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lays the text out as lines in the given width (without it: one line, placed at a baseline).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Uses the font's leading in line heights (Pango's line heights already include it).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Uses glyph bounds rather than typographic ones (not distinguished here).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncates the last line that fits with an ellipsis (with `usesLineFragmentOrigin`).
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// How string drawing went: the scale it used and the bounds it drew.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale the font may be shrunk to so that the text fits (0 or 1: never shrunk).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The rectangle the text took.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() {
        super.init()
    }
}

/// String drawing and measuring as Apple's UIKit does it (`NSStringDrawing`), into the current UIKit
/// context (`UIGraphicsGetCurrentContext()`), y down, with QuartzCore's `TextLayout`. Without a
/// `.font` attribute text is Helvetica 12; without `.foregroundColor`, black.
enum StringDrawing {
    static func layout(_ string: NSAttributedString) -> TextLayout {
        TextLayout(string, defaults: TextDefaults())
    }

    static func layout(_ string: String, attributes: [NSAttributedString.Key: Any]?) -> TextLayout {
        let runs = attributes.map { [TextRun(range: NSRange(location: 0, length: string.utf16.count), attributes: $0)] } ?? []
        return TextLayout(string: string, runs: runs, defaults: TextDefaults())
    }

    /// The unwrapped size (each line as wide as it is).
    static func size(_ layout: TextLayout) -> CGSize {
        layout.size(width: nil)
    }

    static func draw(_ layout: TextLayout, at point: CGPoint) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        layout.draw(in: ctx, rect: CGRect(x: point.x, y: point.y, width: .infinity, height: .infinity), wraps: false)
    }

    static func draw(_ layout: TextLayout, in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        ctx.saveGState()
        ctx.clip(to: rect)
        layout.draw(in: ctx, rect: rect, wraps: true)
        ctx.restoreGState()
    }

    /// Apple's bounding rectangle: with `usesLineFragmentOrigin`, the lines laid out in `size`'s
    /// width (and no more lines than fit in its height) from the origin; without it, one line whose
    /// origin is its baseline (so the rectangle starts at minus the ascent).
    static func boundingRect(_ layout: TextLayout, size: CGSize, options: NSStringDrawingOptions,
                             context: NSStringDrawingContext?) -> CGRect {
        let rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            let width: CGFloat? = size.width.isFinite && size.width > 0 ? size.width : nil
            let height: CGFloat? = size.height.isFinite && size.height > 0 ? size.height : nil
            rect = CGRect(origin: .zero, size: layout.size(width: width, height: height))
        } else {
            let line = layout.size(width: nil, maxLines: 1)
            rect = CGRect(x: 0, y: -layout.firstBaseline(width: nil), width: line.width, height: line.height)
        }
        context?.actualScaleFactor = 1
        context?.totalBounds = rect
        return rect
    }

    static func draw(_ layout: TextLayout, with rect: CGRect, options: NSStringDrawingOptions, context: NSStringDrawingContext?) {
        if options.contains(.usesLineFragmentOrigin) {
            draw(layout, in: rect)
        } else {
            // The rectangle's origin is the first baseline.
            draw(layout, at: CGPoint(x: rect.minX, y: rect.minY - layout.firstBaseline(width: nil)))
        }
        context?.actualScaleFactor = 1
        context?.totalBounds = boundingRect(layout, size: rect.size, options: options, context: nil)
    }
}

// NSString draws as the Swift string it bridges to (below).
extension NSString {
    /// Draws the string with its top-left corner at `point`, one line per line of the string.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string wrapped in `rect` (only the lines that fit).
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(in: rect, withAttributes: attrs)
    }

    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        String(self).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The size the string takes drawn at a point (unwrapped).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        String(self).size(withAttributes: attrs)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        String(self).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

// Swift strings draw as NSString does (Apple's overlay bridges them).
extension StringProtocol {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.layout(String(self), attributes: attrs), at: point)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.layout(String(self), attributes: attrs), in: rect)
    }

    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        StringDrawing.draw(StringDrawing.layout(String(self), attributes: attributes), with: rect, options: options, context: context)
    }

    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(StringDrawing.layout(String(self), attributes: attrs))
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.layout(String(self), attributes: attributes), size: size, options: options,
                                   context: context)
    }
}

extension NSAttributedString {
    /// Draws the string with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        StringDrawing.draw(StringDrawing.layout(self), at: point)
    }

    /// Draws the string wrapped in `rect` (only the lines that fit).
    public func draw(in rect: CGRect) {
        StringDrawing.draw(StringDrawing.layout(self), in: rect)
    }

    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        StringDrawing.draw(StringDrawing.layout(self), with: rect, options: options, context: context)
    }

    /// The size the string takes drawn at a point (unwrapped).
    public func size() -> CGSize {
        StringDrawing.size(StringDrawing.layout(self))
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.layout(self), size: size, options: options, context: context)
    }
}
