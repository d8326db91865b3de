import CoreGraphics
import Foundation
import QuartzCore

/// A row of dots, one per page, the current page's dot drawn in another colour.
///
/// Drawn with layers: 7-point dots 16 points apart, centred in the bounds; the current page's in
/// `currentPageIndicatorTintColor` (nil: white, as iOS draws it), the others in
/// `pageIndicatorTintColor` (nil: white at 30 %). A tap left of the current dot goes back one page
/// and right of it forward one, sending `.valueChanged` (then `.primaryActionTriggered`) when the
/// page changed, as Apple's; setting `currentPage` in code sends nothing.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance between dot centres.
    static let dotDiameter: CGFloat = 7
    static let dotPitch: CGFloat = 16
    /// The control's height.
    static let height: CGFloat = 26

    private var dots: [CALayer] = []

    /// How many dots there are (0 by default; negative values count as 0).
    open var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            if currentPage > max(numberOfPages - 1, 0) { currentPage = max(numberOfPages - 1, 0) }
            rebuildDots()
            invalidateIntrinsicContentSize()
        }
    }

    /// The highlighted page, kept within `0..<numberOfPages` (0 by default).
    open var currentPage = 0 {
        didSet {
            let clamped = min(max(currentPage, 0), max(numberOfPages - 1, 0))
            if clamped != currentPage { currentPage = clamped }
            applyColors()
        }
    }

    /// Whether the dots are hidden when there is only one page (false by default).
    open var hidesForSinglePage = false { didSet { applyColors() } }

    /// The colour of the dots of the other pages (nil: white at 30 %).
    open var pageIndicatorTintColor: UIColor? { didSet { applyColors() } }

    /// The colour of the current page's dot (nil: white).
    open var currentPageIndicatorTintColor: UIColor? { didSet { applyColors() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var primaryActionEvent: Event { .valueChanged }

    /// The size the dots of `pageCount` pages take (the control's height, a dot pitch each).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = CGFloat(max(pageCount, 0))
        return CGSize(width: n * UIPageControl.dotPitch + (n > 0 ? 16 : 0), height: UIPageControl.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    private func rebuildDots() {
        for dot in dots { dot.removeFromSuperlayer() }
        dots = (0..<numberOfPages).map { _ in
            let dot = ControlLayerDelegate.adopt(CALayer())
            dot.cornerRadius = UIPageControl.dotDiameter / 2
            layer.addSublayer(dot)
            return dot
        }
        layoutDots()
        applyColors()
    }

    private func applyColors() {
        let hidden = hidesForSinglePage && numberOfPages == 1
        let current = (currentPageIndicatorTintColor ?? UIColor(white: 1, alpha: 1)).cgColor
        let other = (pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)).cgColor
        for (i, dot) in dots.enumerated() {
            dot.isHidden = hidden
            dot.backgroundColor = i == currentPage ? current : other
        }
    }

    /// The centre of page `index`'s dot, in the control's coordinates.
    func dotCenter(_ index: Int) -> CGPoint {
        let width = CGFloat(numberOfPages - 1) * UIPageControl.dotPitch
        return CGPoint(x: bounds.midX - width / 2 + CGFloat(index) * UIPageControl.dotPitch, y: bounds.midY)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutDots()
    }

    private func layoutDots() {
        let d = UIPageControl.dotDiameter
        for (i, dot) in dots.enumerated() {
            let c = dotCenter(i)
            dot.frame = CGRect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
        }
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, numberOfPages > 0, !(hidesForSinglePage && numberOfPages == 1) else { return }
        let point = touch.location(in: self)
        guard isTrackingInside(point) else { return }
        let next = point.x < dotCenter(currentPage).x ? currentPage - 1 : currentPage + 1
        guard next >= 0, next < numberOfPages else { return }
        currentPage = next
        sendTrackingActions(.valueChanged, with: event)
    }
}
