#if os(Linux)
import CALinuxEGL
import CALinuxWaylandClient
import CALinuxWaylandProtocols
import Glibc

/// The connection to the compositor: the `wl_display`, its registry and the globals this client binds.
///
/// Read top to bottom like weston's simple clients: connect, listen to the registry, roundtrip, check
/// that the required globals are there. Main thread only. The connection owns the display; proxies
/// created from it (surfaces, buffers) must be destroyed before the connection is released.
final class WaylandConnection {
    /// The minimum `wl_compositor` version: 4 brings `wl_surface.damage_buffer`.
    static let requiredCompositorVersion: UInt32 = 4

    let display: OpaquePointer
    private var registry: OpaquePointer?

    // Required globals (non-nil once `init` returns).
    private(set) var compositor: OpaquePointer!
    private(set) var shm: OpaquePointer!
    private(set) var wmBase: OpaquePointer!

    // Optional globals, bound when offered; later tasks use them (pacing, fractional scale, viewports).
    private(set) var decorationManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: OpaquePointer?
    /// The clock `wp_presentation` timestamps use (`wp_presentation.clock_id`), once known.
    private(set) var presentationClock: clockid_t?

    /// The outputs currently advertised, with their scale.
    private(set) var outputs: [WaylandOutput] = []
    /// Called on the main thread when an output appears, changes scale or disappears.
    var outputsChanged: (() -> Void)?

    /// The seats currently advertised (Input/WaylandConnection+Seats.swift).
    var seats: [WaylandSeat] = []
    /// The `wl_seat` whose pointer sent the latest button event: `xdg_toplevel.move`/`resize` take it
    /// with that press's serial.
    var latestButtonSeat: OpaquePointer?
    /// Where every seat's input events go (the window of this connection).
    weak var inputSink: WaylandInputSink? {
        didSet { for seat in seats { seat.sink = inputSink } }
    }

    /// The version `wl_compositor` was offered at, recorded to report a too old compositor.
    private var offeredCompositorVersion: UInt32 = 0

    /// The display name `wl_display_connect(nil)` uses: `$WAYLAND_DISPLAY` (a name under
    /// `$XDG_RUNTIME_DIR` or an absolute path), else "wayland-0".
    static var displayName: String {
        if let value = getenv("WAYLAND_DISPLAY"), value.pointee != 0 { return String(cString: value) }
        return "wayland-0"
    }

    /// Connects to the compositor named by the environment and binds the globals, waiting at most
    /// `timeout` seconds for each of the initial roundtrips (WaylandConnection+Deadline.swift).
    /// - Throws: `WaylandError` when no compositor answers, a required global is missing or too old,
    ///   or the connection fails during the initial roundtrips.
    init(timeout: Double = WaylandConnection.answerTimeout) throws {
        if let problem = WaylandError.runtimeDirectoryProblem() { throw problem }
        errno = 0
        guard let display = wl_display_connect(nil) else {
            let code = errno == 0 ? ENOENT : errno
            throw WaylandError.cannotConnect(display: Self.displayName, errno: code)
        }
        self.display = display

        guard let registry = wl_display_get_registry(display) else { throw lastError() }
        self.registry = registry
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())

        // First roundtrip: the globals. Second: the events of what was bound (output scales, clock id).
        try roundtrip(timeout: timeout)
        if compositor == nil {
            if offeredCompositorVersion > 0 {
                throw WaylandError.globalTooOld("wl_compositor", offered: offeredCompositorVersion,
                                                required: Self.requiredCompositorVersion)
            }
            throw WaylandError.missingGlobal("wl_compositor")
        }
        guard shm != nil else { throw WaylandError.missingGlobal("wl_shm") }
        guard wmBase != nil else { throw WaylandError.missingGlobal("xdg_wm_base") }
        try roundtrip(timeout: timeout)
    }

    /// The EGL display on this connection (`EGL_PLATFORM_WAYLAND_KHR`), made on first use; nil when
    /// EGL has no Wayland platform here. Whoever initializes it (`eglInitialize`) owns the contexts
    /// on it; the connection terminates it before disconnecting (EGL keeps proxies of its own on
    /// the display). Main thread.
    var eglDisplay: UnsafeMutableRawPointer? {
        if let made = madeEGLDisplay { return made }
        let made = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(display), nil)
        madeEGLDisplay = made
        return made
    }
    private var madeEGLDisplay: UnsafeMutableRawPointer??

    deinit {
        if let made = madeEGLDisplay, let eglDisplay = made { eglTerminate(eglDisplay) }
        for seat in seats { seat.destroy() }
        for output in outputs { output.destroy() }
        if let presentation { wp_presentation_destroy(presentation) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    /// The largest scale among all known outputs (1 when there are none): the best guess for a
    /// surface that has not entered an output yet.
    var maximumOutputScale: Int {
        outputs.map(\.scale).max() ?? 1
    }

    /// The scale of an output proxy this connection bound, or nil if it is unknown (e.g. removed).
    func scale(ofOutput proxy: OpaquePointer) -> Int? {
        outputs.first { $0.proxy == proxy }?.scale
    }

    /// The error that stopped the connection, read from libwayland: a protocol error names the
    /// interface, object id and code; anything else is a lost connection with the errno's text.
    func lastError() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
            let name = interface.flatMap { $0.pointee.name.map { String(cString: $0) } } ?? "unknown interface"
            return .protocolError(interface: name, id: id, code: protocolCode)
        }
        if code == 0 {
            return .disconnected(reason: "the compositor closed the connection")
        }
        return .disconnected(reason: WaylandError.errorString(code))
    }

    // MARK: Registry

    private func bindGlobal(name: UInt32, interface: String, version: UInt32) {
        func bind(_ description: UnsafePointer<wl_interface>, _ wanted: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, description, min(version, wanted)).map(OpaquePointer.init)
        }
        switch interface {
        case "wl_compositor" where compositor == nil:
            offeredCompositorVersion = version
            if version >= Self.requiredCompositorVersion {
                compositor = bind(WaylandInterfaces.compositor, Self.requiredCompositorVersion)
            }
        case "wl_shm" where shm == nil:
            shm = bind(WaylandInterfaces.shm, 1)
            if let shm { wl_shm_add_listener(shm, Self.shmListener, nil) }
        case "xdg_wm_base" where wmBase == nil:
            // Version 5 is what the generated glue (and our xdg_toplevel listener) knows.
            wmBase = bind(WaylandInterfaces.wmBase, 5)
            if let wmBase { xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil) }
        case "zxdg_decoration_manager_v1" where decorationManager == nil:
            decorationManager = bind(WaylandInterfaces.decorationManager, 1)
        case "wp_viewporter" where viewporter == nil:
            viewporter = bind(WaylandInterfaces.viewporter, 1)
        case "wp_fractional_scale_manager_v1" where fractionalScaleManager == nil:
            fractionalScaleManager = bind(WaylandInterfaces.fractionalScaleManager, 1)
        case "wp_presentation" where presentation == nil:
            presentation = bind(WaylandInterfaces.presentation, 1)
            if let presentation {
                wp_presentation_add_listener(presentation, Self.presentationListener,
                                             Unmanaged.passUnretained(self).toOpaque())
            }
        case "wl_seat":
            if let proxy = bind(WaylandInterfaces.seat, WaylandSeat.maximumVersion) { addSeat(name: name, proxy: proxy) }
        case "wl_output":
            // Version 4 is what libwayland 1.21's wl_output_listener knows (name, description).
            guard let proxy = bind(WaylandInterfaces.output, 4) else { return }
            let output = WaylandOutput(globalName: name, proxy: proxy)
            output.changed = { [weak self] in self?.outputsChanged?() }
            outputs.append(output)
        default:
            break
        }
    }

    private func removeGlobal(name: UInt32) {
        if removeSeat(name: name) { return }
        // Only outputs come and go in practice; a vanished compositor or shm ends the session anyway.
        guard let index = outputs.firstIndex(where: { $0.globalName == name }) else { return }
        let output = outputs.remove(at: index)
        output.destroy()
        outputsChanged?()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandConnection {
        Unmanaged<WaylandConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let registryListener = makeListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let interface else { return }
            from(data).bindGlobal(name: name, interface: String(cString: interface), version: version)
        },
        global_remove: { data, _, name in
            from(data).removeGlobal(name: name)
        }
    ))

    /// Answers the compositor's liveness check; a client that does not is marked unresponsive.
    nonisolated(unsafe) private static let wmBaseListener = makeListener(xdg_wm_base_listener(
        ping: { _, wmBase, serial in
            xdg_wm_base_pong(wmBase, serial)
        }
    ))

    /// ARGB8888 and XRGB8888 are mandatory, so the advertised format list is not needed.
    nonisolated(unsafe) private static let shmListener = makeListener(wl_shm_listener(
        format: { _, _, _ in }
    ))

    nonisolated(unsafe) private static let presentationListener = makeListener(wp_presentation_listener(
        clock_id: { data, _, clock in
            from(data).presentationClock = clockid_t(clock)
        }
    ))
}
#endif
