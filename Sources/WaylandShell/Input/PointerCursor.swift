#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandCursor
import Glibc

/// The arrow shown over the window: the theme's "left_ptr" (or "default") cursor on a dedicated
/// `wl_surface`, set with `wl_pointer.set_cursor` at every `wl_pointer.enter` (a Wayland client must
/// set its cursor on each enter, with that enter's serial, or the compositor shows none or its own).
///
/// The theme is the one `XCURSOR_THEME` names (libwayland-cursor's "default" theme when unset) at
/// `XCURSOR_SIZE` points (24 when unset), loaded at the first enter in device pixels for the largest
/// output scale, and reloaded when that scale changes. libwayland-cursor falls back to a few built-in
/// cursors when no theme is installed; if even the cursor cannot be had, the pointer is left as the
/// compositor shows it and one warning is printed. Animated cursors show their first image.
///
/// Main thread only.
final class PointerCursor {
    /// The cursor names tried, in order (the X core name, then the CSS name newer themes use).
    static let names = ["left_ptr", "default"]

    private unowned let connection: WaylandConnection
    private var theme: OpaquePointer?
    private var themeScale = 0
    private var surface: OpaquePointer?
    /// The image shown, in device pixels, with its buffer (owned by the theme).
    private var image: (buffer: OpaquePointer, hotspotX: Int32, hotspotY: Int32, scale: Int32)?
    private var hasWarned = false

    init(connection: WaylandConnection) {
        self.connection = connection
    }

    deinit {
        destroy()
    }

    /// Releases the surface and the theme (and with it the cursor buffers).
    func destroy() {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
        surface = nil
        theme = nil
        image = nil
        themeScale = 0
    }

    /// Shows the cursor for `pointer`; `serial` is the serial of its latest `wl_pointer.enter`.
    func show(on pointer: OpaquePointer, serial: UInt32) {
        let scale = max(1, connection.maximumOutputScale)
        if theme == nil || themeScale != scale { load(scale: scale) }
        guard let image, let surface else { return }
        wl_pointer_set_cursor(pointer, serial, surface, image.hotspotX / image.scale, image.hotspotY / image.scale)
    }

    private func load(scale: Int) {
        destroy()
        themeScale = scale
        let themeName = Self.environment("XCURSOR_THEME")
        let size = Self.environment("XCURSOR_SIZE").flatMap { Int32($0) }.flatMap { (1...512).contains($0) ? $0 : nil } ?? 24
        guard let theme = wl_cursor_theme_load(themeName, size * Int32(scale), connection.shm) else {
            warnOnce("cannot load the cursor theme \(themeName.map { "'\($0)'" } ?? "(default)"); the pointer shows the compositor's cursor")
            return
        }
        self.theme = theme
        guard let cursor = Self.names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
              cursor.pointee.image_count > 0, let first = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(first) else {
            warnOnce("the cursor theme \(themeName.map { "'\($0)'" } ?? "(default)") has no \(Self.names.joined(separator: " or ")) cursor; the pointer shows the compositor's cursor")
            return
        }
        guard let surface = wl_compositor_create_surface(connection.compositor) else { return }
        self.surface = surface
        image = (buffer, Int32(first.pointee.hotspot_x), Int32(first.pointee.hotspot_y), Int32(scale))
        // A buffer scale must divide the image; themes without a size for this scale give a smaller
        // image, which is then shown at scale 1 (larger) rather than refused by the compositor.
        let imageScale = (first.pointee.width % UInt32(scale) == 0 && first.pointee.height % UInt32(scale) == 0) ? scale : 1
        image?.scale = Int32(imageScale)
        wl_surface_set_buffer_scale(surface, Int32(imageScale))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(first.pointee.width), Int32(first.pointee.height))
        wl_surface_commit(surface)
    }

    private func warnOnce(_ message: String) {
        guard !hasWarned else { return }
        hasWarned = true
        Diagnostics.warn(message)
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
#endif
