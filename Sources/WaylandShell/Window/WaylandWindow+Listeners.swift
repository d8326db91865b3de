#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandProtocols

/// The C listener tables of a window's objects. Each table is allocated once for the process (libwayland
/// keeps the pointer while the proxy lives); the userdata is the unretained window, which outlives its
/// proxies because `deinit` destroys them. Every event of the bound versions has an entry.
extension WaylandWindow {
    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandWindow {
        Unmanaged<WaylandWindow>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) static let surfaceListener = makeListener(wl_surface_listener(
        enter: { data, _, output in from(data).handleEnter(output: output) },
        leave: { data, _, output in from(data).handleLeave(output: output) }
    ))

    nonisolated(unsafe) static let xdgSurfaceListener = makeListener(xdg_surface_listener(
        configure: { data, _, serial in from(data).handleSurfaceConfigure(serial: serial) }
    ))

    nonisolated(unsafe) static let toplevelListener = makeListener(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            from(data).handleToplevelConfigure(width: width, height: height, states: states)
        },
        close: { data, _ in from(data).handleClose() },
        configure_bounds: { data, _, width, height in from(data).handleConfigureBounds(width: width, height: height) },
        wm_capabilities: { _, _, _ in }
    ))

    /// The compositor's choice of decoration mode (server_side or client_side).
    nonisolated(unsafe) static let decorationListener = makeListener(zxdg_toplevel_decoration_v1_listener(
        configure: { data, _, mode in from(data).handleDecorationConfigure(mode: mode) }
    ))

    /// The scale the compositor prefers for the surface, in 120ths.
    nonisolated(unsafe) static let fractionalScaleListener = makeListener(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in from(data).handlePreferredScale(scale) }
    ))
}
#endif
