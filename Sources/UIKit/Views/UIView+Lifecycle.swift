import CoreGraphics
import Foundation

/// When a view's lifecycle override points are called.
///
/// A move (`addSubview`/`insertSubview…` from elsewhere, `removeFromSuperview`) runs, in order:
/// `willMove(toSuperview:)`; when the window changes, `willMove(toWindow:)` on the view and every
/// descendant (parents first); the old superview's `willRemoveSubview(_:)`; the move itself;
/// `didMoveToWindow()` on the subtree; `didMoveToSuperview()`; the new superview's `didAddSubview(_:)`.
/// Controllers whose views enter or leave a shown window hear their appearance calls around the move.
extension UIView {
    /// What a move changes, remembered between its two halves.
    struct PendingMove {
        var windowChanges: Bool
        var newWindow: UIWindow?
        /// Whether the subtree becomes visible (true), stops being visible (false), or neither (nil).
        var appearance: Bool?
        /// The effective tint before the move (`tintColorDidChange()` is called when it differs after).
        var tint: TintSnapshot
    }

    func beginMove(toSuperview newSuperview: UIView?) -> PendingMove {
        let oldWindow = window
        let newWindow = newSuperview?.window
        let wasShown = oldWindow?.isShownForAppearance ?? false
        let willBeShown = newWindow?.isShownForAppearance ?? false
        let move = PendingMove(windowChanges: oldWindow !== newWindow, newWindow: newWindow,
                               appearance: wasShown == willBeShown ? nil : willBeShown, tint: tintSnapshot)
        willMove(toSuperview: newSuperview)
        if move.windowChanges { sendWillMove(toWindow: newWindow) }
        if let appearing = move.appearance { beginAppearanceOfControllers(appearing, animated: false) }
        return move
    }

    func endMove(_ move: PendingMove) {
        if move.windowChanges { sendDidMoveToWindow() }
        if move.appearance != nil { endAppearanceOfControllers() }
        didMoveToSuperview()
        tintDidChangeAfterMove(from: move.tint)
    }

    private func sendWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for sub in subviews { sub.sendWillMove(toWindow: newWindow) }
    }

    private func sendDidMoveToWindow() {
        didMoveToWindow()
        for sub in subviews { sub.sendDidMoveToWindow() }
    }

    /// The controllers of the subtree nearest its root: each passes the calls on to its own children.
    private func forEachOutermostController(_ body: (UIViewController) -> Void) {
        if let controller = owningViewController {
            // A container that forwards appearance by hand is left to do so.
            if controller.parent?.shouldAutomaticallyForwardAppearanceMethods != false { body(controller) }
            return
        }
        for sub in subviews { sub.forEachOutermostController(body) }
    }

    /// Starts the appearance (or disappearance) of the controllers in the subtree, unless a
    /// presentation is driving them itself.
    func beginAppearanceOfControllers(_ appearing: Bool, animated: Bool) {
        guard UIViewController.manualAppearanceDepth == 0 else { return }
        forEachOutermostController { $0.beginAppearanceTransition(appearing, animated: animated) }
    }

    func endAppearanceOfControllers() {
        guard UIViewController.manualAppearanceDepth == 0 else { return }
        forEachOutermostController { $0.endAppearanceTransition() }
    }
}
