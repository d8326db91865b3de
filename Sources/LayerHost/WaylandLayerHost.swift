import Foundation
import CoreGraphics
import QuartzCore
import WaylandShell

/// Shows a layer tree in a Wayland window (a Linux addition; `UIWindow` builds on it).
///
/// The window is one layer tree (`windowLayer`): the content area (`rootLayer`, in a layer that
/// places it) and, when the host draws client-side decorations (`ClientSideDecorations`: the
/// compositor offers no xdg-decoration, as weston, or chose `client_side`), the title bar and border
/// over it. The root layer fills the content area: the whole window, or the part below the title
/// bar. Every commit that touches the tree hands its `RenderTree` (values, made by the commit) to the
/// window's `RenderServer` with a request for a frame. The render thread draws the newest tree, its
/// animations evaluated at the frame's target time, into the window's buffer (one frame function
/// over shared memory or the EGL back buffer, `WaylandLayerHost+Frame.swift`), and asks for the next
/// frame while an animation runs (or sleeps until a later one starts). An idle tree therefore costs
/// no wake-ups, and a blocked main thread does not stop animations.
public final class WaylandLayerHost: @unchecked Sendable {
    /// The Wayland window the tree is shown in.
    public let window: WaylandWindow
    /// The root of the shown tree; its frame is kept equal to the content area's bounds (points):
    /// origin zero, the window's size less the title bar when the host draws decorations.
    public let rootLayer: CALayer
    /// The root of the window's tree (main thread): the window's size, holding the content area
    /// (`contentLayer`, which holds `rootLayer`) and the decorations over it.
    package let windowLayer = CALayer()
    /// Places the content area in the window (below the title bar, clipped to it while there is one).
    private let contentLayer = CALayer()
    /// Called after the content area (and so the root layer) changed size, or the window's scale
    /// changed (`window.contentScale`), with the content size in points.
    public var didResize: (@MainActor (CGSize) -> Void)?
    /// Called after the scale the window draws at changed (`window.contentScale`), after `didResize`:
    /// redraw what the app renders itself (`contentsScale` of its layers) to stay crisp.
    public var didChangeContentScale: (@MainActor (CGFloat) -> Void)?
    /// Called when the compositor makes the window the active one (true: it has the user's focus,
    /// `xdg_toplevel`'s `activated` state) or another window active (false).
    public var didChangeActivation: (@MainActor (Bool) -> Void)?
    /// Whether the window was active at the last configure.
    private var wasActivated = false

    /// The client-side decorations, while the host draws them (main thread).
    private(set) var decorations: ClientSideDecorations?
    private var lastContentScale: CGFloat
    // Input routing (Input/WaylandLayerHost+Input.swift), main thread.
    var pointerHandler: (@MainActor (WaylandPointerEvent) -> Void)?
    var touchHandler: (@MainActor (WaylandTouchEvent) -> Void)?
    /// Whether the pointer is over the content (told of its enter, not yet of its leave).
    var contentFocus = PointerFocus<ContentArea>()
    /// The content area, as the one receiver of the window's pointer frames besides the decorations.
    enum ContentArea { case content }

    /// The size of the content area (the root layer's bounds) in points.
    public var contentSize: CGSize { rootLayer.bounds.size }

    /// The back end asked for at `init` (a Linux addition): `.gl` draws the window with OpenGL ES
    /// through an EGL surface, `.software` with cairo and pixman into shared-memory buffers.
    public let requestedRenderer: CARenderBackend

    /// The back end that draws the window now (a Linux addition; any thread): `.gl` while frames
    /// go to the window's EGL surface, `.software` when asked for, when no EGL context could be had
    /// on the display, and for good after the GPU path failed (one line on standard error said
    /// what failed). Before the first frame it is what the window will try first.
    public var activeRenderer: CARenderBackend { rendererChoice.active }
    /// The back end and its fallback (`WindowRendererChoice`).
    let rendererChoice: WindowRendererChoice

    /// Opens a window of `size` points (used when the compositor lets the client choose).
    /// - Parameters:
    ///   - title: the window's title.
    ///   - appID: the application id the compositor groups windows by (`xdg_toplevel.set_app_id`).
    ///   - size: the preferred size of the content area in points.
    ///   - rootLayer: the layer shown, sized to the content area.
    ///   - decorations: whether the window has a title bar and borders, drawn by the compositor
    ///     when it offers them, else by this host with layers. False gives a bare surface (what
    ///     benchmarks measure).
    ///   - renderer: the back end that draws the window (a Linux addition). nil: `CA_RENDERER`
    ///     (`gl` or `software`) when set, else `.gl` where the display's GL runs on a GPU and
    ///     `.software` where it is a CPU rasterizer (Mesa's llvmpipe: the software renderer, which
    ///     repaints only what changed, costs less there). With `.gl` the window draws with OpenGL ES
    ///     through EGL when an EGL context can be had on the compositor's display; otherwise, or
    ///     when GL fails later (or `CA_GLES_DISABLE=1`), one line on standard error names what
    ///     failed and the same window goes on in software, nothing lost. See `activeRenderer`.
    ///   - fitsOutputsQuietly: a `size` larger than the outputs is limited to them without the
    ///     warning on standard error (for a default size, not one the user asked for).
    public init(title: String, appID: String = "org.coreanimation.demo", size: CGSize, rootLayer: CALayer = CALayer(),
                decorations: Bool = true, renderer: CARenderBackend? = nil, fitsOutputsQuietly: Bool = false) throws {
        let width = max(1, Int(size.width.isFinite ? size.width : 1))
        let height = max(1, Int(size.height.isFinite ? size.height : 1))
        window = try WaylandWindow(title: title, appID: appID, width: width, height: height, decorations: decorations,
                                   fitsOutputsQuietly: fitsOutputsQuietly)
        self.rootLayer = rootLayer
        let asked = renderer ?? CARenderBackend.environmentChoice
        lastContentScale = CGFloat(window.contentScale)
        windowLayer.name = "window"
        contentLayer.name = "content"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contentLayer.addSublayer(rootLayer)
        windowLayer.addSublayer(contentLayer)
        CATransaction.commit()
        windowLayer.markTreeAsRendered()
        server = RenderServer(tree: windowLayer.latestRenderTree)
        rendererChoice = WindowRendererChoice(asked: asked, window: window)
        requestedRenderer = rendererChoice.requested
        updateDecorations()
        layoutWindow()
        window.draw = { [weak self] buffer in self?.draw(into: buffer) ?? .wholeBuffer }
        if let glRoot = rendererChoice.glRoot, let config = glRoot.config {
            window.drawEGL = { [weak self] frame in self?.draw(onSurface: frame) }
            window.useEGL(WaylandEGLConfiguration(display: glRoot.display, config: config, context: glRoot.context))
        }
        window.didResize = { [weak self] _, _, _ in self?.windowDidResize() }
        window.didChangeStates = { [weak self] states in
            guard let self else { return }
            self.windowDidResize()
            let activated = states.contains(.activated)
            if activated != self.wasActivated {
                self.wasActivated = activated
                self.didChangeActivation?(activated)
            }
        }
        window.didChangeDecorationMode = { [weak self] _ in
            self?.updateDecorations()
            self?.windowDidResize()
        }
        window.didReceivePointerEvent = { [weak self] event in self?.route(event) }
        window.didReceiveTouchEvent = { [weak self] event in self?.route(event) }
        commitObservation = CATransaction.addCommitObserver { [weak self] roots in
            guard let self, roots.contains(where: { $0 === self.windowLayer }) else { return }
            self.server.commit(self.windowLayer.latestRenderTree)
            self.window.setNeedsDisplay()
        }
        // Display links are fired by this window's frames; a link starting asks for a frame.
        activityObservation = DisplayLinkClock.shared.addActivityObserver { [weak self] active in
            if active { self?.window.setNeedsDisplay() }
        }
        window.setNeedsDisplay()
    }

    /// This window's subscriptions to commits and to display links' activity (ended at deinit).
    private var commitObservation: CommitObservation?
    private var activityObservation: ActivityObservation?

    deinit {
        commitObservation?.cancel()
        activityObservation?.cancel()
    }

    /// Makes the content's GL renderer fail at the next GL frame, as a lost context would (tests of
    /// the fallback to software; any thread).
    package func simulateGLFailure() {
        rendererChoice.simulateFailure()
        window.setNeedsDisplay()
    }

    /// The render server of the window's tree: commits hand it their trees, the render thread draws.
    let server: RenderServer

    /// Makes or drops the client-side decorations: drawn when the window wants decorations and the
    /// compositor leaves them to the client.
    private func updateDecorations() {
        let wanted = window.wantsDecorations && window.decorationMode == .clientSide
        guard wanted != (decorations != nil) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if wanted {
            let made = ClientSideDecorations(window: window, size: windowSize)
            decorations = made
            windowLayer.addSublayer(made.rootLayer)
        } else {
            decorations?.rootLayer.removeFromSuperlayer()
            decorations = nil
        }
        CATransaction.commit()
    }

    private var windowSize: CGSize { CGSize(width: CGFloat(window.width), height: CGFloat(window.height)) }

    /// Lays the decorations and the root layer out for the window's size, states and scale; returns
    /// the content size.
    @discardableResult
    private func layoutWindow() -> CGSize {
        let scale = CGFloat(window.contentScale)
        decorations?.update(size: windowSize, states: window.states, title: window.title, contentScale: scale)
        let content = decorations?.layout.contentFrame ?? CGRect(origin: .zero, size: windowSize)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        windowLayer.frame = CGRect(origin: .zero, size: windowSize)
        contentLayer.frame = content
        // Below a title bar, what the content draws outside its area stays out of the bar's corners.
        contentLayer.masksToBounds = decorations != nil
        rootLayer.frame = CGRect(origin: .zero, size: content.size)
        CATransaction.commit()
        return content.size
    }

    @MainActor
    private func windowDidResize() {
        let oldSize = rootLayer.bounds.size
        // Not nested in the transaction below: each layout step commits its own (nested, the app's
        // relayout was seen to animate under sway).
        let size = layoutWindow()
        let scale = CGFloat(window.contentScale)
        let scaleChanged = scale != lastContentScale
        lastContentScale = scale
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // A new scale is announced as a resize too, so layouts that draw at the scale redraw.
        if size != oldSize || scaleChanged { didResize?(size) }
        if scaleChanged { didChangeContentScale?(scale) }
        CATransaction.commit()
        window.setNeedsDisplay()
    }

}

extension WaylandRect {
    /// The device-pixel rectangle `rect` (whole pixels).
    init(_ rect: CGRect) {
        let r = rect.integral
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }
}
