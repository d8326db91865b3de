import Foundation
import QuartzCore
import UIKit

/// The timing functions `demo easing` moves the square with (keys 1-7, `--variant`): Lockwood's
/// listing 10.1 (easeOut through a transaction), listing 10.2 (the same curve through a UIView
/// animation), the other standard curves, and the clock tick of snippet 10.a; `graph` is 10.1 with
/// listing 10.4's graph of the curve shown.
enum EasingVariant: String, NumberedVariant {
    case easeOut = "ease-out", uikit, linear, easeIn = "ease-in", easeInEaseOut = "ease-in-out", `default`,
         clockTick = "clock-tick", graph

    /// The curve (control points of its cubic Bézier from (0, 0) to (1, 1)).
    var function: CAMediaTimingFunction {
        switch self {
        case .easeOut, .uikit, .graph: return CAMediaTimingFunction(name: .easeOut)
        case .linear: return CAMediaTimingFunction(name: .linear)
        case .easeIn: return CAMediaTimingFunction(name: .easeIn)
        case .easeInEaseOut: return CAMediaTimingFunction(name: .easeInEaseOut)
        case .default: return CAMediaTimingFunction(name: .default)
        case .clockTick: return CAMediaTimingFunction(controlPoints: 1, 0, 0.75, 1)
        }
    }

    var caption: String {
        switch self {
        case .easeOut: return "10.1: CATransaction timing function easeOut"
        case .uikit: return "10.2: UIView animation, option curveEaseOut"
        case .linear: return "10.1 with linear"
        case .easeIn: return "10.1 with easeIn"
        case .easeInEaseOut: return "10.1 with easeInEaseOut"
        case .default: return "10.1 with default"
        case .clockTick: return "10.a: clock tick (1, 0, 0.75, 1)"
        case .graph: return "10.4: the easeOut curve (G: graph)"
        }
    }
}
