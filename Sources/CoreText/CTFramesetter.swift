import CoreGraphics
import Foundation
import QuartzCore

/// Lays attributed text out in frames: the lines wrapped in a path's bounding box.
public final class CTFramesetter {
    let string: NSAttributedString

    init(_ string: NSAttributedString) {
        self.string = string
    }

    func substring(_ range: CFRange) -> (NSAttributedString, NSRange) {
        let r = resolved(range, length: string.length)
        return (string.attributedSubstring(from: r), r)
    }
}

/// The text of a framesetter laid out in a path's bounding box (a rectangle's; other shapes are
/// laid out in their bounding box too), from the box's top, y up as Core Text's space is.
public final class CTFrame {
    let string: NSAttributedString
    let range: NSRange
    let path: CGPath
    let layout: TextLayout
    let box: CGRect
    let lineMetrics: [TextLayout.LineMetrics]

    init(_ string: NSAttributedString, range: NSRange, path: CGPath) {
        self.string = string
        self.range = range
        self.path = path
        box = path.boundingBox
        layout = TextLayout(string, defaults: TextDefaults())
        lineMetrics = box.isNull ? [] : layout.lines(width: max(box.width, 1), height: box.height)
    }
}

public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// A frame of the characters in `stringRange` (a zero length: to the end) laid out in `path`.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    let (text, range) = framesetter.substring(stringRange)
    return CTFrame(text, range: range, path: path)
}

/// The size the characters take laid out within `constraints` (its width wraps them, its height
/// limits the lines); the characters that fit through `fitRange`.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: CFDictionary?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let (text, range) = framesetter.substring(stringRange)
    let layout = TextLayout(text, defaults: TextDefaults())
    let width: CGFloat? = constraints.width.isFinite && constraints.width > 0 ? constraints.width : nil
    let height: CGFloat? = constraints.height.isFinite && constraints.height > 0 ? constraints.height : nil
    let lines = layout.lines(width: width, height: height)
    if let fitRange {
        let end = lines.last.map { $0.range.location + $0.range.length } ?? 0
        fitRange.pointee = CFRange(location: range.location, length: lines.count == layout.lines(width: width).count ? range.length : end)
    }
    return layout.size(width: width, height: height)
}

/// Draws the frame's lines, upright in a y-up user space.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    guard !frame.box.isNull else { return }
    context.saveGState()
    // The box, y up, to the same box y down.
    context.translateBy(x: 0, y: frame.box.minY + frame.box.maxY)
    context.scaleBy(x: 1, y: -1)
    frame.layout.draw(in: context, rect: frame.box, wraps: true)
    context.restoreGState()
}

/// The frame's lines (`CTLine`s), top first.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray {
    frame.lineMetrics.map { metrics -> CTLine in
        CTLine(frame.string.attributedSubstring(from: metrics.range),
               range: NSRange(location: frame.range.location + metrics.range.location, length: metrics.range.length))
    } as NSArray
}

/// The baseline origins of the lines in `range` (a zero length: all), relative to the path's
/// bounding box origin, y up.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let r = resolved(range, length: frame.lineMetrics.count)
    for (i, metrics) in frame.lineMetrics[r.location..<(r.location + r.length)].enumerated() {
        origins[i] = CGPoint(x: metrics.origin.x, y: frame.box.height - metrics.origin.y)
    }
}

/// The characters the frame shows.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange {
    let end = frame.lineMetrics.last.map { $0.range.location + $0.range.length } ?? 0
    return CFRange(location: frame.range.location, length: end)
}

public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange {
    CFRange(location: frame.range.location, length: frame.range.length)
}

public func CTFrameGetPath(_ frame: CTFrame) -> CGPath {
    frame.path
}
