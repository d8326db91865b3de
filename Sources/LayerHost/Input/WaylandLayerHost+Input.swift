import CoreGraphics
import WaylandShell

/// The window's input, passed through until views take it over (a Linux addition): every callback
/// runs on the main thread, with one event per Wayland frame, coordinates in points of the root
/// layer (the window's, less the title bar when the host draws decorations), times in seconds of
/// `CACurrentMediaTime()`'s clock. Pointer frames over the decorations are theirs and do not come here.
extension WaylandLayerHost {
    /// Pointer frames over the content: see `WaylandWindow.didReceivePointerEvent`.
    public var didReceivePointerEvent: (@MainActor (WaylandPointerEvent) -> Void)? {
        get { pointerHandler }
        set { pointerHandler = newValue }
    }

    /// Touch frames on the window: see `WaylandWindow.didReceiveTouchEvent`.
    public var didReceiveTouchEvent: (@MainActor (WaylandTouchEvent) -> Void)? {
        get { touchHandler }
        set { touchHandler = newValue }
    }

    /// Key presses, repeats and releases while the window has focus: see `WaylandWindow.didReceiveKeyEvent`.
    public var didReceiveKeyEvent: (@MainActor (WaylandKeyEvent) -> Void)? {
        get { window.didReceiveKeyEvent }
        set { window.didReceiveKeyEvent = newValue }
    }

    /// Keyboard focus gained (true) or lost (false): see `WaylandWindow.didChangeKeyboardFocus`.
    public var didChangeKeyboardFocus: (@MainActor (Bool) -> Void)? {
        get { window.didChangeKeyboardFocus }
        set { window.didChangeKeyboardFocus = newValue }
    }

    /// A pointer frame from the window: the decorations' when over the bar or the edges (or while a
    /// press that started there is held), else the content's, moved into the root layer's space
    /// (with the enter and leave of `PointerFocus` as the pointer moves between them).
    @MainActor
    func route(_ event: WaylandPointerEvent) {
        let overDecorations = decorations?.handle(event) ?? false
        contentFocus.route(event, to: overDecorations ? nil : .content) { _, event in
            pointerHandler?(contentEvent(event))
        }
    }

    @MainActor
    func route(_ event: WaylandTouchEvent) {
        guard let handler = touchHandler else { return }
        var moved = event
        for index in moved.touches.indices {
            let point = contentPoint(x: moved.touches[index].x, y: moved.touches[index].y)
            moved.touches[index].x = Double(point.x)
            moved.touches[index].y = Double(point.y)
        }
        handler(moved)
    }

    /// `event` with its position in the root layer's space.
    private func contentEvent(_ event: WaylandPointerEvent) -> WaylandPointerEvent {
        var moved = event
        let point = contentPoint(x: event.x, y: event.y)
        moved.x = Double(point.x)
        moved.y = Double(point.y)
        return moved
    }

    /// A point of the window (surface-local points) in the root layer's space.
    private func contentPoint(x: Double, y: Double) -> CGPoint {
        rootLayer.convert(CGPoint(x: x, y: y), from: windowLayer)
    }
}
