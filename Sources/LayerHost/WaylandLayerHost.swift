import Foundation
import CoreGraphics
import QuartzCore
import WaylandShell

/// Shows a layer tree in a Wayland window (a Linux addition; `UIWindow` builds on it).
///
/// The root layer fills the window's content area: the whole window, or the part below the title
/// bar when the host draws client-side decorations (`ClientSideDecorations`: the compositor offers
/// no xdg-decoration, as weston, or chose `client_side`). Every commit that touches the tree hands its
/// `RenderTree` (values, made by the commit) to the tree's `RenderServer` with a request for a frame.
/// The render thread draws the newest tree, its animations evaluated at the frame's target time,
/// into the window's buffer, and asks for the next frame while an animation runs (or sleeps until a
/// later one starts). An
/// idle tree therefore costs no wake-ups, and a blocked main thread does not stop animations.
public final class WaylandLayerHost: @unchecked Sendable {
    /// The Wayland window the tree is shown in.
    public let window: WaylandWindow
    /// The root of the shown tree; its frame is kept equal to the content area's bounds (points):
    /// origin zero, the window's size less the title bar when the host draws decorations.
    public let rootLayer: CALayer
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
    /// The render server of the decorations' tree (guarded by `snapshotLock`; nil without decorations).
    private var decorationServer: RenderServer?
    /// Where the content area starts in the window, in points (the title bar's height, or 0);
    /// written on the main thread with a snapshot, read by the render thread (guarded by `snapshotLock`).
    private var contentInsetTop: CGFloat = 0
    private var lastContentScale: CGFloat
    // Input routing (WaylandLayerHost+Input.swift), main thread.
    var pointerHandler: (@MainActor (WaylandPointerEvent) -> Void)?
    var touchHandler: (@MainActor (WaylandTouchEvent) -> Void)?
    /// Whether the content has been told the pointer is over it (an enter without a leave since).
    var pointerIsOverContent = false

    /// The size of the content area (the root layer's bounds) in points.
    public var contentSize: CGSize { rootLayer.bounds.size }

    /// The back end asked for at `init` (a Linux addition): `.gl` draws the window with OpenGL ES
    /// through an EGL surface, `.software` with cairo and pixman into shared-memory buffers.
    public let requestedRenderer: CARenderBackend

    /// The back end that draws the window now (a Linux addition; any thread): `.gl` while frames
    /// go to the window's EGL surface, `.software` when asked for, when no EGL context could be had
    /// on the display, and for good after the GPU path failed (one line on standard error said
    /// what failed). Before the first frame it is what the window will try first.
    public var activeRenderer: CARenderBackend {
        glRoot != nil && !glGaveUp ? .gl : .software
    }

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
        rootLayer.markTreeAsRendered()
        server = RenderServer(tree: rootLayer.latestRenderTree)
        var root = asked != .software ? Self.makeGLRoot(for: window) : nil
        // Unasked, a GL that rasterizes on the CPU (llvmpipe) is not chosen: the software renderer
        // repaints only what changed and costs the CPU less there (docs/BENCH.md).
        if asked == nil, let made = root, made.isSoftwareRasterizer { root = nil }
        requestedRenderer = asked ?? (root != nil ? .gl : .software)
        glRoot = root
        updateDecorations()
        layoutWindow()
        window.draw = { [weak self] buffer in self?.draw(into: buffer) ?? .wholeBuffer }
        if let glRoot, let config = glRoot.config {
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
            guard let self else { return }
            if roots.contains(where: { $0 === self.rootLayer }) {
                self.server.commit(self.rootLayer.latestRenderTree)
                self.window.setNeedsDisplay()
            }
            if let decorationRoot = self.decorations?.rootLayer, roots.contains(where: { $0 === decorationRoot }) {
                self.snapshotLock.lock()
                let decorationServer = self.decorationServer
                self.snapshotLock.unlock()
                decorationServer?.commit(decorationRoot.latestRenderTree)
                self.window.setNeedsDisplay()
            }
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

    /// The root OpenGL ES context on the window's EGL display (nil: software): the share group of
    /// the render servers' `GLESRenderer`s (one program per display), and the context the window's
    /// render thread uses for its own EGL calls.
    private let glRoot: GLESContext?
    /// Set on the render thread once a GL renderer could not be made or failed.
    private var glGaveUp: Bool {
        get { snapshotLock.lock(); defer { snapshotLock.unlock() }; return glGaveUpValue }
        set { snapshotLock.lock(); glGaveUpValue = newValue; snapshotLock.unlock() }
    }
    private var glGaveUpValue = false
    /// `simulateGLFailure()` asked for a failure at the next GL frame (guarded by `snapshotLock`).
    private var simulatedGLFailure = false

    /// Makes the content's GL renderer fail at the next GL frame, as a lost context would (tests of
    /// the fallback to software; any thread).
    package func simulateGLFailure() {
        snapshotLock.lock(); simulatedGLFailure = true; snapshotLock.unlock()
        window.setNeedsDisplay()
    }

    /// The window's root GL context, or nil after one line on stderr naming what failed.
    private static func makeGLRoot(for window: WaylandWindow) -> GLESContext? {
        do {
            if ProcessInfo.processInfo.environment["CA_GLES_DISABLE"] == "1" {
                throw GLESError("EGL disabled by CA_GLES_DISABLE=1")
            }
            guard let display = window.eglDisplay else {
                throw GLESError("no EGL display on the Wayland connection (eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR) failed)")
            }
            let root = try GLESContext.windowRoot(on: display)
            guard root.config != nil else { throw GLESError("no EGL config for window surfaces") }
            return root
        } catch {
            CARenderBackend.warnOnce("OpenGL ES renderer unavailable: \(error); drawing in software")
            return nil
        }
    }

    private let snapshotLock = NSLock()
    /// The render server of the content's tree: commits hand it their trees, the render thread draws.
    private let server: RenderServer

    /// Gives the render thread the decorations' server (nil: none), with the content inset that goes with it.
    private func handDecorations(_ server: RenderServer?) {
        snapshotLock.lock()
        decorationServer = server
        contentInsetTop = decorations?.layout.contentInsetTop ?? 0
        snapshotLock.unlock()
        window.setNeedsDisplay()
    }

    /// Makes or drops the client-side decorations: drawn when the window wants decorations and the
    /// compositor leaves them to the client.
    private func updateDecorations() {
        let wanted = window.wantsDecorations && window.decorationMode == .clientSide
        guard wanted != (decorations != nil) else { return }
        if wanted {
            let made = ClientSideDecorations(window: window, size: windowSize)
            made.rootLayer.markTreeAsRendered()
            decorations = made
            handDecorations(RenderServer(tree: made.rootLayer.latestRenderTree))
        } else {
            decorations = nil
            handDecorations(nil)
        }
    }

    private var windowSize: CGSize { CGSize(width: CGFloat(window.width), height: CGFloat(window.height)) }

    /// Lays the decorations and the root layer out for the window's size, states and scale; returns
    /// the content size.
    @discardableResult
    private func layoutWindow() -> CGSize {
        let scale = CGFloat(window.contentScale)
        decorations?.update(size: windowSize, states: window.states, title: window.title, contentScale: scale)
        let content = decorations?.layout.contentFrame.size ?? windowSize
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: content)
        CATransaction.commit()
        return content
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

    /// One frame's plan (render thread): the trees begun at the frame's time, what changed since
    /// the frame on screen and what the buffer needs repainted.
    private struct FramePlan {
        var decorationServer: RenderServer?
        var insetRows: Int
        var changed: DamageRegion
        var repaint: DamageRegion
        var contentSize: CGSize
        var whole: CGRect
        var nextChange: () -> CFTimeInterval

        func result() -> WaylandFrameResult {
            let damage = changed.isEverything ? nil : changed.rectangles(within: whole).map(WaylandRect.init)
            return WaylandFrameResult(damage: damage, nextChangeTime: nextChange())
        }
    }

    /// Begins a frame of `width` × `height` pixels (render thread): the newest trees at the frame's
    /// target time; what changed since the frame on screen and what a buffer of `age` needs.
    private func beginFrame(width: Int, height: Int, contentScale: Double, targetTime: Double, refreshInterval: Double,
                            age: Int, decorationServer: RenderServer?, insetTop: CGFloat) -> FramePlan {
        let time = targetTime > 0 && !CAMediaClock.isFrozen ? targetTime : CACurrentMediaTime()
        // Display links run on their run loops for this frame, which is shown at its target time.
        let refresh = refreshInterval > 0 ? refreshInterval : 1.0 / 60
        DisplayLinkClock.shared.frameDidBegin(from: self, timestamp: time - refresh, targetTimestamp: time,
                                              duration: refresh)
        let scale = CGFloat(contentScale)
        // The content in the rows below the title bar, the decorations over the whole window.
        let insetRows = decorationServer == nil ? 0 : min(height, Int((insetTop * scale).rounded()))
        let contentSize = CGSize(width: width, height: height - insetRows)
        let inset = CGFloat(insetRows)
        var changed = DamageRegion.empty, repaint = DamageRegion.empty
        if insetRows < height {
            changed = server.beginFrame(atMediaTime: time, scale: scale, size: contentSize).offsetBy(dx: 0, dy: inset)
            repaint = server.repaintRegion(bufferAge: age).offsetBy(dx: 0, dy: inset)
        }
        if let decorationServer {
            changed.formUnion(decorationServer.beginFrame(atMediaTime: time, scale: scale,
                                                          size: CGSize(width: width, height: height)))
            repaint.formUnion(decorationServer.repaintRegion(bufferAge: age))
        }
        let server = self.server
        // Read after drawing too: a drawing that asked for tiles (CATiledLayer) wants the next frame.
        let nextChange: () -> CFTimeInterval = {
            if DisplayLinkClock.shared.isActive { return time }
            return min(server.nextChangeTime, decorationServer?.nextChangeTime ?? .infinity)
        }
        return FramePlan(decorationServer: decorationServer, insetRows: insetRows, changed: changed, repaint: repaint,
                         contentSize: contentSize, whole: CGRect(x: 0, y: 0, width: width, height: height),
                         nextChange: nextChange)
    }

    /// The decorations' server and the content inset, as the main thread last handed them.
    private func decorationSnapshot() -> (RenderServer?, CGFloat) {
        snapshotLock.lock()
        defer { snapshotLock.unlock() }
        return (decorationServer, contentInsetTop)
    }

    /// Draws one frame into a shared-memory buffer (render thread): the newest trees at the frame's
    /// target time, repainting in the buffer only what differs from the picture it holds; reports
    /// what changed since the frame on screen and when the picture next changes.
    private func draw(into buffer: WaylandPixelBuffer) -> WaylandFrameResult {
        let (decorationServer, insetTop) = decorationSnapshot()
        // The window draws into shared memory only without EGL, or after its GPU path gave up: the
        // servers draw in software from then on (the first frame whole).
        if glRoot != nil, !glGaveUp { glGaveUp = true }
        for server in [server, decorationServer].compactMap({ $0 }) where !(server.renderer is SoftwareRenderer) {
            server.replaceRenderer(SoftwareRenderer())
        }
        let plan = beginFrame(width: buffer.width, height: buffer.height, contentScale: buffer.contentScale,
                              targetTime: buffer.targetTime, refreshInterval: buffer.refreshInterval, age: buffer.age,
                              decorationServer: decorationServer, insetTop: insetTop)
        guard !plan.changed.isEmpty else { return WaylandFrameResult(damage: [], nextChangeTime: plan.nextChange()) }

        // A content tree that paints every pixel opaquely needs no clearing under it.
        if decorationServer != nil || !server.coversTarget(of: plan.contentSize) {
            for rect in plan.repaint.rectangles(within: plan.whole) { buffer.clear(WaylandRect(rect)) }
        }
        if plan.insetRows < buffer.height,
           let content = Self.context(on: buffer, fromRow: plan.insetRows) {
            server.draw(in: content, region: plan.repaint.offsetBy(dx: 0, dy: -CGFloat(plan.insetRows)))
        }
        if let decorationServer, let ctx = Self.context(on: buffer, fromRow: 0) {
            decorationServer.draw(in: ctx, region: plan.repaint)
        }
        return plan.result()
    }

    /// Draws one frame into the window's EGL surface with OpenGL ES (render thread): as
    /// `draw(into:)`, each server with a `GLESRenderer` of its own sharing the root's objects. Returns
    /// nil when GL failed (after one line on stderr): the window then draws in software for good.
    private func draw(onSurface frame: WaylandEGLFrame) -> WaylandFrameResult? {
        guard let glRoot, !glGaveUp else { return nil }
        let (decorationServer, insetTop) = decorationSnapshot()
        for server in [server, decorationServer].compactMap({ $0 }) where !(server.renderer is GLESRenderer) {
            do {
                server.replaceRenderer(try GLESRenderer(sharing: glRoot))
            } catch {
                CARenderBackend.warnOnce("OpenGL ES renderer unavailable: \(error); drawing in software")
                glGaveUp = true
                return nil
            }
        }
        snapshotLock.lock()
        let simulateFailure = simulatedGLFailure
        simulatedGLFailure = false
        snapshotLock.unlock()
        if simulateFailure { (server.renderer as? GLESRenderer)?.simulateFailure("simulated failure (a test)") }
        var plan = beginFrame(width: frame.width, height: frame.height, contentScale: frame.contentScale,
                              targetTime: frame.targetTime, refreshInterval: frame.refreshInterval, age: frame.age,
                              decorationServer: decorationServer, insetTop: insetTop)
        guard !plan.changed.isEmpty else { return WaylandFrameResult(damage: [], nextChangeTime: plan.nextChange()) }

        // Each pass redraws the bounding box of its region: one box for both trees, so that the
        // decorations are drawn over exactly the content that was redrawn.
        if !plan.repaint.isEverything {
            let box = plan.repaint.rectangles(within: plan.whole).reduce(CGRect.null) { $0.union($1) }
            plan.repaint = box.isNull ? .empty : DamageRegion([box])
        }
        let target = GLESSurfaceTarget(surface: frame.surface, width: frame.width, height: frame.height)
        let content = GLESSurfaceTarget(surface: frame.surface, width: frame.width, height: frame.height,
                                        originRow: plan.insetRows, clearsRegion: decorationServer == nil)
        if decorationServer != nil, let renderer = server.renderer as? GLESRenderer {
            renderer.clear(plan.repaint, on: target)
        }
        if plan.insetRows < frame.height {
            server.draw(into: .glSurface(content), region: plan.repaint.offsetBy(dx: 0, dy: -CGFloat(plan.insetRows)))
        }
        if let decorationServer {
            var over = target
            over.clearsRegion = false
            decorationServer.draw(into: .glSurface(over), region: plan.repaint)
        }
        let failed = [server, decorationServer].contains { ($0?.renderer as? GLESRenderer)?.hasFailed == true }
        if failed {
            glGaveUp = true
            return nil
        }
        return plan.result()
    }

    /// A bitmap context on `buffer`'s rows from `row` down.
    private static func context(on buffer: WaylandPixelBuffer, fromRow row: Int) -> CGContext? {
        CGContext(data: buffer.data + row * buffer.bytesPerRow, width: buffer.width, height: buffer.height - row,
                  bitsPerComponent: 8, bytesPerRow: buffer.bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }
}

extension WaylandRect {
    /// The device-pixel rectangle `rect` (whole pixels).
    init(_ rect: CGRect) {
        let r = rect.integral
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }
}
