import CoreGraphics
import Foundation

/// The axes along which a `CAScrollLayer` scrolls.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of its sublayers' extent: scrolling moves its `bounds.origin` (the content
/// point at its top-left corner) along the axes `scrollMode` allows. No limits are applied (content
/// can be scrolled past its edges) and no scrollers or events come with it.
open class CAScrollLayer: CALayer {
    /// The axes scrolling may move (default `.both`).
    open var scrollMode: CAScrollLayerScrollMode {
        get { value(forKey: "scrollMode") as? CAScrollLayerScrollMode ?? .both }
        set { setValue(newValue, forKey: "scrollMode") }
    }

    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        key == "scrollMode" ? CAScrollLayerScrollMode.both : super.defaultValue(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "scrollMode" else { return super.setValue(value, forKey: key) }
        storeConvertedValue(KeyedValue.constant(value, as: CAScrollLayerScrollMode.self).map { $0 }, forKey: key)
    }

    /// Scrolls so that content point `p` is at the top-left corner (on the allowed axes).
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        var origin = bounds.origin
        let mode = scrollMode
        if mode == .both || mode == .horizontally { origin.x = p.x }
        if mode == .both || mode == .vertically { origin.y = p.y }
        if origin != bounds.origin { bounds.origin = origin }
    }

    /// Scrolls the least distance that shows all of `r` (its top-left part when it is larger).
    open func scroll(to r: CGRect) {
        let visible = bounds
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vlo: CGFloat, _ length: CGFloat) -> CGFloat {
            if lo < vlo || hi - lo > length { return lo }
            if hi > vlo + length { return hi - length }
            return vlo
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, visible.minX, visible.width),
                           y: axis(r.minY, r.maxY, visible.minY, visible.height)))
    }
}

extension CALayer {
    /// The nearest `CAScrollLayer` above this layer (this layer itself counts), if any.
    private var enclosingScrollLayer: CAScrollLayer? {
        var layer: CALayer? = self
        while let l = layer {
            if let scroll = l as? CAScrollLayer { return scroll }
            layer = l.parentLayer
        }
        return nil
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` so that `p` (in this layer's coordinates) is at
    /// its top-left corner; nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller === self ? p : scroller.convert(p, from: self))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` the least distance that shows `r` (in this
    /// layer's coordinates); nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller === self ? r : scroller.convert(r, from: self))
    }

    /// The part of this layer's bounds that its nearest enclosing `CAScrollLayer` shows, in this
    /// layer's coordinates (its bounds when none encloses it).
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer, scroller !== self else { return bounds }
        let shown = convert(scroller.bounds, from: scroller).intersection(bounds)
        return shown.isNull ? .zero : shown
    }
}
