import CoreGraphics
import Foundation
import QuartzCore

extension UIScrollView {
    /// The indicators' thickness and distance from the edges (points).
    static let indicatorThickness: CGFloat = 3
    static let indicatorInset: CGFloat = 3
    /// The shortest an indicator gets.
    static let indicatorMinimumLength: CGFloat = 36

    func setUpIndicators() {
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.backgroundColor = CGColor(gray: 0, alpha: 0.35)
            indicator.cornerRadius = Self.indicatorThickness / 2
            indicator.opacity = 0
            indicator.zPosition = 1000
            // Moved each frame with the content: no implicit animations of their own.
            indicator.actions = ["position": NSNull(), "bounds": NSNull(), "opacity": NSNull(), "hidden": NSNull()]
            layer.addSublayer(indicator)
        }
    }

    /// Shows the indicators of the axes that scroll, placed for the current offset.
    func showIndicators() {
        updateIndicators()
        let along = scrollsAlong
        for (indicator, shows) in [(verticalIndicator, showsVerticalScrollIndicator && along.y),
                                   (horizontalIndicator, showsHorizontalScrollIndicator && along.x)] {
            indicator.removeAnimation(forKey: "fade")
            indicator.opacity = shows ? 1 : 0
        }
    }

    /// The scrolling stopped: the indicators fade out after a moment.
    func scrollIndicatorsDidSettle() {
        for indicator in [verticalIndicator, horizontalIndicator] where indicator.opacity > 0 {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = indicator.opacity
            fade.toValue = 0
            fade.beginTime = CACurrentMediaTime() + 0.5
            fade.duration = 0.3
            fade.fillMode = .backwards
            indicator.opacity = 0
            indicator.add(fade, forKey: "fade")
        }
    }

    /// Places the indicators along the right and bottom edges of the visible area, their length and
    /// position the visible share of the content (shortened while rubber-banding).
    func updateIndicators() {
        let b = bounds, r = offsetRange, t = Self.indicatorThickness, inset = Self.indicatorInset
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        // Reordering subviews can rebuild the sublayer list without them.
        for indicator in [verticalIndicator, horizontalIndicator] where indicator.superlayer !== layer {
            layer.addSublayer(indicator)
        }
        func place(offset: CGFloat, range: ClosedRange<CGFloat>, visible: CGFloat, content: CGFloat) -> (CGFloat, CGFloat) {
            let track = max(0, visible - 2 * inset - t)
            guard content > 0, track > 0 else { return (inset, track) }
            var length = max(Self.indicatorMinimumLength, track * min(1, visible / content))
            let overshoot = offset < range.lowerBound ? range.lowerBound - offset : offset > range.upperBound ? offset - range.upperBound : 0
            length = max(t * 2, length - overshoot)
            let span = range.upperBound - range.lowerBound
            let fraction = span > 0 ? min(max((offset - range.lowerBound) / span, 0), 1) : 0
            return (inset + (track - length) * fraction, length)
        }
        let content = adjustedContentInset, vi = verticalScrollIndicatorInsets, hi = horizontalScrollIndicatorInsets
        let (vy, vh) = place(offset: b.minY, range: r.y, visible: b.height - vi.top - vi.bottom,
                             content: contentSize.height + content.top + content.bottom)
        verticalIndicator.frame = CGRect(x: b.maxX - inset - t - vi.right, y: b.minY + vi.top + vy, width: t, height: vh)
        let (hx, hw) = place(offset: b.minX, range: r.x, visible: b.width - hi.left - hi.right,
                             content: contentSize.width + content.left + content.right)
        horizontalIndicator.frame = CGRect(x: b.minX + hi.left + hx, y: b.maxY - inset - t - hi.bottom, width: hw, height: t)
    }
}
