import Foundation

/// The motion of `CASpringAnimation`: a mass on a damped spring, released at the start value and
/// pulled to the target, as progress from 0 (start) to 1 (rest at the target).
///
/// With e(t) = 1 − x(t), the remaining distance as a fraction of the whole, the spring obeys
/// m·e″ + c·e′ + k·e = 0 with e(0) = 1 and e′(0) = −v (v = `initialVelocity`, in whole distances per
/// second, positive toward the target). With ω₀ = √(k/m), ζ = c / (2√(k·m)) and K = ζω₀ − v:
/// - underdamped (ζ < 1), ω_d = ω₀√(1 − ζ²): e = e^(−ζω₀t)·(cos ω_d t + K·sin(ω_d t)/ω_d);
/// - critically damped (ζ = 1): e = e^(−ω₀t)·(1 + K·t);
/// - overdamped (ζ > 1), μ = ω₀√(ζ² − 1): e = e^(−ζω₀t)·(cosh μt + K·sinh(μt)/μ).
/// The three are one formula (sin(ωt)/ω and sinh(μt)/μ both tend to t), which is how it is evaluated,
/// so values near critical damping are as accurate as any.
///
/// Core Animation (QuartzCore's `CA::Render::SpringAnimation`) uses the same solution; there,
/// unless `allowsOverdamping` is set, damping above critical is treated as critical (ζ = 1, same ω₀).
struct SpringSolver: Sendable {
    /// The natural angular frequency ω₀ = √(k/m), in radians per second.
    let naturalFrequency: Double
    /// The damping ratio ζ = c / (2√(k·m)) (1 is critical), after the overdamping clamp.
    let dampingRatio: Double
    /// The initial velocity v, in whole distances per second toward the target.
    let initialVelocity: Double

    /// A spring of `mass` m, `stiffness` k and `damping` c. As Core Animation's setters do, a mass or
    /// stiffness that is not > 0 reads as 1 and 100, a negative damping as 10 (non-finite values too).
    /// With `allowsOverdamping` false, damping above critical is clamped to critical, as Core
    /// Animation does by default (its `allowsOverdamping` is false unless set).
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
         allowsOverdamping: Bool = true) {
        let m = mass > 0 && mass.isFinite ? mass : 1
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        let c = damping >= 0 && damping.isFinite ? damping : 10
        naturalFrequency = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        dampingRatio = allowsOverdamping ? zeta : min(zeta, 1)
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// The progress at time `t` seconds after the start: 0 at t = 0, tending to 1; it overshoots 1
    /// when underdamped, and may pass below 0 first with a velocity away from the target. Times
    /// before 0 (and NaN) read as 0.
    func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - remaining(at: t)
    }

    /// e(t) = 1 − value(at: t), the fraction of the distance still to go.
    private func remaining(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let k = zeta * w0 - initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let sinOverW = wd * t == 0 ? t : sin(wd * t) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + k * sinOverW)
        }
        if zeta == 1 {
            return exp(-w0 * t) * (1 + k * t)
        }
        let mu = w0 * (zeta * zeta - 1).squareRoot()
        if mu * t <= 20 {
            // cosh and sinh stay small, so the product cannot overflow; exp may underflow to 0, correctly.
            return exp(-zeta * w0 * t) * (cosh(mu * t) + k * sinh(mu * t) / mu)
        }
        // Far out, the exponential form: ½(1 + K/μ)e^(r₁t) + ½(1 − K/μ)e^(r₂t), with the slow root
        // r₁ = −ζω₀ + μ written as −ω₀ / (ζ + √(ζ² − 1)) to avoid cancellation.
        let r1 = -w0 / (zeta + (zeta * zeta - 1).squareRoot())
        let r2 = -zeta * w0 - mu
        return 0.5 * (1 + k / mu) * exp(r1 * t) + 0.5 * (1 - k / mu) * exp(r2 * t)
    }

    /// The time after which the spring stays within 0.001 of rest (0.1% of the distance), Core
    /// Animation's `settlingDuration` (its `durationForEpsilon:` with 0.001). Apple's defaults (mass 1,
    /// stiffness 100, damping 10, velocity 0) give about 1.4727 s; Apple's documentation quotes about
    /// 2.85 s with damping 5 and "just over 1 second" with damping 15. `CASpringAnimation` divides this
    /// by |speed| (speed 0: `Float.greatestFiniteMagnitude`).
    var settlingDuration: Double { settlingDuration(epsilon: 0.001) }

    /// The time after which the spring stays within `epsilon` (at least 1e-6) of rest, estimated as
    /// Core Animation does:
    /// - undamped (ζ = 0): never, `.infinity`;
    /// - underdamped: |e(t)| ≤ (1 + |K/ω_d|)·e^(−ζω₀t), so the time at which that envelope falls to
    ///   `epsilon`: ln((1 + |K/ω_d|) / ε) / (ζω₀), at least 0;
    /// - critically damped and overdamped: samples every 0.1 s from 0; the answer is the first sample
    ///   within `epsilon` after which the samples stay within it for more than 1 s (a sample outside
    ///   starts the search again). A non-finite sample ends the walk with 0.
    func settlingDuration(epsilon: Double) -> Double {
        let eps = max(epsilon, 1e-6)
        let w0 = naturalFrequency, zeta = dampingRatio
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let envelope = 1 + abs((zeta * w0 - initialVelocity) / wd)
            return max(log(envelope / eps) / (zeta * w0), 0)
        }
        // The sample times accumulate 0.1 in floating point, as Core Animation's do, so the answers
        // match its to the bit (e.g. 0.30000000000000004 rather than 0.3).
        var candidate = -1.0
        var closest = Double.infinity     // the smallest deviation since the last excursion, or ∞
        var time = 0.0
        while true {
            let deviation = abs(1 - value(at: time))
            if !deviation.isFinite { return 0 }
            if closest >= eps {
                if deviation < closest { candidate = time; closest = deviation }
            } else if deviation >= eps {
                closest = .infinity
            } else if time - candidate > 1 {
                return candidate
            }
            time += 0.1
        }
    }
}
