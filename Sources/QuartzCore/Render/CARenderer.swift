import CoreGraphics

extension CALayer {
    /// `render(in:)`: the model values as they are, in the layer's bounds space.
    func renderTree(in ctx: CGContext) {
        prepareForRendering()
        let frame = RenderFrame(tree: RenderTreeBuilder.modelTree(of: self))
        LayerTreeRenderer().renderContent(of: frame.rootLayer, in: ctx)
    }
}

/// Renders a layer tree into a bitmap `CGContext` (shaped after macOS's `CARenderer`).
///
/// Layer point (x, y) of `layer`'s superlayer space lands on pixel (x, y) counted from the top
/// row of the bitmap, as on a screen, whatever the context's current transform. What is drawn is
/// the layer's committed tree evaluated at the frame's time: the same evaluation and drawing a
/// window's render server does, drawn by the software renderer or, with `backend` `.gl`, by OpenGL ES.
open class CARenderer: NSObject {
    /// The root of the rendered tree; its tree counts as rendered (its actions run).
    open var layer: CALayer? {
        didSet { if let layer, !layer.isPresentationCopy { RenderedTrees.add(layer.renderTreeRoot) } }
    }
    /// The part of the layer space that is drawn; its origin lands on the top-left pixel.
    @exclusivity(unchecked) open var bounds: CGRect
    /// Device pixels per layer point (a Linux addition for HiDPI windows; 1 by default).
    @exclusivity(unchecked) open var scale: CGFloat = 1
    /// A debug overlay drawn over the tree (a Linux addition; `.none` by default). See `CADebugOverlay`.
    @exclusivity(unchecked) open var debugOverlay: CADebugOverlay = .none
    /// For `.redrawFlash`: layers whose contents were set after this `ContentsStamp` are flashed. Each
    /// `render()` moves it to the latest stamp, so a renderer flashes what was redrawn since its
    /// previous frame (its first frame: everything drawn so far).
    @exclusivity(unchecked) package var redrawnAfterStamp: UInt64 = 0
    private let context: CGContext
    @exclusivity(unchecked) private var frameTime: CFTimeInterval = 0
    /// The evaluation buffers, reused from frame to frame.
    @exclusivity(unchecked) private var frame: RenderFrame?
    /// The back end that draws (a Linux addition): `CA_RENDERER`'s choice, else the software renderer.
    /// Changing it takes effect at the next `render()`.
    open var backend: CARenderBackend = CARenderBackend.fromEnvironment(default: .software) {
        didSet { if backend != oldValue { madeRenderer = nil } }
    }
    @exclusivity(unchecked) private var madeRenderer: Renderer?
    private var renderer: Renderer {
        if let madeRenderer { return madeRenderer }
        let made = backend.makeOffscreenRenderer()
        madeRenderer = made
        return made
    }

    public init(context: CGContext) {
        self.context = context
        self.bounds = CGRect(x: 0, y: 0, width: context.width, height: context.height)
        super.init()
    }

    /// Starts a frame at media time `t` (nil: now).
    open func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutableRawPointer? = nil) {
        frameTime = t
    }

    /// Commits the open transaction, then draws the presentation of `layer` at the frame's time.
    open func render() {
        guard let model = layer, !model.isPresentationCopy else { return }
        CATransaction.flush()
        guard let tree = model.renderTreeRoot.renderTree, let index = tree.index(of: model) else { return }
        let frame = self.frame ?? RenderFrame(tree: tree)
        self.frame = frame
        frame.evaluate(tree, atMediaTime: frameTime)
        let stamp = ContentsStamp.current
        var pass = RenderPass(scale: scale, origin: bounds.origin)
        pass.debugOverlay = debugOverlay
        pass.redrawnAfter = redrawnAfterStamp
        renderer.draw(frame.layer(index), into: .bitmap(context), pass)
        redrawnAfterStamp = stamp
    }

    /// Finishes the frame.
    open func endFrame() {}

    /// The media time at which the rendered picture next changes by itself: the frame's time while
    /// an animation runs, the start of the next one otherwise, or infinity when nothing will move.
    open func nextFrameTime() -> CFTimeInterval {
        guard let layer, !layer.isPresentationCopy else { return .infinity }
        // Animations added since the last commit are not in the tree yet: they start at once.
        if layer.hasUncommittedAnimations { return frameTime }
        return layer.renderTreeRoot.renderTree?.nextChangeTime(after: frameTime) ?? .infinity
    }
}
