#if os(Linux)
import CWaylandClient
import CWaylandProtocols

/// Stable addresses of the `wl_interface` descriptions that `wl_registry.bind` needs.
///
/// Swift imports the C globals (`extern const struct wl_interface xdg_wm_base_interface;`) as `let`
/// constants, so `&xdg_wm_base_interface` is not available, and `withUnsafePointer(to:)` may point at
/// a temporary. libwayland keeps the interface pointer in every proxy for its lifetime, so each
/// description is copied once into storage that is never freed. The copy shares the original's
/// message tables; libwayland compares interfaces with `wl_interface_equal` (same pointer or same
/// name), so a copy and the original are interchangeable.
enum WaylandInterfaces {
    nonisolated(unsafe) static let compositor = stable(wl_compositor_interface)
    nonisolated(unsafe) static let shm = stable(wl_shm_interface)
    nonisolated(unsafe) static let output = stable(wl_output_interface)
    nonisolated(unsafe) static let wmBase = stable(xdg_wm_base_interface)
    nonisolated(unsafe) static let decorationManager = stable(zxdg_decoration_manager_v1_interface)
    nonisolated(unsafe) static let viewporter = stable(wp_viewporter_interface)
    nonisolated(unsafe) static let fractionalScaleManager = stable(wp_fractional_scale_manager_v1_interface)
    nonisolated(unsafe) static let presentation = stable(wp_presentation_interface)

    private static func stable(_ interface: wl_interface) -> UnsafePointer<wl_interface> {
        let pointer = UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)
        pointer.initialize(to: interface)
        return UnsafePointer(pointer)
    }
}

/// Allocates a listener table once, at a stable address that stays valid for the life of the process
/// (libwayland keeps the pointer for as long as the proxy lives).
func makeListener<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let pointer = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    pointer.initialize(to: listener)
    return UnsafePointer(pointer)
}
#endif
