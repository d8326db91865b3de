import CoreGraphics
import Foundation
import QuartzCore

/// A row of equal-width segments, one of which is selected; drawn as iOS 13+ draws it: a light gray
/// rounded background, the selected segment a white rounded "pill" with a soft shadow, thin
/// separators between unselected segments, titles centred (13-point system font).
///
/// A touch that goes up inside the control selects the segment under it; a change sends
/// `.valueChanged` (then `.primaryActionTriggered`). Setting `selectedSegmentIndex` sends nothing.
/// Items are titles (`String`); other items (images) show as empty segments.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The index of no segment.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var isEnabled = true
        let label: UILabel
    }

    private var segments: [Segment] = []
    private let background: CALayer = ControlLayerDelegate.adopt(CALayer())
    private let selection: CALayer = ControlLayerDelegate.adopt(CALayer())
    private var separators: [CALayer] = []

    /// The selected segment (`noSegment`, -1, when none).
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < UISegmentedControl.noSegment || selectedSegmentIndex >= segments.count {
                selectedSegmentIndex = UISegmentedControl.noSegment
            }
            layoutParts()
        }
    }

    /// When true a tap's segment is not kept selected.
    open var isMomentary = false

    open var numberOfSegments: Int { segments.count }

    open var selectedSegmentTintColor: UIColor? { didSet { layoutParts() } }

    /// Segments titled with `items`' strings (other items give untitled segments).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        commonInit()
        for (i, item) in (items ?? []).enumerated() {
            insertSegment(withTitle: item as? String, at: i, animated: false)
        }
        frame = CGRect(origin: .zero, size: sizeThatFits(.zero))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        background.backgroundColor = CGColor(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12)
        layer.addSublayer(background)
        selection.shadowOpacity = 0.12
        selection.shadowRadius = 4
        selection.shadowOffset = CGSize(width: 0, height: 3)
        selection.borderWidth = 0.5
        selection.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.04)
        layer.addSublayer(selection)
    }

    override var primaryActionEvent: Event { .valueChanged }

    // MARK: Segments

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let label = UILabel()
        label.textAlignment = .center
        label.font = UIFont.systemFont(ofSize: 13)
        label.text = title
        addSubview(label)
        // UIView puts a subview's layer at its subview index; the titles go above the drawn layers.
        layer.addSublayer(label.layer)
        let i = max(0, min(segment, segments.count))
        segments.insert(Segment(title: title, label: label), at: i)
        if selectedSegmentIndex >= i { selectedSegmentIndex += 1 }
        layoutParts()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment).label.removeFromSuperview()
        if selectedSegmentIndex == segment { selectedSegmentIndex = UISegmentedControl.noSegment }
        else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        layoutParts()
    }

    open func removeAllSegments() {
        for s in segments { s.label.removeFromSuperview() }
        segments = []
        selectedSegmentIndex = UISegmentedControl.noSegment
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].label.text = title
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        layoutParts()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    // MARK: Layout

    private var segmentWidth: CGFloat {
        segments.isEmpty ? 0 : bounds.width / CGFloat(segments.count)
    }

    /// The segment under `point` (the control's coordinates), or nil outside the bounds.
    func segmentIndex(at point: CGPoint) -> Int? {
        guard bounds.contains(point), !segments.isEmpty else { return nil }
        return min(Int((point.x - bounds.minX) / segmentWidth), segments.count - 1)
    }

    private func layoutParts() {
        background.frame = bounds
        background.cornerRadius = min(9, bounds.height / 2)
        let w = segmentWidth
        for (i, s) in segments.enumerated() {
            s.label.frame = CGRect(x: bounds.minX + CGFloat(i) * w, y: bounds.minY, width: w, height: bounds.height)
            s.label.font = i == selectedSegmentIndex ? UIFont.boldSystemFont(ofSize: 13) : UIFont.systemFont(ofSize: 13)
            s.label.textColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
            s.label.isEnabled = s.isEnabled && isEnabled
        }
        // Separators between neighbours that are both unselected.
        let needed = max(segments.count - 1, 0)
        while separators.count < needed {
            let s = ControlLayerDelegate.adopt(CALayer())
            s.backgroundColor = CGColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)
            layer.insertSublayer(s, above: background)
            separators.append(s)
        }
        while separators.count > needed { separators.removeLast().removeFromSuperlayer() }
        for (i, s) in separators.enumerated() {
            let x = bounds.minX + CGFloat(i + 1) * w
            s.frame = CGRect(x: x - 0.5, y: bounds.minY + bounds.height * 0.25, width: 1, height: bounds.height * 0.5)
            s.isHidden = i == selectedSegmentIndex || i + 1 == selectedSegmentIndex
        }
        if segments.indices.contains(selectedSegmentIndex) {
            selection.isHidden = false
            selection.frame = CGRect(x: bounds.minX + CGFloat(selectedSegmentIndex) * w, y: bounds.minY, width: w, height: bounds.height)
                .insetBy(dx: 2, dy: 2)
            selection.cornerRadius = max(background.cornerRadius - 2, 0)
            selection.backgroundColor = (selectedSegmentTintColor ?? UIColor(white: 1, alpha: 1)).cgColor
        } else {
            selection.isHidden = true
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override func stateDidChange() {
        layoutParts()
    }

    /// Equal segments wide enough for the widest title plus margins; 32 points high (iOS 13).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let widest = segments.map { s -> CGFloat in
            guard let t = s.title, !t.isEmpty else { return 0 }
            return TextMeasurer.size(of: t, fontName: UIFont.boldSystemFont(ofSize: 13).fontName, pointSize: 13, width: nil, maxLines: 1).width
        }.max() ?? 0
        return CGSize(width: ((widest + 24) * CGFloat(segments.count)).rounded(.up), height: 32)
    }

    // MARK: Tracking

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, let i = segmentIndex(at: touch.location(in: self)), segments[i].isEnabled else { return }
        if isMomentary {
            sendTrackingActions(.valueChanged, with: event)
            return
        }
        guard i != selectedSegmentIndex else { return }
        selectedSegmentIndex = i
        sendTrackingActions(.valueChanged, with: event)
    }
}
