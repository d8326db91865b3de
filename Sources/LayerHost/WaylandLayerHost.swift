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

    /// Opens a window of `size` points (used when the compositor lets the client choose).
    /// - Parameter decorations: whether the window has a title bar and borders, drawn by the
    ///   compositor when it offers them, else by this host with layers. False gives a bare surface
    ///   (what benchmarks measure).
    public init(title: String, appID: String = "org.coreanimation.demo", size: CGSize, rootLayer: CALayer = CALayer(),
                decorations: Bool = true) throws {
        let width = max(1, Int(size.width.isFinite ? size.width : 1))
        let height = max(1, Int(size.height.isFinite ? size.height : 1))
        window = try WaylandWindow(title: title, appID: appID, width: width, height: height, decorations: decorations)
        self.rootLayer = rootLayer
        lastContentScale = CGFloat(window.contentScale)
        rootLayer.markTreeAsRendered()
        server = RenderServer(tree: rootLayer.latestRenderTree)
        updateDecorations()
        layoutWindow()
        window.draw = { [weak self] buffer in self?.draw(into: buffer) ?? .wholeBuffer }
        window.didResize = { [weak self] _, _, _ in self?.windowDidResize() }
        window.didChangeStates = { [weak self] _ in self?.windowDidResize() }
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

    /// Draws one frame (render thread): the newest trees at the frame's target time, repainting in
    /// the buffer only what differs from the picture it holds; reports what changed since the frame
    /// on screen and when the picture next changes.
    private func draw(into buffer: WaylandPixelBuffer) -> WaylandFrameResult {
        snapshotLock.lock()
        let decorationServer = self.decorationServer
        let insetTop = contentInsetTop
        snapshotLock.unlock()
        let time = buffer.targetTime > 0 && !CAMediaClock.isFrozen ? buffer.targetTime : CACurrentMediaTime()
        // Display links run on their run loops for this frame, which is shown at its target time.
        let refresh = buffer.refreshInterval > 0 ? buffer.refreshInterval : 1.0 / 60
        DisplayLinkClock.shared.frameDidBegin(from: self, timestamp: time - refresh, targetTimestamp: time,
                                              duration: refresh)
        let scale = CGFloat(buffer.contentScale)
        // The content in the rows below the title bar, the decorations over the whole window.
        let insetRows = decorationServer == nil ? 0 : min(buffer.height, Int((insetTop * scale).rounded()))
        let contentSize = CGSize(width: buffer.width, height: buffer.height - insetRows)
        let inset = CGFloat(insetRows)
        var changed = DamageRegion.empty, repaint = DamageRegion.empty
        if insetRows < buffer.height {
            changed = server.beginFrame(atMediaTime: time, scale: scale, size: contentSize).offsetBy(dx: 0, dy: inset)
            repaint = server.repaintRegion(bufferAge: buffer.age).offsetBy(dx: 0, dy: inset)
        }
        if let decorationServer {
            changed.formUnion(decorationServer.beginFrame(atMediaTime: time, scale: scale,
                                                          size: CGSize(width: buffer.width, height: buffer.height)))
            repaint.formUnion(decorationServer.repaintRegion(bufferAge: buffer.age))
        }
        // Read after drawing too: a drawing that asked for tiles (CATiledLayer) wants the next frame.
        func nextChange() -> CFTimeInterval {
            if DisplayLinkClock.shared.isActive { return time }
            return min(server.nextChangeTime, decorationServer?.nextChangeTime ?? .infinity)
        }
        guard !changed.isEmpty else { return WaylandFrameResult(damage: [], nextChangeTime: nextChange()) }

        let whole = CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        // A content tree that paints every pixel opaquely needs no clearing under it.
        if decorationServer != nil || !server.coversTarget(of: contentSize) {
            for rect in repaint.rectangles(within: whole) { buffer.clear(WaylandRect(rect)) }
        }
        if insetRows < buffer.height,
           let content = Self.context(on: buffer, fromRow: insetRows) {
            server.draw(in: content, region: repaint.offsetBy(dx: 0, dy: -inset))
        }
        if let decorationServer, let ctx = Self.context(on: buffer, fromRow: 0) {
            decorationServer.draw(in: ctx, region: repaint)
        }
        let damage = changed.isEverything ? nil : changed.rectangles(within: whole).map(WaylandRect.init)
        return WaylandFrameResult(damage: damage, nextChangeTime: nextChange())
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
