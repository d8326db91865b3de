import CoreGraphics

/// The object that draws a layer's content and lays out its sublayers.
///
/// Every method is optional, as on Apple platforms: the defaults below are used for methods a
/// conforming type does not implement.
public protocol CALayerDelegate: AnyObject {
    /// Replaces the layer's drawing entirely (typically by setting `layer.contents`).
    /// The default creates a backing store and calls `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`, whose user space is the layer's bounds (y down).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called just before `draw(_:in:)`.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: nil continues the search, `NSNull()` stops it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// An object that responds to an event on a layer, such as a property change (an implicit animation).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` in an action slot means "no action, stop searching", as on Apple platforms.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
