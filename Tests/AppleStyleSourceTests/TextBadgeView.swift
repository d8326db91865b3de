// Text drawn as iOS sample code draws it: a view whose draw(_:) lays a title out with a paragraph
// style and a shadow, and a Core Text line drawn in a flipped context.
import UIKit
import CoreText

class TextBadgeView: UIView {
    var title = "Core Animation on Linux, drawn with a paragraph style"
    private(set) var titleHeight: CGFloat = 0

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .center
        paragraph.lineBreakMode = .byWordWrapping
        paragraph.lineSpacing = 2
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 1, height: 1)
        shadow.shadowBlurRadius = 2
        shadow.shadowColor = UIColor.black.withAlphaComponent(0.5)
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 16),
            .foregroundColor: UIColor.white,
            .paragraphStyle: paragraph,
            .shadow: shadow,
            .kern: 0.5,
        ]
        let box = bounds.insetBy(dx: 8, dy: 8)
        let needed = (title as NSString).boundingRect(with: CGSize(width: box.width, height: CGFloat.greatestFiniteMagnitude),
                                                      options: [.usesLineFragmentOrigin, .usesFontLeading],
                                                      attributes: attributes, context: nil)
        titleHeight = ceil(needed.height)
        title.draw(in: CGRect(x: box.minX, y: box.minY, width: box.width, height: titleHeight), withAttributes: attributes)

        // A caption with Core Text, in the flipped space Core Text draws in.
        let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        let caption = NSAttributedString(string: "caption", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        let line = CTLineCreateWithAttributedString(caption as CFAttributedString)
        context.saveGState()
        context.textMatrix = .identity
        context.translateBy(x: 0, y: bounds.height)
        context.scaleBy(x: 1, y: -1)
        context.textPosition = CGPoint(x: 8, y: 8)
        CTLineDraw(line, context)
        context.restoreGState()
    }
}

/// A view that draws its layer itself and picks its own actions, overriding UIView's layer delegate
/// methods as sample code does.
class LayerDrawnView: UIView {
    var drewLayer = false

    override func draw(_ layer: CALayer, in ctx: CGContext) {
        drewLayer = true
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(layer.bounds)
    }

    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        if event == "opacity" { return CABasicAnimation(keyPath: event) }
        return super.action(for: layer, forKey: event)
    }
}
