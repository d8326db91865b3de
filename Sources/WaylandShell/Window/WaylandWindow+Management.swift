#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandProtocols

/// What the user does to the window as a whole, asked of the compositor: move and resize (interactive,
/// driven by the compositor from a pointer press), maximize, fullscreen, minimize, and the size limits.
/// Main thread. The compositor answers with a configure (new size, `states`), or not at all: a request
/// is a wish, never a promise.
extension WaylandWindow {
    /// Starts an interactive move (`xdg_toplevel.move`) for the pointer press with `serial` (a
    /// `WaylandPointerEvent.Button.serial` of a press still held): the compositor moves the window
    /// until the button is released.
    public func beginMove(serial: UInt32) {
        assertMainThread()
        guard let toplevel = toplevelProxy, let seat = inputSeat, !hasFailedConnection else { return }
        xdg_toplevel_move(toplevel, seat, serial)
        flushRequests()
    }

    /// Starts an interactive resize (`xdg_toplevel.resize`) of `edges` for the pointer press with `serial`.
    public func beginResize(serial: UInt32, edges: WaylandResizeEdges) {
        assertMainThread()
        guard !edges.isEmpty, let toplevel = toplevelProxy, let seat = inputSeat, !hasFailedConnection else { return }
        xdg_toplevel_resize(toplevel, seat, serial, edges.xdgResizeEdge)
        flushRequests()
    }

    /// Asks to maximize the window (true) or restore it (false).
    public func setMaximized(_ maximized: Bool) {
        assertMainThread()
        guard let toplevel = toplevelProxy, !hasFailedConnection else { return }
        if maximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
        flushRequests()
    }

    /// Maximizes a floating window, restores a maximized one.
    public func toggleMaximized() {
        assertMainThread()
        setMaximized(!states.contains(.maximized))
    }

    /// Asks to show the window fullscreen on the output the compositor picks (true), or to leave fullscreen.
    public func setFullscreen(_ fullscreen: Bool) {
        assertMainThread()
        guard let toplevel = toplevelProxy, !hasFailedConnection else { return }
        if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        flushRequests()
    }

    /// Enters or leaves fullscreen (what F11 does).
    public func toggleFullscreen() {
        assertMainThread()
        setFullscreen(!states.contains(.fullscreen))
    }

    /// Asks to minimize (iconify) the window. No state says it worked: a minimized window simply gets
    /// no frame callbacks until it is shown again.
    public func minimize() {
        assertMainThread()
        guard let toplevel = toplevelProxy, !hasFailedConnection else { return }
        xdg_toplevel_set_minimized(toplevel)
        flushRequests()
    }

    /// Closes the window the way the compositor's close does (client-side decorations' close button):
    /// `didClose`, or exit with status 0 when it is nil.
    public func requestClose() {
        assertMainThread()
        handleClose()
    }

    /// Asks the compositor to show its window menu (`xdg_toplevel.show_window_menu`) at (`x`, `y`)
    /// points of the surface, for the pointer press with `serial` (a right click on the title bar).
    public func showWindowMenu(serial: UInt32, x: Int, y: Int) {
        assertMainThread()
        guard let toplevel = toplevelProxy, let seat = inputSeat, !hasFailedConnection else { return }
        xdg_toplevel_show_window_menu(toplevel, seat, serial, Int32(clamping: x), Int32(clamping: y))
        flushRequests()
    }

    /// Sends `minimumSize` and `maximumSize` (double-buffered: they apply with the next commit, which a
    /// redraw makes).
    func applySizeLimits() {
        assertMainThread()
        guard let toplevel = toplevelProxy, !hasFailedConnection else { return }
        let minimum = WaylandWindow.sizeLimit(minimumSize)
        var maximum = WaylandWindow.sizeLimit(maximumSize)
        // A maximum below the minimum is a protocol error (invalid_size): the minimum wins.
        if maximum.width > 0 { maximum.width = max(maximum.width, minimum.width) }
        if maximum.height > 0 { maximum.height = max(maximum.height, minimum.height) }
        xdg_toplevel_set_min_size(toplevel, minimum.width, minimum.height)
        xdg_toplevel_set_max_size(toplevel, maximum.width, maximum.height)
        setNeedsDisplay()
    }

    /// A size limit as the protocol takes it: non-negative, 0 = none, at most the largest buffer side.
    static func sizeLimit(_ size: (width: Int, height: Int)) -> (width: Int32, height: Int32) {
        func side(_ value: Int) -> Int32 { Int32(min(max(value, 0), SurfaceGeometry.maximumPixelSide)) }
        return (side(size.width), side(size.height))
    }
}
#endif
