import Foundation

/// The listings `demo color` shows, chosen with `--variant` or keys 1-9, 0, - and =.
enum ColorListing: String, NumberedVariant {
    case implicit, transaction, disableActions = "disable-actions", completion, backing, actionForLayer = "action-for-layer",
         push, basic, fixed, didStop = "did-stop", keyframes, easedKeyframes = "eased-keyframes"

    /// The key choosing it in a window.
    var key: String { ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="][Self.allCases.firstIndex(of: self)!] }

    var caption: String {
        switch self {
        case .implicit: return "7.1: implicit animation of a hosted layer (0.25 s)"
        case .transaction: return "7.2: CATransaction animation duration 1.0 s"
        case .disableActions: return "7.a: setDisableActions YES: the colour snaps"
        case .completion: return "7.3: a completion block turns it 90°"
        case .backing: return "7.4: a backing layer: no implicit animation"
        case .actionForLayer: return "7.5: the view's actionForLayer:forKey: (log)"
        case .push: return "7.6: actions dictionary: push from the left"
        case .basic: return "8.1: CABasicAnimation toValue only: snaps back"
        case .fixed: return "8.2, 8.a: from the presentation, model set"
        case .didStop: return "8.3: model set in animationDidStop:finished:"
        case .keyframes: return "8.5: keyframes blue, red, green, blue over 2 s"
        case .easedKeyframes: return "10.3: the keyframes with easeIn per segment"
        }
    }
}
