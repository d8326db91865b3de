import CoreGraphics
import Foundation

extension UIView {
    /// Which of a view's margins and dimensions stretch when its superview's size changes
    /// (Apple's raw values).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes the subviews by their masks after the view's bounds size changed from `oldSize`.
    /// A window's size classes may change with it (`traitCollectionDidChange(_:)`).
    func boundsSizeDidChange(from oldSize: CGSize) {
        defer { notifyTraitChangeIfNeeded(fromSize: oldSize) }
        guard autoresizesSubviews else { return }
        let newSize = bounds.size
        for sub in subviews where !sub.autoresizingMask.isEmpty {
            sub.autoresize(from: oldSize, to: newSize)
        }
    }

    /// Springs and struts: along each axis the change in the superview's size is shared by the
    /// flexible parts among (leading margin, size, trailing margin) in proportion to their current
    /// lengths (equally when those are all zero); fixed parts keep their lengths. With nothing
    /// flexible the leading margin and size stay, so the trailing margin takes the change.
    private func autoresize(from oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        var f = frame
        let h = UIView.share(newSize.width - oldSize.width, origin: f.minX, length: f.width, container: oldSize.width,
                             flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                        mask.contains(.flexibleRightMargin)))
        let v = UIView.share(newSize.height - oldSize.height, origin: f.minY, length: f.height, container: oldSize.height,
                             flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                        mask.contains(.flexibleBottomMargin)))
        f.origin = CGPoint(x: h.origin, y: v.origin)
        f.size = CGSize(width: max(0, h.length), height: max(0, v.length))
        guard f != frame else { return }
        frame = f
    }

    /// One axis of `autoresize`: the new origin and length.
    private static func share(_ delta: CGFloat, origin: CGFloat, length: CGFloat, container: CGFloat,
                              flexible: (lead: Bool, size: Bool, trail: Bool)) -> (origin: CGFloat, length: CGFloat) {
        guard delta != 0 else { return (origin, length) }
        let trail = container - origin - length
        let parts = [(flexible.lead, origin), (flexible.size, length), (flexible.trail, trail)]
        let flexibleCount = parts.filter(\.0).count
        guard flexibleCount > 0 else { return (origin, length) }
        let total = parts.filter(\.0).map { max(0, $0.1) }.reduce(0, +)
        func portion(_ i: Int) -> CGFloat {
            guard parts[i].0 else { return 0 }
            return total > 0 ? delta * max(0, parts[i].1) / total : delta / CGFloat(flexibleCount)
        }
        return (origin + portion(0), length + portion(1))
    }
}
