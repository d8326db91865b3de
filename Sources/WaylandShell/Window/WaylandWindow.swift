#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandProtocols
import Dispatch
import Foundation
import Glibc

/// A top-level window on a Wayland compositor, drawn into shared-memory buffers (`draw`), or with
/// OpenGL ES into an EGL surface when its owner set that up (`useEGL`, `drawEGL`: LayerHost does).
///
/// The life of a frame: `setNeedsDisplay()` marks the window dirty and asks the compositor for a
/// frame callback; when it fires, `draw` paints a free buffer, which is attached, damaged and
/// committed (or `drawEGL` draws into the EGL surface's back buffer, which is swapped). An idle
/// window requests no callbacks and costs no wake-ups.
///
/// Threading: frames belong to the window's render thread (`SurfaceRenderLoop`, with its own
/// `wl_event_queue`): `draw` runs there, so a busy main thread does not stop frames. Create the
/// window, set its properties and receive `didResize`, `didClose` and `didFail` on the main thread,
/// which handles configure, close and input (the default queue) and is driven by `RunLoop.main`.
/// `setNeedsDisplay` may be called from any thread, `draw` included.
///
/// Each window has its own connection to the compositor, made by `init` from `$WAYLAND_DISPLAY`.
public final class WaylandWindow {
    private let connection: WaylandConnection
    private let runLoop: RunLoopIntegration
    /// The render thread; nil only during `init` until the first configure.
    private var renderLoop: SurfaceRenderLoop!
    private var isConfigured = false

    /// The `wl_surface` (internal so tests can provoke protocol errors on it).
    private(set) var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var decoration: OpaquePointer?
    /// The surface's `wp_viewport` and `wp_fractional_scale_v1`, when the compositor offers both.
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    /// The compositor's preferred scale in 120ths (0: none said yet, or no fractional scale).
    private var preferredScale120 = 0

    /// The size used when the compositor lets the client choose (configure 0×0), in points: the
    /// preferred size at first, then the last size configured while not maximized, fullscreen or
    /// tiled, so that leaving those states restores the floating size.
    private var floatingWidth: Int
    private var floatingHeight: Int
    /// The latest `xdg_toplevel.configure`, applied at the next `xdg_surface.configure`.
    private var pendingConfigureWidth = 0
    private var pendingConfigureHeight = 0
    private var pendingStates: WaylandWindowStates = []
    /// The latest `xdg_toplevel.configure_bounds` (0 = unknown), in points.
    private var boundsWidth = 0
    private var boundsHeight = 0
    /// Outputs (`wl_output` proxies) the surface is on, from `wl_surface.enter`/`leave`.
    private var enteredOutputs: [OpaquePointer] = []

    /// The window title shown by the compositor (`xdg_toplevel.set_title`).
    public var title: String {
        didSet {
            assertMainThread()
            guard let toplevel, !runLoop.hasFailed else { return }
            xdg_toplevel_set_title(toplevel, Self.protocolString(title))
            runLoop.flush()
        }
    }

    /// Current logical width in points.
    public private(set) var width: Int
    /// Current logical height in points.
    public private(set) var height: Int
    /// Current integer buffer scale (device pixels per point): the largest scale of the outputs the
    /// surface is on; 1 while the scale is fractional (see `contentScale`).
    public private(set) var scale: Int
    /// Device pixels per point of the window's buffers: the compositor's preferred fractional scale
    /// (e.g. 1.5, through `wp_fractional_scale_v1` and `wp_viewport`) when it offers one, else `scale`.
    /// Draw at this scale to be crisp.
    public var contentScale: Double { geometry.contentScale }
    /// The buffer size in device pixels for the current size and scale.
    public var pixelWidth: Int { geometry.pixelWidth }
    public var pixelHeight: Int { geometry.pixelHeight }

    /// The window's states from the compositor's latest configure (maximized, fullscreen, activated, ...).
    public private(set) var states: WaylandWindowStates = []
    /// Called on the main thread when `states` changed, after `didResize` for the same configure.
    public var didChangeStates: (@MainActor (WaylandWindowStates) -> Void)?

    /// Who draws the decorations. Known when `init` returns (the decoration mode is configured with
    /// the first configure); may change later (`didChangeDecorationMode`).
    public private(set) var decorationMode: WaylandDecorationMode = .clientSide
    /// Called on the main thread when the compositor changes the decoration mode.
    public var didChangeDecorationMode: (@MainActor (WaylandDecorationMode) -> Void)?
    /// Whether the window asked for decorations (`init`'s `decorations`); when false the window asks
    /// the compositor for none and its client draws none either.
    public let wantsDecorations: Bool

    /// The smallest size the user may resize the window to, in points (`xdg_toplevel.set_min_size`);
    /// zero on a side means no limit. Applied with the next frame.
    public var minimumSize: (width: Int, height: Int) = (0, 0) {
        didSet { applySizeLimits() }
    }
    /// The largest size the user may resize the window to, in points (`xdg_toplevel.set_max_size`);
    /// zero on a side means no limit. Applied with the next frame.
    public var maximumSize: (width: Int, height: Int) = (0, 0) {
        didSet { applySizeLimits() }
    }

    private var geometry: SurfaceGeometry {
        SurfaceGeometry(width: width, height: height, scale: scale, scale120: scale120)
    }
    /// The fractional scale in use, in 120ths (0: the integer `scale` applies).
    private var scale120 = 0

    /// Paints a frame. Called on the window's render thread with a buffer of the size last
    /// configured (`width*scale` × `height*scale` device pixels, as `didResize` announced on the main
    /// thread before), the frame's timing and the buffer's age; the callee repaints what differs
    /// from the picture the buffer holds and reports what changed and when the picture next changes
    /// (the window asks for that frame itself). When nil, frames are filled with opaque white.
    public var draw: (@Sendable (WaylandPixelBuffer) -> WaylandFrameResult)? {
        get { renderLoop.draw }
        set { renderLoop.draw = newValue }
    }

    // MARK: OpenGL ES (package: LayerHost makes the contexts)

    /// The EGL display on this window's connection (`eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR,
    /// wl_display, nil)`, not initialized here); nil when EGL has no Wayland platform. Main thread.
    package var eglDisplay: UnsafeMutableRawPointer? { connection.eglDisplay }

    /// Draws the window with OpenGL ES through an EGL surface from the next frame on (nil: shared
    /// memory). Call on the main thread after making the contexts on `eglDisplay` (which may have
    /// read the socket here: what it read is dispatched now). `drawEGL` draws those frames; when
    /// EGL fails the window says why on stderr once and goes on with `draw`.
    package func useEGL(_ configuration: WaylandEGLConfiguration?) {
        assertMainThread()
        runLoop.dispatchPending()
        renderLoop.egl = configuration
    }

    /// Paints a frame into the window's EGL surface (render thread; see `WaylandEGLFrame`): returns
    /// what changed and when the picture next changes, or nil when GL failed (after saying why on
    /// stderr): the window then draws the frame again with `draw`, in shared memory, for good.
    package var drawEGL: (@Sendable (WaylandEGLFrame) -> WaylandFrameResult?)? {
        get { renderLoop.drawEGL }
        set { renderLoop.drawEGL = newValue }
    }

    /// Whether frames go to an EGL surface now (any thread; false before the first frame, without
    /// EGL and after a fallback to shared memory).
    package var drawsWithEGL: Bool { renderLoop.drawsWithEGL }

    /// Where the render thread writes one `{"type":"frame",…}` line per committed frame, when its
    /// presentation feedback arrives (or at once without `wp_presentation`).
    public var trace: TraceWriter? {
        get { renderLoop.trace }
        set { renderLoop.trace = newValue }
    }

    /// Frames presented, discarded and missed so far (a Linux addition, for benchmarks).
    public var frameStatistics: FrameStatistics { renderLoop.statistics }

    /// Stops drawing for good, for an orderly exit (main thread; a Linux addition): the render
    /// thread ends, each committed frame still waiting for its presentation feedback gets its trace
    /// line (`presented` null) and the trace is flushed, so `frameStatistics`, `framesCommitted`
    /// and the trace agree from here on. The window shows its last frame until the program ends.
    public func stopRendering() {
        renderLoop?.stop()
    }

    /// Called on the main thread when the logical size or the scale changed, before the next draw
    /// (also once before the first draw).
    public var didResize: (@MainActor (_ width: Int, _ height: Int, _ scale: Int) -> Void)?

    /// Called when the user asks to close the window (`xdg_toplevel.close`). When nil, the window
    /// stops rendering (`stopRendering()`) and the process exits with status 0.
    public var didClose: (@MainActor () -> Void)?

    /// Called once when the connection fails (compositor gone, protocol error). When nil, stops
    /// rendering (`stopRendering()`), prints "<program>: <message>" on stderr and exits with
    /// status 1. The window is dead afterwards.
    public var didFail: (@MainActor (WaylandError) -> Void)?

    // Input (Input/WaylandWindow+Input.swift): main thread, one event per Wayland frame.
    /// Called on the main thread with each pointer frame over the window (enter, motion, buttons, scroll, leave).
    public var didReceivePointerEvent: (@MainActor (WaylandPointerEvent) -> Void)?
    /// Called on the main thread with each touch frame on the window.
    public var didReceiveTouchEvent: (@MainActor (WaylandTouchEvent) -> Void)?
    /// Called on the main thread with each key press, repeat and release while the window has focus.
    public var didReceiveKeyEvent: (@MainActor (WaylandKeyEvent) -> Void)?
    /// Called on the main thread when the window gains (true) or loses (false) keyboard focus.
    public var didChangeKeyboardFocus: (@MainActor (Bool) -> Void)?

    /// Number of frames drawn and committed so far (for tests and diagnostics; any thread).
    public var framesCommitted: Int { renderLoop.framesCommitted }

    /// Connects to the compositor, creates the window and waits for its first configure.
    ///
    /// The first frame is drawn on the next turn of the main run loop, so set `draw` right after
    /// `init` returns.
    /// - Parameters:
    ///   - title: the window title.
    ///   - appID: the application id (`xdg_toplevel.set_app_id`), e.g. a reverse-DNS name.
    ///   - width: preferred width in points, used when the compositor lets the client choose; at most
    ///     the largest output's width (`SurfaceGeometry.limitPreferred`, said on stderr), and within
    ///     the compositor's `xdg_toplevel.configure_bounds` when it sends them.
    ///   - height: preferred height in points, likewise.
    ///   - decorations: whether the window has decorations: drawn by the compositor when it offers
    ///     them (xdg-decoration), else by the client (see `decorationMode`). False asks for none (a
    ///     benchmark's bare surface).
    ///   - fitsOutputsQuietly: limit a preferred size larger than the outputs without the warning (a
    ///     default size nobody asked for, such as UIKit's window for an app that gave none).
    /// - Throws: `WaylandError` when there is no compositor, it lacks a required global, or the
    ///   connection fails before the window is configured.
    public init(title: String, appID: String, width: Int, height: Int, decorations: Bool = true,
                fitsOutputsQuietly: Bool = false) throws {
        let connection = try WaylandConnection()
        self.connection = connection
        self.wantsDecorations = decorations
        self.runLoop = RunLoopIntegration(connection: connection)
        self.title = title
        // A size the outputs cannot show would only cost memory (and the compositor's time).
        let preferred = SurfaceGeometry.limitPreferred(width: width, height: height,
                                                       outputs: connection.largestOutputSize)
        if let warning = preferred.warning, !fitsOutputsQuietly { Diagnostics.warn(warning) }
        let initial = SurfaceGeometry.resolve(configuredWidth: 0, configuredHeight: 0,
                                              preferredWidth: preferred.width, preferredHeight: preferred.height,
                                              scale: connection.maximumOutputScale)
        if let warning = initial.warning { Diagnostics.warn(warning) }
        self.width = initial.geometry.width
        self.height = initial.geometry.height
        self.scale = initial.geometry.scale
        self.floatingWidth = initial.geometry.width
        self.floatingHeight = initial.geometry.height

        let userData = Unmanaged.passUnretained(self).toOpaque()
        runLoop.didFail = { [weak self] error in self?.handleFailure(error) }
        connection.outputsChanged = { [weak self] in self?.updateScale() }
        connection.inputSink = self

        guard let surface = wl_compositor_create_surface(connection.compositor) else { throw connection.lastError() }
        self.surface = surface
        wl_surface_add_listener(surface, Self.surfaceListener, userData)

        guard let xdgSurface = xdg_wm_base_get_xdg_surface(connection.wmBase, surface) else { throw connection.lastError() }
        self.xdgSurface = xdgSurface
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, userData)

        guard let toplevel = xdg_surface_get_toplevel(xdgSurface) else { throw connection.lastError() }
        self.toplevel = toplevel
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, userData)
        xdg_toplevel_set_title(toplevel, Self.protocolString(title))
        xdg_toplevel_set_app_id(toplevel, Self.protocolString(appID))

        if let manager = connection.decorationManager,
           let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
            self.decoration = decoration
            zxdg_toplevel_decoration_v1_add_listener(decoration, Self.decorationListener, userData)
            let mode = decorations ? ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE : ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE
            zxdg_toplevel_decoration_v1_set_mode(decoration, mode.rawValue)
        }

        // Fractional scale needs both globals: the scale to draw at, and the viewport to show the
        // larger buffer at the logical size.
        if let viewporter = connection.viewporter, let manager = connection.fractionalScaleManager,
           let viewport = wp_viewporter_get_viewport(viewporter, surface) {
            self.viewport = viewport
            if let fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface) {
                self.fractionalScale = fractionalScale
                wp_fractional_scale_v1_add_listener(fractionalScale, Self.fractionalScaleListener, userData)
            }
        }

        // The initial commit, without a buffer, asks for the first configure.
        wl_surface_commit(surface)
        try waitForFirstConfigure()

        // From here on the render thread reads the socket and owns the frames. It starts on the
        // next turn of the main queue, so the `draw` set right after `init` draws the first frame.
        renderLoop = try SurfaceRenderLoop(
            connection: connection, surface: surface, xdgSurface: xdgSurface, viewport: viewport,
            geometry: geometry,
            dispatchDefaultQueue: { [weak self] in
                guard let self else { return }
                self.runLoop.dispatchPending()
                self.runLoop.flush()
            },
            didFail: { [weak self] error in self?.runLoop.fail(with: error) })
        DispatchQueue.main.async { [weak self] in
            guard let self, !self.runLoop.hasFailed else { return }
            self.didResize?(self.width, self.height, self.scale)
            self.runLoop.stopReading()
            self.renderLoop.start()
        }
    }

    deinit {
        renderLoop?.stop()
        runLoop.invalidate()
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        renderLoop = nil
        // The display is disconnected when the connection is released, after `runLoop` (which also
        // holds it) and after every proxy above is gone.
    }

    /// Asks for a redraw at the compositor's next frame callback. Cheap and idempotent: calling it
    /// many times before the frame draws once. Any thread (from inside `draw` it asks for the next
    /// frame in the same commit).
    public func setNeedsDisplay() {
        guard !runLoop.hasFailed else { return }
        renderLoop.setNeedsDisplay()
    }

    /// Asks for a redraw at the first frame callback after media time `time` (seconds of
    /// CLOCK_MONOTONIC, `CACurrentMediaTime()`'s clock): the render thread sleeps until then.
    public func setNeedsDisplay(atTime time: Double) {
        guard !runLoop.hasFailed else { return }
        renderLoop.setNeedsDisplay(atTime: time)
    }

    // MARK: Configure

    /// Blocks (bounded: `CA_WAYLAND_TIMEOUT`) until the first `xdg_surface.configure` has been handled.
    private func waitForFirstConfigure() throws {
        let timeout = WaylandConnection.answerTimeout
        try connection.dispatch(until: { isConfigured }, timeout: timeout,
                                orThrow: .noConfigure(display: WaylandConnection.displayName,
                                                      seconds: WaylandConnection.formatted(timeout)))
    }

    func handleToplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        pendingConfigureWidth = max(0, Int(width))
        pendingConfigureHeight = max(0, Int(height))
        pendingStates = Self.states(in: states)
    }

    /// The states of an array of `xdg_toplevel.state` values.
    private static func states(in array: UnsafeMutablePointer<wl_array>?) -> WaylandWindowStates {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        return WaylandWindowStates(xdgStates: UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
    }

    func handleDecorationConfigure(mode: UInt32) {
        let newMode: WaylandDecorationMode = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue ? .serverSide : .clientSide
        guard newMode != decorationMode else { return }
        decorationMode = newMode
        if renderLoop != nil { onMain { didChangeDecorationMode?(newMode) } }
    }

    func handleConfigureBounds(width: Int32, height: Int32) {
        boundsWidth = max(0, Int(width))
        boundsHeight = max(0, Int(height))
    }

    /// The main thread works out the new geometry and announces it (`didResize`, so the layer tree
    /// commits at the new size); the render thread acks the configure right before it commits the
    /// first buffer of that size (at once when it is the first configure: nothing is drawn yet).
    func handleSurfaceConfigure(serial: UInt32) {
        guard let xdgSurface else { return }
        let changed = applyGeometry(configuredWidth: pendingConfigureWidth, configuredHeight: pendingConfigureHeight,
                                    scale: scale, scale120: scale120)
        if !pendingStates.isConstrained {
            floatingWidth = width
            floatingHeight = height
        }
        let statesChanged = pendingStates != states
        states = pendingStates
        guard let renderLoop else {
            xdg_surface_ack_configure(xdgSurface, serial)
            isConfigured = true
            return
        }
        onMain {
            if changed { didResize?(width, height, scale) }
            if statesChanged { didChangeStates?(states) }
        }
        renderLoop.configure(serial: serial, geometry: geometry)
    }

    /// Updates `width`, `height`, `scale`; returns whether they changed (then `didResize` is owed).
    private func applyGeometry(configuredWidth: Int, configuredHeight: Int, scale newScale: Int,
                               scale120 newScale120: Int) -> Bool {
        let resolved = SurfaceGeometry.resolve(configuredWidth: configuredWidth, configuredHeight: configuredHeight,
                                               preferredWidth: floatingWidth, preferredHeight: floatingHeight,
                                               boundsWidth: boundsWidth, boundsHeight: boundsHeight,
                                               scale: newScale, scale120: newScale120)
        let resolvedGeometry = resolved.geometry
        guard resolvedGeometry != geometry else { return false }
        if let warning = resolved.warning { Diagnostics.warn(warning) }
        width = resolvedGeometry.width
        height = resolvedGeometry.height
        scale = resolvedGeometry.scale
        scale120 = resolvedGeometry.scale120
        return true
    }

    func handleClose() {
        if let didClose {
            onMain { didClose() }
        } else {
            stopRendering()
            exit(0)
        }
    }

    // MARK: Scale

    func handleEnter(output: OpaquePointer?) {
        guard let output, !enteredOutputs.contains(output) else { return }
        enteredOutputs.append(output)
        updateScale()
    }

    func handleLeave(output: OpaquePointer?) {
        guard let output else { return }
        enteredOutputs.removeAll { $0 == output }
        updateScale()
    }

    /// Picks the largest scale of the outputs the surface is on (keeps the current one when it is on
    /// none) and redraws at the next frame if it changed. A fractional scale, once the compositor
    /// prefers one, wins over output scales.
    private func updateScale() {
        enteredOutputs.removeAll { connection.scale(ofOutput: $0) == nil }  // outputs that went away
        guard preferredScale120 == 0 else { return }
        let scales = enteredOutputs.compactMap { connection.scale(ofOutput: $0) }
        guard let newScale = scales.max(), newScale != scale else { return }
        rescale(scale: newScale, scale120: 0)
    }

    /// `wp_fractional_scale_v1.preferred_scale`: the scale to draw at, in 120ths. Without a viewport
    /// (never: both are made together) it is ignored.
    func handlePreferredScale(_ scale120: UInt32) {
        guard viewport != nil, scale120 > 0, Int(scale120) != preferredScale120 else { return }
        preferredScale120 = Int(scale120)
        rescale(scale: 1, scale120: preferredScale120)
    }

    /// Applies a new scale at the current size: `didResize`, and a redraw at the next frame.
    private func rescale(scale newScale: Int, scale120 newScale120: Int) {
        guard applyGeometry(configuredWidth: width, configuredHeight: height, scale: newScale,
                            scale120: newScale120) else { return }
        guard isConfigured, let renderLoop else { return }
        onMain { didResize?(width, height, scale) }
        renderLoop.configure(serial: nil, geometry: geometry)
    }

    // MARK: Failure

    private func handleFailure(_ error: WaylandError) {
        if let didFail {
            onMain { didFail(error) }
        } else {
            stopRendering()
            Diagnostics.error(error.message)
            exit(1)
        }
    }

    /// `text` cut (at a character boundary) to at most 1024 UTF-8 bytes: libwayland refuses, and
    /// drops the connection over, a message larger than its 4 KiB buffer.
    static func protocolString(_ text: String) -> String {
        guard text.utf8.count > 1024 else { return text }
        var result = ""
        var byteCount = 0
        for character in text {
            byteCount += character.utf8.count
            guard byteCount <= 1024 else { break }
            result.append(character)
        }
        return result
    }

    // For the requests of WaylandWindow+Management.swift.
    var toplevelProxy: OpaquePointer? { toplevel }
    var hasFailedConnection: Bool { runLoop.hasFailed }
    /// The seat whose pointer pressed a button last (the seat a move or resize serial belongs to).
    var inputSeat: OpaquePointer? { connection.latestButtonSeat ?? connection.seats.first?.proxy }
    func flushRequests() { runLoop.flush() }

    /// Stops a debug build where a main-thread-only request comes from another thread.
    func assertMainThread() {
        assert(Thread.isMainThread, "WaylandWindow is main-thread only")
    }
}

/// Runs an app callback of a window on the main thread, where the window dispatches its events:
/// the main actor's. Called elsewhere, it stops the program (the ownership is checked, not assumed).
func onMain(_ body: @MainActor () -> Void) {
    MainActor.assumeIsolated(body)
}
#endif
