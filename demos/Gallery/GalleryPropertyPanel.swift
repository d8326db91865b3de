import QuartzCore
import UIKit

/// The gallery's property panel: sliders, switches and colour wells (the project's own controls)
/// for the live layer of a layer-class demo. Each change runs in a transaction of its own, so the
/// layer animates to the new value implicitly.
@MainActor
final class GalleryPropertyPanel: UIView {
    static let width: CGFloat = 230
    private static let rowHeight: CGFloat = 52
    /// The colours a well steps through, one per click.
    private static let palette: [UIColor] = [.red, .orange, .yellow, .green, .cyan, .blue, .purple, .black, .white]

    private let titleLabel = UILabel()
    private var rows: [UIView] = []
    private weak var target: CALayer?
    private var paletteIndex: [Int: Int] = [:]

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.94, alpha: 1)
        titleLabel.font = UIFont.boldSystemFont(ofSize: 14)
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows the controls of `properties` for `layer` (of class `className`).
    func show(_ layer: CALayer, className: String, properties: [GalleryProperty]) {
        target = layer
        for row in rows { row.removeFromSuperview() }
        rows = []
        paletteIndex = [:]
        titleLabel.text = className
        titleLabel.frame = CGRect(x: 12, y: 10, width: Self.width - 24, height: 20)
        var y: CGFloat = 38
        for (index, property) in properties.enumerated() {
            let row = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: Self.rowHeight))
            let label = UILabel(frame: CGRect(x: 12, y: 2, width: Self.width - 24, height: 18))
            label.font = UIFont.systemFont(ofSize: 12)
            label.textColor = UIColor(white: 0.25, alpha: 1)
            row.addSubview(label)
            let control = makeControl(for: property, index: index, label: label)
            row.addSubview(control)
            addSubview(row)
            rows.append(row)
            y += Self.rowHeight
        }
    }

    private func makeControl(for property: GalleryProperty, index: Int, label: UILabel) -> UIView {
        let frame = CGRect(x: 12, y: 22, width: Self.width - 24, height: 26)
        let current = target.map(property.read) ?? 0
        switch property.control {
        case .slider(let range):
            label.text = Self.caption(property.title, current)
            let slider = UISlider(frame: frame)
            slider.minimumValue = range.lowerBound
            slider.maximumValue = range.upperBound
            slider.value = min(max(current, range.lowerBound), range.upperBound)
            slider.addAction(UIAction { [weak self, weak slider, weak label] _ in
                guard let self, let slider else { return }
                label?.text = Self.caption(property.title, slider.value)
                self.apply(property, value: slider.value, color: UIColor.black.cgColor)
            }, for: .valueChanged)
            return slider
        case .toggle:
            label.text = property.title
            let toggle = UISwitch(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
            toggle.isOn = current != 0
            toggle.addAction(UIAction { [weak self, weak toggle] _ in
                guard let self, let toggle else { return }
                self.apply(property, value: toggle.isOn ? 1 : 0, color: UIColor.black.cgColor)
            }, for: .valueChanged)
            return toggle
        case .color:
            label.text = property.title
            let well = UIButton(type: .custom)
            well.frame = CGRect(origin: frame.origin, size: CGSize(width: 44, height: 24))
            well.layer.borderWidth = 1
            well.layer.borderColor = UIColor(white: 0.6, alpha: 1).cgColor
            well.layer.cornerRadius = 4
            // The layer's colour now (white when it has none); each click takes the palette's next.
            well.backgroundColor = target.flatMap(property.readColor).map { UIColor(cgColor: $0) } ?? .white
            well.addAction(UIAction { [weak self, weak well] _ in
                guard let self, let well else { return }
                let next = ((self.paletteIndex[index] ?? -1) + 1) % Self.palette.count
                self.paletteIndex[index] = next
                well.backgroundColor = Self.palette[next]
                self.apply(property, value: 0, color: Self.palette[next].cgColor)
            }, for: .touchUpInside)
            return well
        }
    }

    /// Sets the property in a transaction of its own: an implicit animation of the layer's action.
    private func apply(_ property: GalleryProperty, value: Float, color: CGColor) {
        guard let target else { return }
        CATransaction.begin()
        property.write(target, value, color)
        CATransaction.commit()
    }

    private static func caption(_ title: String, _ value: Float) -> String {
        "\(title): \(String(format: "%.2f", value))"
    }
}
