import CoreGraphics
import Foundation

/// The tint: each view's effective `tintColor` is its own or the nearest ancestor's (system blue at
/// the top), dimmed to a grey while the effective `tintAdjustmentMode` is `.dimmed`. A change, set
/// on a view or reached by moving it, calls `tintColorDidChange()` on every view whose effective
/// tint changed, parents first.
extension UIView {
    /// How a view's tint is shown (Apple's raw values).
    public enum TintAdjustmentMode: Int, Sendable {
        /// The superview's mode (`.normal` at the top of the hierarchy).
        case automatic
        /// The tint colour as it is.
        case normal
        /// The tint colour made grey, as for a view behind a presented alert.
        case dimmed
    }

    /// The tint before dimming: this view's, else the nearest ancestor's, else system blue.
    var undimmedTintColor: UIColor {
        var view: UIView? = self
        while let v = view {
            if let color = v.storedTintColor { return color }
            view = v.superview
        }
        return .systemBlue
    }

    var effectiveTintAdjustmentMode: TintAdjustmentMode {
        var view: UIView? = self
        while let v = view {
            if v.storedTintAdjustmentMode != .automatic { return v.storedTintAdjustmentMode }
            view = v.superview
        }
        return .normal
    }

    var effectiveTintColor: UIColor {
        let color = undimmedTintColor
        return effectiveTintAdjustmentMode == .dimmed ? UIView.dimmed(color) : color
    }

    /// A grey of the colour's lightness (Rec. 601 luma), its alpha kept.
    static func dimmed(_ color: UIColor) -> UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return color }
        return UIColor(white: 0.299 * r + 0.587 * g + 0.114 * b, alpha: a)
    }

    func setStoredTintColor(_ color: UIColor?) {
        let old = undimmedTintColor
        storedTintColor = color
        if undimmedTintColor != old { sendTintColorDidChange(colorChanged: true, modeChanged: false) }
    }

    func setStoredTintAdjustmentMode(_ mode: TintAdjustmentMode) {
        let old = effectiveTintAdjustmentMode
        storedTintAdjustmentMode = mode
        if effectiveTintAdjustmentMode != old { sendTintColorDidChange(colorChanged: false, modeChanged: true) }
    }

    /// The effective tint before a move, to compare with after it (see `PendingMove`).
    var tintSnapshot: TintSnapshot { TintSnapshot(color: undimmedTintColor, mode: effectiveTintAdjustmentMode) }

    struct TintSnapshot {
        var color: UIColor
        var mode: TintAdjustmentMode
    }

    /// Tells the view its tint changed after a move, when it did.
    func tintDidChangeAfterMove(from old: TintSnapshot) {
        let new = tintSnapshot
        let colorChanged = new.color != old.color, modeChanged = new.mode != old.mode
        if colorChanged || modeChanged { sendTintColorDidChange(colorChanged: colorChanged, modeChanged: modeChanged) }
    }

    /// Calls `tintColorDidChange()` on this view, then on the subviews that take the changed colour
    /// or mode from it (and so on down).
    func sendTintColorDidChange(colorChanged: Bool, modeChanged: Bool) {
        tintColorDidChange()
        for sub in subviews {
            let color = colorChanged && sub.storedTintColor == nil
            let mode = modeChanged && sub.storedTintAdjustmentMode == .automatic
            if color || mode { sub.sendTintColorDidChange(colorChanged: color, modeChanged: mode) }
        }
    }
}
