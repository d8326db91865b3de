import CALinuxRuntime
import CoreGraphics

/// A rectangle of content in a tree of layers, with Core Animation's model semantics.
///
/// Geometry follows the iOS convention: y grows downward, `position` is where the layer's
/// `anchorPoint` sits in its superlayer's coordinates, and `transform` is applied about that anchor.
/// Changing a property opens the thread's implicit transaction, which is committed before the
/// main run loop waits; a commit tells the render targets to draw the new tree.
open class CALayer: NSObject {
    /// The layer's values: the properties below read and write them here.
    package internal(set) var properties = LayerProperties()

    // MARK: Geometry

    /// The layer's own coordinate space: its origin and size in points.
    open var bounds: CGRect {
        get { properties.bounds }
        set { update(\.bounds, newValue, "bounds") }
    }
    /// Where `anchorPoint` sits in the superlayer's coordinates.
    open var position: CGPoint {
        get { properties.position }
        set { update(\.position, newValue, "position") }
    }
    /// The layer's position on the z axis, also its drawing order among siblings.
    open var zPosition: CGFloat {
        get { properties.zPosition }
        set { update(\.zPosition, newValue, "zPosition") }
    }
    /// The point, in unit coordinates of the bounds, that `position` names and transforms pivot about.
    open var anchorPoint: CGPoint {
        get { properties.anchorPoint }
        set { update(\.anchorPoint, newValue, "anchorPoint") }
    }
    /// The anchor's z coordinate, in points.
    open var anchorPointZ: CGFloat {
        get { properties.anchorPointZ }
        set { update(\.anchorPointZ, newValue, "anchorPointZ") }
    }
    /// The transform applied to the layer about its anchor point.
    open var transform: CATransform3D {
        get { properties.transform }
        set { update(\.transform, newValue, "transform") }
    }
    /// The transform applied to the sublayers, about this layer's anchor point.
    open var sublayerTransform: CATransform3D {
        get { properties.sublayerTransform }
        set { update(\.sublayerTransform, newValue, "sublayerTransform") }
    }
    /// Whether the layer's content and sublayers are flipped vertically.
    open var isGeometryFlipped: Bool {
        get { properties.isGeometryFlipped }
        set { update(\.isGeometryFlipped, newValue, "geometryFlipped") }
    }

    // MARK: Appearance

    open var backgroundColor: CGColor? {
        get { properties.backgroundColor }
        set { update(\.backgroundColor, newValue, "backgroundColor") }
    }
    /// The radius of the rounded corners of the background, border and `masksToBounds` clip.
    open var cornerRadius: CGFloat {
        get { properties.cornerRadius }
        set { update(\.cornerRadius, newValue, "cornerRadius") }
    }
    /// The width of the border, drawn inside the bounds and above the sublayers.
    open var borderWidth: CGFloat {
        get { properties.borderWidth }
        set { update(\.borderWidth, newValue, "borderWidth") }
    }
    open var borderColor: CGColor? {
        get { properties.borderColor }
        set { update(\.borderColor, newValue, "borderColor") }
    }
    /// The layer's opacity in 0...1, applied to the layer and its sublayers as a group.
    open var opacity: Float {
        get { properties.opacity }
        set { update(\.opacity, newValue, "opacity") }
    }
    open var isHidden: Bool {
        get { properties.isHidden }
        set { update(\.isHidden, newValue, "hidden") }
    }
    /// Whether sublayers and contents are clipped to the (rounded) bounds.
    open var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { update(\.masksToBounds, newValue, "masksToBounds") }
    }
    open var isDoubleSided: Bool {
        get { properties.isDoubleSided }
        set { update(\.isDoubleSided, newValue, "doubleSided") }
    }
    open var shadowColor: CGColor? {
        get { properties.shadowColor }
        set { update(\.shadowColor, newValue, "shadowColor") }
    }
    open var shadowOpacity: Float {
        get { properties.shadowOpacity }
        set { update(\.shadowOpacity, newValue, "shadowOpacity") }
    }
    open var shadowOffset: CGSize {
        get { properties.shadowOffset }
        set { update(\.shadowOffset, newValue, "shadowOffset") }
    }
    open var shadowRadius: CGFloat {
        get { properties.shadowRadius }
        set { update(\.shadowRadius, newValue, "shadowRadius") }
    }
    open var shadowPath: CGPath? {
        get { properties.shadowPath }
        set { update(\.shadowPath, newValue, "shadowPath") }
    }
    /// How the layer with its sublayers, as one group, composites onto what lies behind it: one of
    /// Core Image's blend-mode filter names as a string ("multiplyBlendMode", "screenBlendMode",
    /// "overlayBlendMode", ... "luminosityBlendMode", or "sourceOverCompositing"). Nil by default;
    /// other names and values composite normally. Not animatable.
    open var compositingFilter: Any? {
        get { properties.compositingFilter }
        set {
            let old = properties.compositingFilter
            properties.compositingFilter = newValue
            didChangeValue("compositingFilter", changed: !KeyedValue.same(old, newValue), oldValue: old)
        }
    }
    /// The radius (points) of the blur of what lies beneath the layer, drawn under its background
    /// (0, the default: none). A Linux addition for `UIVisualEffectView`; Apple's is a private layer class.
    package var backdropBlurRadius: CGFloat {
        get { properties.backdropBlurRadius }
        set { update(\.backdropBlurRadius, newValue.isFinite ? max(newValue, 0) : 0, "backdropBlurRadius") }
    }
    open var name: String?
    /// The constraints a `CAConstraintLayoutManager` of the superlayer lays this layer out by
    /// (macOS); setting them marks the superlayer as needing layout.
    open var constraints: [CAConstraint]? {
        didSet { superlayer?.setNeedsLayout() }
    }
    /// Appends `c` to `constraints`.
    open func addConstraint(_ c: CAConstraint) {
        constraints = (constraints ?? []) + [c]
    }
    /// The object that lays out the sublayers (macOS; e.g. `CAConstraintLayoutManager`); when set,
    /// `layoutSublayers()` asks it instead of the delegate. Setting it marks the layer as needing layout.
    open var layoutManager: CALayoutManager? {
        didSet { setNeedsLayout() }
    }
    /// The corners `cornerRadius` rounds; all four by default.
    open var maskedCorners: CACornerMask {
        get { properties.maskedCorners }
        set { update(\.maskedCorners, newValue, "maskedCorners") }
    }
    /// The curve of the rounded corners: `.circular` (the default) or `.continuous`.
    open var cornerCurve: CALayerCornerCurve {
        get { properties.cornerCurve }
        set { update(\.cornerCurve, newValue, "cornerCurve") }
    }
    /// A layer whose alpha masks this layer's composite (content, sublayers, border), placed in
    /// this layer's coordinates like a sublayer. As in Core Animation it is not one of `sublayers`
    /// but its `superlayer` is the layer it masks; assigning a layer that masks another layer moves it here,
    /// and `removeFromSuperlayer()` on the mask clears this property.
    open var mask: CALayer? {
        get { maskLayer }
        set { setMaskLayer(newValue) }
    }
    /// Whether the layer and its sublayers are composited as one group when `opacity` < 1
    /// (true, as on current iOS), rather than each blended on its own.
    open var allowsGroupOpacity: Bool {
        get { properties.allowsGroupOpacity }
        set { update(\.allowsGroupOpacity, newValue, "allowsGroupOpacity") }
    }
    /// Whether edges are antialiased (per `edgeAntialiasingMask`) when the layer is transformed; false by default.
    open var allowsEdgeAntialiasing: Bool {
        get { properties.allowsEdgeAntialiasing }
        set { update(\.allowsEdgeAntialiasing, newValue, "allowsEdgeAntialiasing") }
    }
    /// Which edges are antialiased; all four by default.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { properties.edgeAntialiasingMask }
        set { update(\.edgeAntialiasingMask, newValue, "edgeAntialiasingMask") }
    }
    /// Whether the layer and its sublayers are rendered into a cached bitmap before compositing.
    open var shouldRasterize: Bool {
        get { properties.shouldRasterize }
        set { update(\.shouldRasterize, newValue, "shouldRasterize") }
    }
    /// Pixels per point of the rasterized bitmap when `shouldRasterize` is true.
    open var rasterizationScale: CGFloat {
        get { properties.rasterizationScale }
        set { update(\.rasterizationScale, newValue, "rasterizationScale") }
    }
    /// Whether drawing commands are queued and run in the background (a hint; drawing here is synchronous).
    open var drawsAsynchronously: Bool {
        get { properties.drawsAsynchronously }
        set { update(\.drawsAsynchronously, newValue, "drawsAsynchronously") }
    }

    // MARK: Contents

    /// The layer's image: a `CGImage` (other values are ignored when drawing).
    open var contents: Any? {
        get { properties.contents }
        set {
            let old = properties.contents
            properties.contents = newValue
            didChangeValue("contents", changed: !KeyedValue.same(old, newValue), oldValue: old)
        }
    }
    /// The part of `contents` shown, in unit coordinates of the image.
    open var contentsRect: CGRect {
        get { properties.contentsRect }
        set { update(\.contentsRect, newValue, "contentsRect") }
    }
    /// The stretchable part of `contents`, in unit coordinates of the image.
    open var contentsCenter: CGRect {
        get { properties.contentsCenter }
        set { update(\.contentsCenter, newValue, "contentsCenter") }
    }
    open var contentsGravity: CALayerContentsGravity {
        get { properties.contentsGravity }
        set { update(\.contentsGravity, newValue, "contentsGravity") }
    }
    /// Pixels of backing store per point: `display()` draws at this scale, and a `contents` image
    /// of this scale covers `image size / contentsScale` points.
    open var contentsScale: CGFloat {
        get { properties.contentsScale }
        set { update(\.contentsScale, newValue, "contentsScale") }
    }
    open var minificationFilter: CALayerContentsFilter {
        get { properties.minificationFilter }
        set { update(\.minificationFilter, newValue, "minificationFilter") }
    }
    open var magnificationFilter: CALayerContentsFilter {
        get { properties.magnificationFilter }
        set { update(\.magnificationFilter, newValue, "magnificationFilter") }
    }
    open var minificationFilterBias: Float {
        get { properties.minificationFilterBias }
        set { update(\.minificationFilterBias, newValue, "minificationFilterBias") }
    }
    /// The pixel format of the backing store `display()` creates.
    open var contentsFormat: CALayerContentsFormat {
        get { properties.contentsFormat }
        set { update(\.contentsFormat, newValue, "contentsFormat") }
    }
    /// Whether the layer is fully opaque (a drawing hint for the backing store).
    open var isOpaque: Bool {
        get { properties.isOpaque }
        set { update(\.isOpaque, newValue, "opaque") }
    }
    /// Whether `setNeedsDisplay()` is called automatically when the bounds change.
    open var needsDisplayOnBoundsChange = false

    // MARK: Timing (CAMediaTiming)
    // Setting NaN (or an infinite speed, time offset or begin time) is ignored with a warning
    // (`TimingValueCheck`).

    /// When the layer's time begins, in its superlayer's time (seconds).
    open var beginTime: CFTimeInterval {
        get { properties.beginTime }
        set { if TimingValueCheck.accepts(newValue, "CALayer.beginTime") { update(\.beginTime, newValue, "beginTime") } }
    }
    /// A layer has no intrinsic duration; stored for `CAMediaTiming`.
    open var duration: CFTimeInterval {
        get { properties.duration }
        set { if TimingValueCheck.accepts(newValue, "CALayer.duration", allowsInfinity: true) { update(\.duration, newValue, "duration") } }
    }
    /// How fast the layer's time (and its descendants' animations) runs; 0 pauses it.
    open var speed: Float {
        get { properties.speed }
        set { if TimingValueCheck.accepts(newValue, "CALayer.speed") { update(\.speed, newValue, "speed") } }
    }
    /// Added to the layer's local time; with `speed == 0` it is the time shown.
    open var timeOffset: CFTimeInterval {
        get { properties.timeOffset }
        set { if TimingValueCheck.accepts(newValue, "CALayer.timeOffset") { update(\.timeOffset, newValue, "timeOffset") } }
    }
    open var repeatCount: Float {
        get { properties.repeatCount }
        set { if TimingValueCheck.accepts(newValue, "CALayer.repeatCount", allowsInfinity: true) { update(\.repeatCount, newValue, "repeatCount") } }
    }
    open var repeatDuration: CFTimeInterval {
        get { properties.repeatDuration }
        set { if TimingValueCheck.accepts(newValue, "CALayer.repeatDuration", allowsInfinity: true) { update(\.repeatDuration, newValue, "repeatDuration") } }
    }
    open var autoreverses: Bool {
        get { properties.autoreverses }
        set { update(\.autoreverses, newValue, "autoreverses") }
    }
    open var fillMode: CAMediaTimingFillMode {
        get { properties.fillMode }
        set { update(\.fillMode, newValue, "fillMode") }
    }

    // MARK: Delegate and actions

    /// Draws the content, lays out sublayers and supplies actions. Held weakly, as on Apple platforms.
    open weak var delegate: CALayerDelegate?
    /// Actions for keys, searched after the delegate; `NSNull()` disables a key's action.
    open var actions: [String: CAAction]?
    open var style: [AnyHashable: Any]?

    // MARK: Tree

    /// The layer's parent: the layer it is a sublayer of, or for a mask the layer it masks (as
    /// on Apple platforms, where `removeFromSuperlayer()` on a mask unsets it); nil for a root.
    open var superlayer: CALayer? { parentLayer ?? maskOwner }
    /// The layer this one is a sublayer of (a mask has none: it is drawn in its owner's space
    /// without the owner's `sublayerTransform`, and is its own root for geometry).
    weak var parentLayer: CALayer?
    var children: [CALayer] = []
    var needsDisplayFlag = false
    /// The part of the bounds `setNeedsDisplay(_:)` asked to redraw while `needsDisplayFlag` is
    /// set; nil: all of it.
    var needsDisplayRect: CGRect?
    /// The part being redrawn by the display under way (nil: all of it).
    var displayingRect: CGRect?
    var needsLayoutFlag = false
    /// Storage behind `mask`; the mask's `maskOwner` points back here.
    var maskLayer: CALayer?
    /// The layer whose `mask` this layer is (then also its `superlayer`).
    weak var maskOwner: CALayer?
    /// Values for keys CALayer has no property for (`setValue(_:forKey:)` with any other key).
    var extraValues: [String: Any] {
        get { properties.extraValues }
        set { properties.extraValues = newValue }
    }
    /// Whether the layer has been part of a committed tree (before that it has no presentation).
    var isCommitted = false
    /// Whether this layer's node must be made again at the next commit (`invalidateRenderNode()`).
    var renderNodeIsStale = true
    /// Whether every change since the node was last made moved the layer only (position, transform,
    /// zPosition, anchorPoint): what it draws in its own space, a rasterized bitmap of it, is the same.
    var renderNodeChangeMovesOnly = true
    /// Whether this layer's node or one below it (sublayers, mask) must be made again.
    var renderSubtreeIsStale = true
    /// For a root layer: the render tree of its last commit.
    package internal(set) var renderTree: RenderTree?
    /// Whether this layer is a presentation layer (its changes are not recorded).
    var isPresentationCopy = false
    /// For a presentation layer: the model layer it shows. Weak: the model's root keeps its
    /// presentation layers, so a strong link back would be a cycle.
    weak var modelLayerOfCopy: CALayer?
    /// For a root model layer: its latest presentation layers.
    var presentationCache: PresentationCache?
    /// When `contents` was last set on the model layer (`ContentsStamp`; copies keep their model's):
    /// the redraw-flash debug overlay tints layers redrawn since the previous frame.
    var contentsStamp: UInt64 {
        get { properties.contentsStamp }
        set { properties.contentsStamp = newValue }
    }
    /// The animations added to the layer, in the order they apply.
    var attachedAnimations: [AttachedAnimation] = []
    /// Presentation values of properties before their change in the open transaction, by key:
    /// the start of implicit animations (and of explicit ones that set no values).
    var previousPresentationValues: [String: Any] = [:]

    /// True while `init()` applies a subclass's `defaultValue(forKey:)` or `init(layer:)` copies
    /// values: no change is recorded.
    var suppressesChangeRecording = false

    public override init() {
        super.init()
        if type(of: self) != CALayer.self { applyClassDefaults() }
    }

    /// Creates a layer from an archive. Layers are not archived on Linux: this gives a layer with
    /// the default values; it exists so that subclasses written for Apple platforms (which must
    /// implement this `NSCoding` initializer) compile unchanged. The library never calls it: a
    /// subclass may trap in it, as Apple's templates do.
    public required init?(coder: NSCoder) {
        super.init()
        if type(of: self) != CALayer.self { applyClassDefaults() }
    }

    /// A new layer of `cls` made with its `init()`, as Apple's UIKit makes a view's `layerClass`
    /// layer (a Linux addition: Swift alone cannot call a non-required initializer of a class known
    /// at run time, so the class's `init()` is found in its vtable). Classes that are not layers give
    /// a plain `CALayer`.
    public static func makeLayer(ofClass cls: AnyClass) -> CALayer {
        guard let layerClass = cls as? CALayer.Type else { return CALayer() }
        if layerClass == CALayer.self { return CALayer() }
        let made = calinux_make_nsobject(unsafeBitCast(layerClass, to: UnsafeRawPointer.self))!
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// A new layer of `cls` made with its `init(layer:)` from `model`, as Core Animation makes
    /// presentation layers: a subclass's override copies its own fields.
    static func makeLayer(ofClass cls: CALayer.Type, copying model: CALayer) -> CALayer {
        if cls == CALayer.self { return CALayer(layer: model) }
        // The initializer consumes the `Any`, so its memory is freed without deinitializing it.
        let argument = UnsafeMutablePointer<Any>.allocate(capacity: 1)
        defer { argument.deallocate() }
        argument.initialize(to: model)
        let made = calinux_make_layer_copy(unsafeBitCast(cls, to: UnsafeRawPointer.self), argument)!
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// Creates a layer copying `layer`'s model values (used for presentation copies and by subclasses).
    public init(layer: Any) {
        super.init()
        suppressesChangeRecording = true
        defer { suppressesChangeRecording = false }
        guard let o = layer as? CALayer else { return }
        properties = o.properties
        name = o.name
        needsDisplayOnBoundsChange = o.needsDisplayOnBoundsChange
        actions = o.actions; style = o.style
        // `mask` is not copied: a layer masks one layer at a time, and assigning it here would
        // take it from `o` (presentation copies get presentation copies of the mask).
    }

    /// The class's default value for a property key, boxed as `value(forKey:)` boxes it; nil for
    /// properties whose default is nil (`backgroundColor`, `contents`, `mask`, `name`, ...) and for
    /// unknown keys.
    ///
    /// A subclass overrides this to change a default: a new instance of the subclass starts with
    /// the subclass's value for every CALayer property (e.g. `"masksToBounds"` -> `true`), and a
    /// custom key reads as its default until it is set.
    open class func defaultValue(forKey key: String) -> Any? { builtInDefaultValue(forKey: key) }

    /// Whether a change of `key` (through its property or `setValue(_:forKey:)`) marks the layer
    /// as needing display; false for every key by default. Subclasses return true for the keys
    /// their `draw(in:)` depends on, custom keys included.
    open class func needsDisplay(forKey key: String) -> Bool { false }


    // MARK: Overridable API
    // Subclasses override these, so they live in the class body; their bodies are in the
    // CALayer+Geometry, +Hierarchy and +Display files.

    /// The layer's rectangle in its superlayer's coordinates: the bounding box of its bounds after
    /// `transform` about the anchor point, placed at `position`. Setting it (meaningful while the
    /// transform is the identity) sets `position` and `bounds.size`.
    open var frame: CGRect {
        get { frameInSuperlayer }
        set { frameInSuperlayer = newValue }
    }

    /// The layer's transform as an affine transform (its x/y part).
    open func affineTransform() -> CGAffineTransform { affineTransformValue() }

    /// Sets the layer's transform to the 3D equivalent of `m`.
    open func setAffineTransform(_ m: CGAffineTransform) { setAffineTransformValue(m) }

    /// Converts `p` from `layer`'s coordinates (nil: this layer's root) to this layer's.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { convertPoint(p, from: layer) }
    /// Converts `p` from this layer's coordinates to `layer`'s (nil: this layer's root).
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { convertPoint(p, to: layer) }
    /// Converts `r` from `layer`'s coordinates (the bounding box of its converted corners).
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { convertRect(r, from: layer) }
    /// Converts `r` from this layer's coordinates to `layer`'s.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { convertRect(r, to: layer) }

    /// Converts `t` from `l`'s local time (nil: media time, `CACurrentMediaTime()`) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { convertTimeValue(t, from: l) }
    /// Converts `t` from this layer's local time to `l`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { convertTimeValue(t, to: l) }

    /// A copy of the layer as it is shown on screen: the committed model values (with running
    /// animations applied once the animation engine does), in a tree of such copies so that
    /// `hitTest(_:)` and `convert` work on it; nil until the layer has been committed.
    /// A presentation layer's own `presentation()` is itself.
    ///
    /// Presentation layers are of the model layer's class, made with its `init(layer:)` from the
    /// model layer (so a subclass's override copies its own fields, as Apple documents) and then
    /// given the evaluated values of every property stored by key.
    open func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard let copy = presentationCopy() else { return nil }
        return copy as? Self ?? self
    }

    /// The model layer a presentation copy shows; a model layer returns itself.
    open func model() -> Self { modelLayerOfCopy as? Self ?? self }

    /// Whether `p` (in this layer's coordinates) is inside the bounds; the bounds are half-open.
    open func contains(_ p: CGPoint) -> Bool { boundsContain(p) }

    /// Whether the layer's content is drawn flipped: true when an odd number of the layer itself
    /// and its ancestors (through superlayers and mask owners) have `isGeometryFlipped` set. Then
    /// `display()` hands `draw(in:)` a context flipped to match (y up). Not meant to be overridden.
    open func contentsAreFlipped() -> Bool { geometryFlipParity() }

    /// The furthest descendant (or this layer) that contains `p`, given in the superlayer's
    /// coordinates (for a root layer: the space its `position` is in); later siblings are tested
    /// first, whatever their `zPosition`; hidden and fully transparent layers are skipped.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestLayers(p) }

    /// The layer's children, back to front; nil when it has none (as on Apple platforms).
    open var sublayers: [CALayer]? {
        get { sublayerList }
        set { sublayerList = newValue }
    }

    /// Appends `layer` to the sublayers, removing it from its current parent first.
    open func addSublayer(_ layer: CALayer) { appendSublayer(layer) }
    /// Inserts `layer` at `idx` (clamped to the valid range).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insertSublayer(layer, index: Int(idx)) }
    /// Inserts `layer` just below `sibling`; at the back when `sibling` is nil or not a child.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayer(layer, beneath: sibling) }
    /// Inserts `layer` just above `sibling`; at the front when `sibling` is nil or not a child.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayer(layer, over: sibling) }
    /// Replaces the child `oldLayer` with `newLayer` at the same index (nothing if not a child).
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replaceChild(oldLayer, with: newLayer) }
    /// Removes the layer from its superlayer.
    open func removeFromSuperlayer() { removeFromParent() }

    /// Marks the content as needing to be redrawn; `display()` runs at the next commit.
    open func setNeedsDisplay() { markNeedsDisplay() }
    /// Marks a part of the content as needing to be redrawn: the default display redraws only
    /// that part (the union of such rectangles), keeping the rest of the backing store.
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay(in: r) }
    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool { needsDisplayFlag }
    /// Redraws the content now if it is marked as needing display.
    open func displayIfNeeded() { displayNowIfNeeded() }
    /// Updates `contents`: through the delegate's `display(_:)` if it has one, otherwise by
    /// drawing into a new backing store with `draw(in:)`.
    open func display() { defaultDisplay() }
    /// Draws the layer's content into `ctx` (user space = the layer's bounds, y down, in points).
    /// The default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Marks the sublayers as needing layout before the next frame.
    open func setNeedsLayout() {
        markNeedsLayout()
        layoutManager?.invalidateLayout(of: self)
    }
    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }
    /// Lays out now whatever needs it, from the highest of the unbroken run of ancestors that need
    /// layout (this layer when its superlayer does not) down through all of its descendants.
    open func layoutIfNeeded() {
        var start = self as CALayer
        while let parent = start.superlayer, parent.needsLayoutFlag { start = parent }
        start.layoutNowIfNeeded()
    }
    /// Lays out the sublayers; the default asks the `layoutManager` when there is one, else the delegate.
    open func layoutSublayers() {
        if let layoutManager {
            layoutManager.layoutSublayers(of: self)
        } else {
            delegate?.layoutSublayers(of: self)
        }
    }
    /// The layer's preferred size in its superlayer's coordinates: the `layoutManager`'s answer
    /// when there is one, else the bounds size.
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? bounds.size }

    /// Draws the layer and its sublayers into `ctx` at the context's current transform, in the
    /// layer's bounds space (model values), as `renderInContext:` does on Apple platforms.
    /// A context with the default y-up user space shows the picture upside down, as there.
    open func render(in ctx: CGContext) { renderTree(in: ctx) }

    // MARK: Keyed access
    // Bodies in CALayer+KeyValueCoding.swift.
    //
    // Boxing: values come back as the property's own Swift type, so `as?` casts of the obvious
    // type work: `CGFloat` for CGFloat properties, `Float` for `opacity`, `shadowOpacity` and
    // `minificationFilterBias`, `Bool` for flags, the struct itself for points, sizes, rects and
    // transforms (`CGPoint`, `CGSize`, `CGRect`, `CATransform3D`), `CGColor` for colors, the
    // typed constant for `contentsGravity` & co. (`CALayerContentsGravity`, `CACornerMask`, ...).
    // Setting accepts any numeric type (`CGFloat`, `Double`, `Float`, `Int`..., `NSNumber`) for
    // scalars and flags, and a `String` for the string constants. A value of the wrong type, a
    // NaN or infinite scalar, or nil for a non-optional property is ignored (the old value stays).

    /// The value of the property named `key` (Apple's key names: "position", "hidden",
    /// "doubleSided", ...); any other key reads the value stored with `setValue(_:forKey:)`,
    /// or the class's `defaultValue(forKey:)` when none was stored.
    open func value(forKey key: String) -> Any? { layerValue(forKey: key) }
    /// Sets the property named `key`; any other key stores `value` on the layer (nil removes it).
    /// Either way the change is recorded and `needsDisplay(forKey:)` is honoured.
    open func setValue(_ value: Any?, forKey key: String) { setLayerValue(value, forKey: key) }
    /// The value at a dot-separated path: a key, then members of structs ("position.x",
    /// "bounds.size.width"), the transform's virtual members ("transform.rotation.z",
    /// "transform.scale", "sublayerTransform.translation.x", ...), the properties of a layer
    /// value ("mask.opacity") or the entries of a dictionary ("style.someKey").
    open func value(forKeyPath keyPath: String) -> Any? { layerValue(forKeyPath: keyPath) }
    /// Sets the value at a dot-separated path; the members around it keep their values (setting
    /// "position.x" keeps `position.y`; setting "transform.rotation.z" keeps the scale,
    /// translation and other rotations of the decomposed transform).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setLayerValue(value, forKeyPath: keyPath) }

    // MARK: Animations (bodies in CALayer+Animations.swift)

    /// Adds a copy of `anim` under `key` (nil keys may repeat and cannot be looked up; a key in use
    /// replaces that animation, whose delegate hears `finished == false`). A transition is always
    /// stored under "transition"; a property animation without a key path animates `key`; a
    /// duration of 0 becomes the transaction's. The animation starts at the transaction's commit.
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimation(anim, forKey: key) }
    /// The animation added under `key` (a copy: changing it has no effect).
    open func animation(forKey key: String) -> CAAnimation? { attachedAnimation(forKey: key) }
    /// The keys of the attached animations, in the order they apply; nil when there are none.
    open func animationKeys() -> [String]? { attachedAnimationKeys() }
    /// Removes the animation under `key`; its delegate hears `finished == false`.
    open func removeAnimation(forKey key: String) { detachAnimations { $0.key == key } }
    /// Removes every animation, nil-keyed ones included.
    open func removeAllAnimations() { detachAnimations { _ in true } }

    // MARK: Actions (bodies in CALayer+Actions.swift)

    /// The action for `event`: the delegate's, then `actions`, then `style["actions"]`, then the
    /// class's `defaultAction(forKey:)`, then the implicit animation of an animatable property.
    /// At each stage `NSNull` stops the search with no action and nil continues it.
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }
    /// The class's action for `event` (nil by default).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }
    /// Whether a change of `key` has Core Animation's implicit animation (QuartzCore's subclasses
    /// add their own animatable properties).
    class func animatesImplicitly(forKey key: String) -> Bool { implicitlyAnimatedKeys.contains(key) }

    // MARK: Change tracking

    /// The keys that move a layer without changing what it draws in its own bounds space.
    static let placementKeys: Set<String> = ["position", "transform", "zPosition", "anchorPoint", "anchorPointZ"]

    /// Stores `value` in `properties` and records the change of `key`.
    private func update<T: Equatable>(_ path: WritableKeyPath<LayerProperties, T>, _ value: T, _ key: String) {
        let old = properties[keyPath: path]
        properties[keyPath: path] = value
        didChangeValue(key, changed: old != value, oldValue: old)
    }

    /// Paths compare by identity: a new path object is a change.
    private func update(_ path: WritableKeyPath<LayerProperties, CGPath?>, _ value: CGPath?, _ key: String) {
        let old = properties[keyPath: path]
        properties[keyPath: path] = value
        didChangeValue(key, changed: old !== value, oldValue: old)
    }

    /// Records a property change: the change belongs to the thread's current transaction, and
    /// (unless actions are disabled or the layer is not in a rendered tree) runs the key's action,
    /// which for animatable properties is an implicit animation from `oldValue`'s presentation.
    func didChangeValue(_ key: String, changed: Bool, oldValue: Any? = nil) {
        // A new picture gets a new stamp even when it is the same image (it was drawn again).
        if key == "contents", !isPresentationCopy { properties.contentsStamp = ContentsStamp.next() }
        guard changed else { return }
        if !suppressesChangeRecording, !isPresentationCopy {
            if key == "bounds", needsDisplayOnBoundsChange { needsDisplayFlag = true; needsDisplayRect = nil }
            if key == "bounds" { needsLayoutFlag = true }
            if type(of: self).needsDisplay(forKey: key) { needsDisplayFlag = true; needsDisplayRect = nil }
            CATransaction.layerDidChange(self, movesOnly: Self.placementKeys.contains(key))
            runActionForChange(ofKey: key, oldValue: oldValue)
        }
        // Showing or hiding a layer is an ordering event too.
        if key == "hidden" { runAction(forKey: isHidden ? kCAOnOrderOut : kCAOnOrderIn) }
    }
}
