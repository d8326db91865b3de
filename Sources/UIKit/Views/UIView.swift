import CoreGraphics
import Foundation
import QuartzCore

/// A rectangle on screen backed by a layer: the view is its layer's delegate, so the layer's
/// implicit animations are off (`NSNull`) except inside `UIView` animation blocks.
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer (override to use a `CAShapeLayer`, `CATextLayer`, …).
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer.
    public let layer: CALayer

    public init(frame: CGRect) {
        layer = CALayer.makeLayer(ofClass: type(of: self).layerClass)
        super.init()
        layer.delegate = self
        // As in UIKit, a view's layer draws at the screen's scale; a standalone CALayer keeps 1.
        layer.contentsScale = UIScreen.main.scale
        self.frame = frame
        // A view's content is drawn when it first appears (see `display(_:)`).
        layer.setNeedsDisplay()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        layer = CALayer.makeLayer(ofClass: type(of: self).layerClass)
        super.init()
        layer.delegate = self
        layer.contentsScale = UIScreen.main.scale
        layer.setNeedsDisplay()
    }

    // MARK: Geometry (the layer's, as UIKit defines it)

    open var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = layer.bounds.size
            layer.frame = newValue
            setNeedsLayout()
            if layer.bounds.size != oldSize { boundsSizeDidChange(from: oldSize) }
        }
    }

    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != oldSize {
                setNeedsLayout()
                if contentMode == .redraw { setNeedsDisplay() }
                boundsSizeDidChange(from: oldSize)
            }
        }
    }

    /// The centre of the frame in the superview's coordinates (the layer's position).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The view's affine transform, about its centre.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The layer's 3D transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let changed = newValue != layer.isHidden
            layer.isHidden = newValue
            // A hidden arranged view takes no space in its stack view.
            if changed { superview?.arrangedSubviewVisibilityDidChange(self) }
        }
    }

    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view promises to fill its bounds with opaque pixels: true by default, as Apple's.
    /// Setting it sets the layer's `isOpaque` (an opaque backing store); until it is set the layer
    /// keeps its own default, false, so that a view drawing only part of itself over a nil
    /// `backgroundColor` shows what is behind it rather than black.
    open var isOpaque: Bool {
        get { opaqueFlag ?? true }
        set {
            opaqueFlag = newValue
            layer.isOpaque = newValue
        }
    }
    /// `isOpaque` once set.
    private var opaqueFlag: Bool?

    open var contentMode: UIView.ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.gravity; layer.needsDisplayOnBoundsChange = contentMode == .redraw }
    }

    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    open var tag: Int = 0
    open var accessibilityIdentifier: String?
    open var isUserInteractionEnabled = true
    open var isMultipleTouchEnabled = false

    // MARK: Hierarchy

    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []

    /// The controller whose `view` this is (Apple's view delegate); it comes before the superview in
    /// the responder chain and hears the layout and appearance of the view.
    weak var owningViewController: UIViewController?

    open override var next: UIResponder? { owningViewController ?? superview }

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        // Reordering among the same siblings is not a move: no lifecycle calls.
        if view.superview === self {
            subviews.removeAll { $0 === view }
            placeSubview(view, at: index)
            return
        }
        let move = view.beginMove(toSuperview: self)
        view.detachFromSuperview()
        placeSubview(view, at: index)
        view.superview = self
        view.endMove(move)
        didAddSubview(view)
    }

    private func placeSubview(_ view: UIView, at index: Int) {
        let i = max(0, min(index, subviews.count))
        subviews.insert(view, at: i)
        // Keep the subview layers in subview order, whatever other sublayers the view has.
        if i + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        setNeedsLayout()
    }

    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: i)
    }

    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let i = subviews.firstIndex { $0 === siblingSubview } ?? 0
        insertSubview(view, at: i)
    }

    open func removeFromSuperview() {
        guard superview != nil else { return }
        let move = beginMove(toSuperview: nil)
        detachFromSuperview()
        endMove(move)
    }

    /// Takes the view out of its superview's lists (the superview hears `willRemoveSubview`).
    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        removeConstraintsReferencingSubtree(fromAncestorsFrom: parent)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard subviews.contains(where: { $0 === view }) else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard subviews.contains(where: { $0 === view }) else { return }
        insertSubview(view, at: 0)
    }

    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let a = subviews[index1], b = subviews[index2]
        subviews.swapAt(index1, index2)
        layer.sublayers = subviews.map(\.layer)
        _ = (a, b)
    }

    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviews { if let v = sub.viewWithTag(tag) { return v } }
        return nil
    }

    // MARK: Lifecycle (override points; see UIView+Lifecycle.swift for when they are called)

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to `newSuperview` (nil: it is being removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    /// Called on the view and each descendant before their window changes to `newWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    /// Apple calls it after loading the view from a nib; there are no nibs here, so it is never called.
    open func awakeFromNib() {}

    // MARK: Sizing

    /// The size the view would like from its content (`noIntrinsicMetric` in each dimension by default).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The value of an `intrinsicContentSize` dimension the view has no preference for.
    nonisolated public static let noIntrinsicMetric: CGFloat = -1

    /// Tells the view its intrinsic size changed: its superview lays out again (and a stack view
    /// it is arranged in sizes itself again).
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        superview?.arrangedSubviewContentSizeDidChange(self)
    }

    /// The size the constraint solver takes from the view's content: `intrinsicContentSize`
    /// (a stack view answers with the size of its arranged views).
    var contentSizeForConstraintLayout: CGSize { intrinsicContentSize }

    /// Subviews the constraint solver leaves to the view itself (a stack view's arranged views).
    func isPlacedByOwnLayout(_ subview: UIView) -> Bool { false }

    /// Told when a subview's intrinsic size changed (a stack view passes it on to its superview).
    func arrangedSubviewContentSizeDidChange(_ subview: UIView) {}
    /// Told when a subview was hidden or shown (a stack view lays out again).
    func arrangedSubviewVisibilityDidChange(_ subview: UIView) {}

    /// How the view resizes when its superview's bounds size changes (springs and struts).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether the view resizes its subviews by their `autoresizingMask` when its size changes.
    open var autoresizesSubviews = true

    // MARK: Constraint-based layout (the API is in Layout/UIView+Constraints.swift)

    /// Whether the view keeps its own frame (true, the default: the constraint solver leaves it
    /// alone, as UIKit's translation of the frame into constraints would). False makes its frame
    /// the solver's, from the constraints on it, when its superview lays out.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { superview?.setNeedsLayout() } }
    }

    /// The space constraints to the margins (and `layoutMarginsGuide`) keep from the edges: 8 points
    /// on each side by default. (A view controller's root view has 8 too: iOS widens its leading and
    /// trailing margins to 16 or 20 points, `systemMinimumLayoutMargins`, which this UIKit does not.)
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            guard layoutMargins != oldValue else { return }
            layoutMarginsDidChange()
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    /// `layoutMargins` by leading and trailing edge (leading is left: layouts are left to right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
                                    trailing: layoutMargins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
                                         right: newValue.trailing)
        }
    }

    /// Stored only: margins are never taken from the superview here.
    open var preservesSuperviewLayoutMargins = false
    /// Stored only: the safe area is empty, so it never adds to the margins.
    open var insetsLayoutMarginsFromSafeArea = true

    /// Called after `layoutMargins` changed.
    open func layoutMarginsDidChange() {}

    /// The parts of the view that bars or the screen's shape cover: none in a desktop window.
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// Called when `safeAreaInsets` change (never: they are always zero here).
    open func safeAreaInsetsDidChange() {}

    /// Override to update the view's constraints, and call super last (the update pass runs before
    /// layout for views that asked with `setNeedsUpdateConstraints()`).
    open func updateConstraints() { needsConstraintUpdate = false }

    /// Whether the view's layout needs constraints (stored by UIKit for its classes; false).
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The constraints installed on the view (`constraints`).
    var installedConstraints: [NSLayoutConstraint] = []
    /// The layout guides added with `addLayoutGuide(_:)`.
    var addedLayoutGuides: [UILayoutGuide] = []
    /// The view's anchors and own guides, made on first use.
    var anchorSet: AnchorSet?
    var ownGuides: (margins: UILayoutGuide, safeArea: UILayoutGuide)?
    /// Content hugging and compression resistance per axis (horizontal, vertical).
    var huggingPriorities = (UILayoutPriority.defaultLow, UILayoutPriority.defaultLow)
    var compressionPriorities = (UILayoutPriority.defaultHigh, UILayoutPriority.defaultHigh)
    var needsConstraintUpdate = false
    /// The last problem the solver reported for this view's layout (reported once until it changes).
    var lastConstraintProblem: String?

    // MARK: Layout and display

    open func setNeedsLayout() { layer.setNeedsLayout() }
    open func layoutIfNeeded() { layer.layoutIfNeeded() }
    /// Lays out the subviews: the default places those that do not translate their autoresizing
    /// masks into constraints from the active constraints (`ConstraintSolver`), as UIKit's does;
    /// call super when overriding to keep that.
    open func layoutSubviews() { solveConstraintLayout() }
    /// The size that fits `size`: by default the current size, as Apple documents.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    open func sizeToFit() {
        let origin = frame.origin
        bounds.size = sizeThatFits(bounds.size)
        frame.origin = origin
    }

    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// Draws the view's content in the current graphics context (`UIGraphicsGetCurrentContext()`);
    /// y grows downward, in points. This implementation draws nothing; that it ran tells `display(_:)`
    /// the class does not draw (unless a subclass called it and drew more).
    open func draw(_ rect: CGRect) { baseDrawRan = true }

    /// Set by `UIView.draw(_:)` while `display(_:)` draws.
    private var baseDrawRan = false
    /// Whether each view class seen is one of UIKit's own (none of which overrides `draw(_:)`).
    private static var isUIKitClass: [ObjectIdentifier: Bool] = [:]

    // MARK: CALayerDelegate

    /// UIKit gives a backing store only to views whose class overrides `draw(_:)`; Swift cannot
    /// ask whether a method is overridden. UIKit's own classes do not override it, so their views
    /// are not drawn at all; a view of any other class draws, and the bitmap is thrown away when
    /// `UIView.draw(_:)` ran and nothing was drawn (a subclass may call `super` and draw more).
    /// Either way `contents` then stays as it was (nil, or what a view such as `UIImageView` set).
    /// A view is drawn when it first appears, as in UIKit.
    nonisolated open func display(_ layer: CALayer) {
        MainActor.assumeIsolated {
            let cls = type(of: self)
            let id = ObjectIdentifier(cls)
            let own = Self.isUIKitClass[id] ?? {
                let own = String(reflecting: cls).hasPrefix("UIKit.")
                Self.isUIKitClass[id] = own
                return own
            }()
            if own { return }
            baseDrawRan = false
            layer.displayIntoBackingStore(discardingIf: { ctx in self.baseDrawRan && UIView.isBlank(ctx) })
        }
    }

    /// Whether every byte of the bitmap context is zero (nothing was drawn).
    private static func isBlank(_ ctx: CGContext) -> Bool {
        guard let data = ctx.data else { return false }
        let count = ctx.bytesPerRow * ctx.height
        let raw = UnsafeRawBufferPointer(start: data, count: count)
        var i = 0
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { return false }
            i += 8
        }
        while i < count { if raw[i] != 0 { return false }; i += 1 }
        return true
    }

    /// A `CATiledLayer` asks for its tiles from its worker threads: there the view's drawing (main
    /// actor) runs on the main thread, the worker waiting for it, and `draw(_:)` gets the tile's
    /// rectangle (the context's clip) rather than the bounds.
    nonisolated open func draw(_ layer: CALayer, in ctx: CGContext) {
        // A tile, or the part `setNeedsDisplay(_:)` asked for: the context's clip.
        let clip = ctx.boundingBoxOfClipPath.intersection(layer.bounds)
        let rect = layer is CATiledLayer ? ctx.boundingBoxOfClipPath : (clip.isNull ? layer.bounds : clip)
        let body = {
            MainActor.assumeIsolated {
                UIGraphicsPushContext(ctx)
                self.draw(rect)
                UIGraphicsPopContext()
            }
        }
        if Thread.isMainThread { body() } else { DispatchQueue.main.sync(execute: body) }
    }

    nonisolated open func layoutSublayers(of layer: CALayer) {
        MainActor.assumeIsolated {
            runConstraintUpdatePass()
            let controller = owningViewController
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
    }

    /// No implicit animation outside animation blocks (`NSNull`); inside one, the block's animation.
    nonisolated open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        MainActor.assumeIsolated { UIViewAnimationContext.action(for: layer, forKey: event) ?? NSNull() }
    }

    // MARK: Coordinates

    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? rootView).layer)
    }

    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? rootView).layer)
    }

    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? rootView).layer)
    }

    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? rootView).layer)
    }

    var rootView: UIView {
        var v = self
        while let p = v.superview { v = p }
        return v
    }

    // MARK: Hit testing

    /// Whether `point` (in the view's coordinates) is inside the bounds. For an event a window
    /// dispatches with `hitTestsPresentation`, the bounds are the presentation layer's (what is on
    /// screen): the geometry travels with the event.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        (event?.hitTestGeometry?.bounds(of: self) ?? bounds).contains(point)
    }

    /// The deepest visible, interactive descendant containing `point` (in the view's
    /// coordinates); later subviews first (sibling order, not depth). Hidden views, alpha ≤ 0.01,
    /// disabled views and views an animation block without `.allowUserInteraction` is animating
    /// skip, with their subtrees. For an event a window dispatches with `hitTestsPresentation`,
    /// points are carried from view to view through the presentation layers' geometry (3D
    /// transforms and perspective included); without an event, through the model's.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled, !isAnimatingWithoutUserInteraction,
              self.point(inside: point, with: event) else { return nil }
        let geometry = event?.hitTestGeometry
        for sub in subviews.reversed() {
            let p = geometry?.convert(point, from: self, to: sub) ?? sub.convert(point, from: self)
            guard p.x.isFinite, p.y.isFinite else { continue }   // seen edge-on
            if let hit = sub.hitTest(p, with: event) { return hit }
        }
        return self
    }

    // MARK: Gesture recognizers

    /// The recognizers attached to the view (nil when none, as on Apple platforms).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for r in attachedGestureRecognizers { r.view = nil }
            attachedGestureRecognizers = []
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    private var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// Attaches `gestureRecognizer`: it sees the touches that hit this view or its subviews before
    /// the views do. A recognizer belongs to one view; adding it here removes it from the other.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let other = gestureRecognizer.view, other !== self { other.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// Whether `gestureRecognizer` may leave `.possible` (true by default; a subclass can refuse).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Window

    /// The window the view is in (the root of its hierarchy when that is a `UIWindow`).
    open var window: UIWindow? { rootView as? UIWindow }

    // MARK: Accessibility and traits

    /// The traits of the view's window (the screen's scale, the size classes of the window's size;
    /// see `UITraitCollection`), or the screen's when the view is in no window.
    open var traitCollection: UITraitCollection {
        guard let window else { return UIScreen.main.traitCollection }
        return UITraitCollection.defaultEnvironment(displayScale: UIScreen.main.scale, size: window.bounds.size)
    }

    /// Called when the window's resize changed its size classes (the only trait that changes here).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// What assistive technologies are told about the view; each unset one has UIKit's default for
    /// the view's class (`defaultAccessibility`: a label is an element with its text, a button one
    /// with its title).
    var accessibilitySettings = AccessibilitySettings()

    /// Whether assistive technologies see the view as one element (false for a plain view, true for
    /// a label or a button, as UIKit's defaults).
    open var isAccessibilityElement: Bool {
        get { accessibilitySettings.isElement ?? defaultAccessibility.isElement }
        set { accessibilitySettings.isElement = newValue }
    }

    /// The element's name (a label's text or a button's title by default).
    open var accessibilityLabel: String? {
        get { accessibilitySettings.label ?? defaultAccessibility.label }
        set { accessibilitySettings.label = .some(newValue) }
    }

    /// The element's value, when it has one (nil by default).
    open var accessibilityValue: String? {
        get { accessibilitySettings.value ?? nil }
        set { accessibilitySettings.value = .some(newValue) }
    }

    /// What acting on the element does (nil by default).
    open var accessibilityHint: String? {
        get { accessibilitySettings.hint ?? nil }
        set { accessibilitySettings.hint = .some(newValue) }
    }

    /// What kind of element the view is (`.staticText` for a label, `.button` for a button, `.image`
    /// for an image view, with `.notEnabled` when disabled; none for a plain view).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilitySettings.traits ?? defaultAccessibility.traits }
        set { accessibilitySettings.traits = newValue }
    }

    /// The element's frame in screen coordinates: by default the view's bounds in its window's
    /// coordinates (a window's origin on the desktop is not known to a Wayland client).
    open var accessibilityFrame: CGRect {
        get { accessibilitySettings.frame ?? convert(bounds, to: nil) }
        set { accessibilitySettings.frame = newValue }
    }

    /// Whether the view's subviews are hidden from assistive technologies (false by default).
    open var accessibilityElementsHidden = false

    /// Whether assistive technologies should ignore the view's siblings (false by default).
    open var accessibilityViewIsModal = false

    // MARK: Dynamics (UIDynamicItem: UIView+UIDynamicItem.swift)

    /// The shape UIKit Dynamics collides the view as (`.rectangle`: its bounds); override it.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// With `.path`: the convex outline, centred on the view's centre (an empty path by default).
    open var collisionBoundingPath: UIBezierPath { UIBezierPath() }

    // MARK: Tint (how the effective values are found and changes told: UIView+Tint.swift)

    /// The tint colour set on this view (nil: the superview's).
    var storedTintColor: UIColor?
    /// The adjustment mode set on this view (`.automatic`: the superview's).
    var storedTintAdjustmentMode: TintAdjustmentMode = .automatic

    /// The colour controls and template images draw with: the one set on this view, else the
    /// superview's, else system blue (`UIColor.systemBlue`), as Apple's; a grey of the same
    /// lightness while the effective `tintAdjustmentMode` is `.dimmed`. Setting nil inherits again.
    /// A change calls `tintColorDidChange()` on this view and on the subviews that inherit it.
    open var tintColor: UIColor! {
        get { effectiveTintColor }
        set { setStoredTintColor(newValue) }
    }

    /// Whether the tint is shown dimmed: `.automatic` (the default) reads as the superview's mode,
    /// or `.normal` at the top of the hierarchy, as Apple's getter answers.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTintAdjustmentMode }
        set { setStoredTintAdjustmentMode(newValue) }
    }

    /// Called when the effective `tintColor` or `tintAdjustmentMode` changes: set on this view or
    /// on an ancestor it inherits from, or the view moved under one with another tint. Does nothing;
    /// override to redraw in the new tint.
    open func tintColorDidChange() {}

    /// Whether a touch on this view keeps other touches from reaching other views of the window
    /// while it lasts (false by default). Stored: a desktop window has one pointer, whose touch is
    /// always the only one, so the rule never has anything to hold back.
    open var isExclusiveTouch = false

    /// Interface Builder calls it before drawing an `@IBDesignable` view; there is no Interface
    /// Builder here, so it is never called. Does nothing (a subclass may override it).
    open func prepareForInterfaceBuilder() {}
}
