import CoreGraphics
import QuartzCore
import WaylandShell

/// A layer tree shown in a rectangle of another host's tree (a Linux addition): a pane of an app
/// that runs content written for a whole window, as the demo gallery runs each demo.
///
/// The owner places `rootLayer` in its own tree (any superlayer inside the parent's root), tells the
/// pane its size with `setContentSize(_:)`, and offers it the window's input: `route(_:)` takes the
/// pointer and touch frames over the pane (moved into the pane's space) and `deliver(_:)` passes keys
/// while the pane has the keyboard. `invalidate()` ends the pane: its handlers are dropped, and with
/// them whatever the content kept alive through them. Main thread.
public final class EmbeddedLayerHost: LayerHosting {
    /// The host whose window shows the pane.
    public let parent: any LayerHosting
    public let rootLayer: CALayer
    public var window: WaylandWindow { parent.window }
    public var contentSize: CGSize { rootLayer.bounds.size }
    public var requestedRenderer: CARenderBackend { parent.requestedRenderer }
    public var activeRenderer: CARenderBackend { parent.activeRenderer }

    public var didResize: (@MainActor (CGSize) -> Void)?
    public var didChangeContentScale: (@MainActor (CGFloat) -> Void)?
    public var didReceivePointerEvent: (@MainActor (WaylandPointerEvent) -> Void)?
    public var didReceiveTouchEvent: (@MainActor (WaylandTouchEvent) -> Void)?
    public var didReceiveKeyEvent: (@MainActor (WaylandKeyEvent) -> Void)?
    public var didChangeKeyboardFocus: (@MainActor (Bool) -> Void)?

    /// Whether the pointer is over the pane (its last frame went to the pane).
    public var hasPointer: Bool { focus.receiver != nil }
    private var focus = PointerFocus<Pane>()
    private enum Pane { case pane }
    /// Whether a button press taken by the pane is held: the frames go to the pane until its release.
    private var isCapturing = false
    /// The touches that began on the pane: they stay the pane's until they end.
    private var ownTouches: Set<Int32> = []

    /// A pane of `size` points showing `rootLayer` (its bounds are set here) in `parent`'s window.
    public init(in parent: any LayerHosting, size: CGSize, rootLayer: CALayer = CALayer()) {
        self.parent = parent
        self.rootLayer = rootLayer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        CATransaction.commit()
    }

    /// Gives the pane a new size in points (its root's bounds, without animation) and calls `didResize`.
    @MainActor
    public func setContentSize(_ size: CGSize) {
        guard size != rootLayer.bounds.size else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        CATransaction.commit()
        didResize?(size)
    }

    /// Offers a pointer frame in the parent's root space. The pane takes it (true) while the pointer
    /// is over the pane or a press that began there is held; the frame reaches `didReceivePointerEvent`
    /// in the pane's space, with `enter` added as the pointer arrives and a `leave` of its own as it
    /// goes (that leaving frame is not taken: it belongs to whatever the pointer moved over).
    @MainActor
    public func route(_ event: WaylandPointerEvent) -> Bool {
        let point = rootLayer.convert(CGPoint(x: event.x, y: event.y), from: parent.rootLayer)
        let over = !event.kinds.contains(.leave) && (rootLayer.bounds.contains(point) || isCapturing)
        isCapturing = over && !event.pressedButtons.isEmpty
        focus.route(event, to: over ? .pane : nil) { _, event in
            var moved = event
            moved.x = Double(point.x)
            moved.y = Double(point.y)
            didReceivePointerEvent?(moved)
        }
        return over
    }

    /// Offers a touch frame in the parent's root space; takes it (true) when one of its touches began
    /// on the pane or belongs to it, and passes those touches in the pane's space.
    @MainActor
    public func route(_ event: WaylandTouchEvent) -> Bool {
        var moved = event
        moved.touches = []
        for touch in event.touches {
            let point = rootLayer.convert(CGPoint(x: touch.x, y: touch.y), from: parent.rootLayer)
            if touch.phase == .began, rootLayer.bounds.contains(point) { ownTouches.insert(touch.id) }
            guard ownTouches.contains(touch.id) else { continue }
            var inside = touch
            inside.x = Double(point.x)
            inside.y = Double(point.y)
            moved.touches.append(inside)
            if touch.phase == .ended || touch.phase == .cancelled { ownTouches.remove(touch.id) }
        }
        if event.isCancelled, !ownTouches.isEmpty {
            ownTouches = []
            didReceiveTouchEvent?(moved)
            return true
        }
        guard !moved.touches.isEmpty else { return false }
        didReceiveTouchEvent?(moved)
        return true
    }

    /// Passes a key to the pane's content.
    @MainActor
    public func deliver(_ event: WaylandKeyEvent) {
        didReceiveKeyEvent?(event)
    }

    /// Ends the pane: every handler is dropped (what the content kept alive through them is released)
    /// and the root leaves its superlayer.
    @MainActor
    public func invalidate() {
        didResize = nil
        didChangeContentScale = nil
        didReceivePointerEvent = nil
        didReceiveTouchEvent = nil
        didReceiveKeyEvent = nil
        didChangeKeyboardFocus = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.removeFromSuperlayer()
        CATransaction.commit()
    }
}
