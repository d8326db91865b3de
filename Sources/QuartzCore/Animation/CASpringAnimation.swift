import CoreGraphics
import Foundation

/// A basic animation whose progress follows a damped spring instead of a timing function.
open class CASpringAnimation: CABasicAnimation {
    /// The mass attached to the spring (1 by default).
    open var mass: CGFloat = 1
    /// The spring's stiffness (100 by default).
    open var stiffness: CGFloat = 100
    /// The damping coefficient (10 by default).
    open var damping: CGFloat = 10
    /// The initial velocity, in units of the whole distance per second (0 by default).
    open var initialVelocity: CGFloat = 0
    /// Whether damping above critical slows the spring further (false: it acts as critical, as
    /// on Apple platforms).
    open var allowsOverdamping = false

    /// The time after which the spring is at rest, for the current parameters and speed.
    open var settlingDuration: CFTimeInterval {
        guard speed != 0 else { return CFTimeInterval(Float.greatestFiniteMagnitude) }
        return min(solver.settlingDuration / Double(abs(speed)), CFTimeInterval(Float.greatestFiniteMagnitude))
    }

    /// A spring that settles in about `perceptualDuration` seconds with `bounce` (−1...1; 0 is
    /// critically damped, positive values overshoot).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let duration = max(perceptualDuration, 0.01)
        mass = 1
        stiffness = pow(2 * .pi / duration, 2)
        let b = min(max(bounce, -1), 1)
        damping = b >= 0 ? (1 - b) * 4 * .pi / duration : 4 * .pi / (duration * (1 + b))
    }

    /// The spring's period of an undamped oscillation, in seconds.
    open var perceptualDuration: CFTimeInterval { 2 * .pi / Double((stiffness / max(mass, 1e-9)).squareRoot()) }

    /// The spring's bounciness (0 when critically damped).
    open var bounce: CGFloat {
        let d = perceptualDuration
        let critical = 4 * .pi / d
        return damping <= CGFloat(critical) ? 1 - damping / CGFloat(critical) : CGFloat(critical) / damping - 1
    }

    var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping; initialVelocity = o.initialVelocity
        allowsOverdamping = o.allowsOverdamping
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "settlingDuration": return settlingDuration
        default: return super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "mass": if let v = KeyedValue.scalar(value) { mass = v }
        case "stiffness": if let v = KeyedValue.scalar(value) { stiffness = v }
        case "damping": if let v = KeyedValue.scalar(value) { damping = v }
        case "initialVelocity": if let v = KeyedValue.scalar(value) { initialVelocity = v }
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
