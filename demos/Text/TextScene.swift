import Foundation
import QuartzCore
import UIKit

/// A view whose layer is a `CATextLayer` (Lockwood's `LayerLabel`, listing 6.4): its text, colour and
/// font go to the layer, which is justified and wrapped and takes its `contentsScale` from the view.
/// (A `UIView` here: this UIKit's `UILabel` draws with a text sublayer of its own.)
final class LayerLabel: UIView {
    override class var layerClass: AnyClass { CATextLayer.self }

    var textLayer: CATextLayer { layer as! CATextLayer }

    var text: String? {
        get { textLayer.string as? String }
        set { textLayer.string = newValue }
    }

    var textColor: UIColor? {
        get { textLayer.foregroundColor.map(UIColor.init(cgColor:)) }
        set { textLayer.foregroundColor = newValue?.cgColor }
    }

    var font: UIFont? {
        didSet {
            guard let font else { return }
            textLayer.font = font.fontName
            textLayer.fontSize = font.pointSize
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        text = ""
        textColor = .black
        font = UIFont.systemFont(ofSize: 15)
        textLayer.alignmentMode = .justified
        textLayer.isWrapped = true
        layer.display()
    }
}

/// Lockwood's text layers (listings 6.2–6.4) in a 300-point white container, a 260×260 label at (20, 20):
/// 1. a `CATextLayer`, 15-point system font, black, justified and wrapped, at the screen's scale;
/// 2. the same text as an attributed string: black 15 points, "ipsum" (range 6, 5) red and underlined;
/// 3. a `LayerLabel` view showing the text of 1.
final class TextScene: LayerScene {
    enum Variant: String, NumberedVariant {
        case plain, rich, layerLabel = "layer-label"
    }

    static let side: CGFloat = 300
    static let labelFrame = CGRect(x: 20, y: 20, width: 260, height: 260)
    /// Five sentences of lorem ipsum filler.
    static let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius "
        + "in, facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc elementum, "
        + "libero ut porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus. Etiam suscipit "
        + "pretium nunc sit amet lobortis"

    let rootLayer: CALayer
    let container = CALayer()
    private let scale: CGFloat
    private var view: AnyObject?

    init(root: CALayer, variant: Variant, scale: CGFloat) {
        rootLayer = root
        self.scale = scale
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        container.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(container)
        apply(variant)
    }

    func layout(for size: CGSize) {
        centre(container, in: size)
    }

    func show(variant argument: String) -> Bool {
        guard let variant = Variant(argument: argument) else { return false }
        apply(variant)
        return true
    }

    private func apply(_ variant: Variant) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.sublayers = nil
        view = nil
        switch variant {
        case .plain, .rich:
            let label = CATextLayer()
            label.frame = Self.labelFrame
            label.contentsScale = scale
            label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            label.alignmentMode = .justified
            label.isWrapped = true
            label.font = "Helvetica"
            label.fontSize = 15
            label.string = variant == .plain ? Self.text : Self.richText()
            container.addSublayer(label)
        case .layerLabel:
            let label = MainActor.assumeIsolated { () -> LayerLabel in
                let label = LayerLabel(frame: Self.labelFrame)
                label.text = Self.text
                return label
            }
            view = label
            let layer = MainActor.assumeIsolated { label.layer }
            layer.contentsScale = scale
            container.addSublayer(layer)
        }
        CATransaction.commit()
    }

    /// Listing 6.3's string: black, 15 points, "ipsum" red and underlined.
    static func richText() -> NSAttributedString {
        let string = NSMutableAttributedString(string: text)
        let all = NSRange(location: 0, length: string.length)
        string.addAttributes([.font: UIFont(name: "Helvetica", size: 15) as Any, .foregroundColor: UIColor.black], range: all)
        string.addAttributes([.foregroundColor: UIColor.red, .underlineStyle: NSUnderlineStyle.single.rawValue],
                             range: NSRange(location: 6, length: 5))
        return string
    }
}
