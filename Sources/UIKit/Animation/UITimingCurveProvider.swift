import CoreGraphics
import Foundation
import QuartzCore

extension UIView {
    /// The curve of an animation (Apple's raw values).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        var controlPoints: (CGPoint, CGPoint) {
            switch self {
            case .easeInOut: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
            case .easeIn: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
            case .easeOut: return (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
            case .linear: return (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
            }
        }
    }
}

/// Where an animator's animations end up (Apple's raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// The life cycle of an animator (Apple's raw values).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animations are not on the layers.
    case inactive
    /// Started, running or paused.
    case active
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped
}

public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// The timing of a property animator: a cubic Bézier curve or a spring.
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A timing curve given by a built-in curve or two control points.
open class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// Ease-in-out.
    public override convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        (controlPoint1, controlPoint2) = curve.controlPoints
        isBuiltin = true
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
        super.init()
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: either a damping ratio (the spring then takes the animator's duration) or a mass,
/// stiffness and damping (the spring then takes its own time, as UIKit's does).
open class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// The initial velocity, in units of the whole distance per second (only `dx` is used, as
    /// UIKit uses it for properties other than points).
    public let initialVelocity: CGVector
    enum Spring {
        case dampingRatio(CGFloat)
        case physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat)
    }
    let spring: Spring

    /// Critically damped, at rest.
    public override convenience init() {
        self.init(dampingRatio: 1)
    }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector())
    }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        spring = .dampingRatio(ratio)
        initialVelocity = velocity
        super.init()
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        spring = .physical(mass: mass, stiffness: stiffness, damping: damping)
        initialVelocity = velocity
        super.init()
    }

    /// A spring that settles in about `duration` seconds with `bounce` (−1...1; 0 critically damped,
    /// positive values overshoot), as SwiftUI's springs and `CASpringAnimation(perceptualDuration:bounce:)`.
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector()) {
        let s = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        self.init(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: velocity)
    }

    /// How long a physical spring takes to come to rest; nil for a damping ratio (which takes
    /// the animator's duration).
    var settlingDuration: TimeInterval? {
        guard case .physical = spring else { return nil }
        return makeAnimation(keyPath: "", duration: 0).settlingDuration
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// A spring animation of `keyPath` over `duration` (the duration is what a damping-ratio
    /// spring is tuned to, as in `UIView.animate(…usingSpringWithDamping:…)`).
    func makeAnimation(keyPath: String, duration: TimeInterval) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: keyPath)
        switch spring {
        case .dampingRatio(let ratio):
            // The mapping of UIViewAnimationContext.makeAnimation (see there).
            let d = max(duration, 0.01)
            s.stiffness = pow(2 * .pi / CGFloat(d), 2)
            s.damping = 4 * .pi * min(max(ratio, 0.01), 1) / CGFloat(d)
        case let .physical(mass, stiffness, damping):
            s.mass = mass
            s.stiffness = stiffness
            s.damping = damping
        }
        s.initialVelocity = initialVelocity.dx
        return s
    }
}
