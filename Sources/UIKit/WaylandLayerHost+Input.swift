import WaylandShell

/// The window's input, passed through until views take it over (a Linux addition): every callback
/// runs on the main thread, with one event per Wayland frame, coordinates in points of the window
/// (which are the root layer's), times in seconds of `CACurrentMediaTime()`'s clock.
extension WaylandLayerHost {
    /// Pointer frames over the window: see `WaylandWindow.didReceivePointerEvent`.
    public var didReceivePointerEvent: ((WaylandPointerEvent) -> Void)? {
        get { window.didReceivePointerEvent }
        set { window.didReceivePointerEvent = newValue }
    }

    /// Touch frames on the window: see `WaylandWindow.didReceiveTouchEvent`.
    public var didReceiveTouchEvent: ((WaylandTouchEvent) -> Void)? {
        get { window.didReceiveTouchEvent }
        set { window.didReceiveTouchEvent = newValue }
    }

    /// Key presses, repeats and releases while the window has focus: see `WaylandWindow.didReceiveKeyEvent`.
    public var didReceiveKeyEvent: ((WaylandKeyEvent) -> Void)? {
        get { window.didReceiveKeyEvent }
        set { window.didReceiveKeyEvent = newValue }
    }

    /// Keyboard focus gained (true) or lost (false): see `WaylandWindow.didChangeKeyboardFocus`.
    public var didChangeKeyboardFocus: ((Bool) -> Void)? {
        get { window.didChangeKeyboardFocus }
        set { window.didChangeKeyboardFocus = newValue }
    }
}
