import CoreGraphics
import QuartzCore
import WaylandShell

/// What shows a layer tree and brings it a window's input (a Linux addition): a whole window
/// (`WaylandLayerHost`) or a rectangle of one (`EmbeddedLayerHost`). Content written for a window
/// (a `UIWindow` bound with `bind(to:)`, a layer scene) runs unchanged in either.
///
/// Main thread. The callbacks follow `WaylandLayerHost`'s: sizes in points, events in the space of
/// `rootLayer`, times in seconds of `CACurrentMediaTime()`'s clock.
public protocol LayerHosting: AnyObject {
    /// The Wayland window the tree is shown in (a pane's is its window's).
    var window: WaylandWindow { get }
    /// The root of the shown tree, sized to the content area (`contentSize`).
    var rootLayer: CALayer { get }
    /// The size of the content area in points.
    var contentSize: CGSize { get }
    /// Called after the content area changed size, or the scale it is drawn at changed.
    var didResize: (@MainActor (CGSize) -> Void)? { get set }
    /// Called after the scale the content is drawn at changed, after `didResize`.
    var didChangeContentScale: (@MainActor (CGFloat) -> Void)? { get set }
    /// Pointer frames over the content.
    var didReceivePointerEvent: (@MainActor (WaylandPointerEvent) -> Void)? { get set }
    /// Touch frames on the content.
    var didReceiveTouchEvent: (@MainActor (WaylandTouchEvent) -> Void)? { get set }
    /// Key presses, repeats and releases while the content has the keyboard.
    var didReceiveKeyEvent: (@MainActor (WaylandKeyEvent) -> Void)? { get set }
    /// Keyboard focus gained (true) or lost (false).
    var didChangeKeyboardFocus: (@MainActor (Bool) -> Void)? { get set }
    /// The renderer asked for when the window opened.
    var requestedRenderer: CARenderBackend { get }
    /// The renderer drawing the window now.
    var activeRenderer: CARenderBackend { get }
}

extension WaylandLayerHost: LayerHosting {}
