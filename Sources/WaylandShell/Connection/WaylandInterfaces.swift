#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandProtocols

/// The addresses of the `wl_interface` descriptions that `wl_registry.bind` needs.
///
/// Swift imports the C globals (`extern const struct wl_interface xdg_wm_base_interface;`) as values,
/// so their addresses come from the generated accessors in `interface-pointers.h`.
enum WaylandInterfaces {
    static var compositor: UnsafePointer<wl_interface> { wl_compositor_interface_pointer() }
    static var shm: UnsafePointer<wl_interface> { wl_shm_interface_pointer() }
    static var output: UnsafePointer<wl_interface> { wl_output_interface_pointer() }
    static var wmBase: UnsafePointer<wl_interface> { xdg_wm_base_interface_pointer() }
    static var decorationManager: UnsafePointer<wl_interface> { zxdg_decoration_manager_v1_interface_pointer() }
    static var viewporter: UnsafePointer<wl_interface> { wp_viewporter_interface_pointer() }
    static var fractionalScaleManager: UnsafePointer<wl_interface> { wp_fractional_scale_manager_v1_interface_pointer() }
    static var presentation: UnsafePointer<wl_interface> { wp_presentation_interface_pointer() }
}

/// Allocates a listener table once, at a stable address that stays valid for the life of the process
/// (libwayland keeps the pointer for as long as the proxy lives).
func makeListener<Listener>(_ listener: Listener) -> UnsafePointer<Listener> {
    let pointer = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
    pointer.initialize(to: listener)
    return UnsafePointer(pointer)
}
#endif
