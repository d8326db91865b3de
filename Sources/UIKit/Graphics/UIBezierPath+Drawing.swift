import CoreGraphics
import Foundation

// Drawing a UIBezierPath into the current UIKit context (UIGraphicsGetCurrentContext()): fill and stroke
// save and restore the context's state around themselves, so the path's line attributes, blend mode and
// alpha do not leak; addClip changes the state on purpose. Without a current context they do nothing.

extension UIBezierPath {
    func fillInCurrentContext(blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    func strokeInCurrentContext(blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setFlatness(flatness)
        let dash = lineDash
        context.setLineDash(phase: dash.phase, lengths: dash.lengths)
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    func clipCurrentContext() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
