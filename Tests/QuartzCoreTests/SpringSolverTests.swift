@testable import QuartzCore
import XCTest

/// The damped spring of CASpringAnimation. Progress x(t) = 1 − e(t), where the remaining distance e
/// solves e″ + (c/m)e′ + (k/m)e = 0 with e(0) = 1, e′(0) = −v. Each case below is solved by hand from
/// the characteristic equation r² + (c/m)r + k/m = 0.
final class SpringSolverTests: XCTestCase {
    private func spring(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                        velocity: Double = 0, allowsOverdamping: Bool = true) -> SpringSolver {
        SpringSolver(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                     allowsOverdamping: allowsOverdamping)
    }

    // MARK: Underdamped

    func testApplesDefaultSpringIsUnderdamped() {
        // m 1, k 100, c 10: r² + 10r + 100 = 0, r = −5 ± 5√3·i (ω₀ = 10, ζ = 0.5, ω_d = 5√3).
        // e = e^(−5t)(cos 5√3t + B sin 5√3t), e′(0) = −5 + 5√3·B = 0 → B = 1/√3.
        let s = spring()
        let r3 = 3.0.squareRoot()
        func exact(_ t: Double) -> Double { 1 - exp(-5 * t) * (cos(5 * r3 * t) + sin(5 * r3 * t) / r3) }
        XCTAssertEqual(s.value(at: 0), 0)
        for (t, x) in [(0.1, 0.34029984660829826), (0.25, 1.0233595799066924),
                       (0.5, 1.0745905665950333), (1.0, 1.0021701167393262)] {
            XCTAssertEqual(s.value(at: t), exact(t), accuracy: 1e-12, "t = \(t)")
            XCTAssertEqual(s.value(at: t), x, accuracy: 1e-12, "t = \(t)")
        }
        // The first overshoot peak is where sin 5√3t = 0: t = π/(5√3), height 1 + e^(−π/√3).
        XCTAssertEqual(s.value(at: .pi / (5 * r3)), 1 + exp(-.pi / r3), accuracy: 1e-12)
        XCTAssertEqual(s.value(at: 10), 1, accuracy: 1e-12)
    }

    func testUnderdampedWithInitialVelocity() {
        // Same spring, v = 5: e′(0) = −5 + 5√3·B = −5 → B = 0, so x = 1 − e^(−5t)·cos 5√3t.
        let s = spring(velocity: 5)
        for t in [0.05, 0.2, 0.4, 0.8] {
            XCTAssertEqual(s.value(at: t), 1 - exp(-5 * t) * cos(5 * 3.0.squareRoot() * t), accuracy: 1e-12)
        }
        // The initial slope is v: (x(h) − x(0)) / h → 5.
        XCTAssertEqual(s.value(at: 1e-7) / 1e-7, 5, accuracy: 1e-4)
    }

    func testUndampedSpringOscillatesForEver() {
        // c = 0: x = 1 − cos 10t.
        let s = spring(damping: 0)
        XCTAssertEqual(s.value(at: .pi / 10), 2, accuracy: 1e-12)
        XCTAssertEqual(s.value(at: .pi / 5), 0, accuracy: 1e-12)
        XCTAssertEqual(s.value(at: 0.3), 1 - cos(3), accuracy: 1e-12)
        XCTAssertEqual(s.settlingDuration, .infinity)
    }

    // MARK: Critically damped

    func testCriticallyDamped() {
        // m 1, k 100, c 20: r = −10 (double). e = (1 + Bt)e^(−10t), e′(0) = B − 10 = 0 → B = 10:
        // x = 1 − (1 + 10t)e^(−10t); e.g. t = 0.1: 1 − 2/e.
        let s = spring(damping: 20)
        XCTAssertEqual(s.dampingRatio, 1)
        XCTAssertEqual(s.value(at: 0.1), 1 - 2 / M_E, accuracy: 1e-12)
        for (t, x) in [(0.05, 0.09020401043104986), (0.3, 0.8008517265285442), (0.5, 0.9595723180054871)] {
            XCTAssertEqual(s.value(at: t), x, accuracy: 1e-12, "t = \(t)")
            XCTAssertEqual(s.value(at: t), 1 - (1 + 10 * t) * exp(-10 * t), accuracy: 1e-12)
        }
    }

    func testCriticallyDampedWithInitialVelocity() {
        // v = 10: B − 10 = −10 → B = 0, so x = 1 − e^(−10t). With v = −10 (away): B = 20, x dips below 0.
        let s = spring(damping: 20, velocity: 10)
        for t in [0.05, 0.1, 0.3] { XCTAssertEqual(s.value(at: t), 1 - exp(-10 * t), accuracy: 1e-12) }
        let away = spring(damping: 20, velocity: -10)
        XCTAssertEqual(away.value(at: 0.05), 1 - (1 + 20 * 0.05) * exp(-0.5), accuracy: 1e-12)
        XCTAssertLessThan(away.value(at: 0.05), 0)
    }

    func testNearCriticalDampingIsContinuous() {
        // ζ = 1 ± 1e-9 must agree with ζ = 1 (the unified sin(ωt)/ω, sinh(μt)/μ form has no 1/ω blow-up).
        let critical = spring(damping: 20)
        for damping in [20 * (1 - 1e-9), 20 * (1 + 1e-9), 20 * (1 - 1e-14), 20 * (1 + 1e-14)] {
            let s = spring(damping: damping)
            for t in [0.01, 0.1, 0.5, 2] {
                XCTAssertEqual(s.value(at: t), critical.value(at: t), accuracy: 1e-8, "c = \(damping), t = \(t)")
            }
        }
    }

    // MARK: Overdamped

    func testOverdamped() {
        // m 1, k 100, c 52: r² + 52r + 100 = 0, r = −26 ± 24 → −2 and −50 (ζ = 2.6).
        // e = C₁e^(−2t) + C₂e^(−50t), C₁ + C₂ = 1, −2C₁ − 50C₂ = 0 → C₁ = 25/24, C₂ = −1/24.
        let s = spring(damping: 52)
        XCTAssertEqual(s.dampingRatio, 2.6, accuracy: 1e-15)
        func exact(_ t: Double) -> Double { 1 - 25.0 / 24 * exp(-2 * t) + 1.0 / 24 * exp(-50 * t) }
        for (t, x) in [(0.05, 0.06088123115520452), (0.1, 0.14743621333539747),
                       (0.5, 0.6167922487803261), (1.0, 0.8590257466285285)] {
            XCTAssertEqual(s.value(at: t), exact(t), accuracy: 1e-12, "t = \(t)")
            XCTAssertEqual(s.value(at: t), x, accuracy: 1e-12, "t = \(t)")
        }
        // Far out (μt > 20 switches to the exponential form): still exact, never overflowing.
        XCTAssertEqual(s.value(at: 3), exact(3), accuracy: 1e-12)
        XCTAssertEqual(s.value(at: 400), 1, accuracy: 1e-12)
    }

    func testOverdampedWithInitialVelocity() {
        // v = 2: −2C₁ − 50C₂ = −2 with C₁ + C₂ = 1 → C₁ = 1, C₂ = 0: x = 1 − e^(−2t).
        let s = spring(damping: 52, velocity: 2)
        for t in [0.1, 0.5, 2] { XCTAssertEqual(s.value(at: t), 1 - exp(-2 * t), accuracy: 1e-12) }
    }

    func testWithoutOverdampingDampingAboveCriticalActsCritical() {
        // Core Animation's default (allowsOverdamping false): c 52 behaves as c 20, ω₀ unchanged.
        let clamped = spring(damping: 52, allowsOverdamping: false)
        XCTAssertEqual(clamped.dampingRatio, 1)
        for t in [0.05, 0.3, 1] { XCTAssertEqual(clamped.value(at: t), 1 - (1 + 10 * t) * exp(-10 * t), accuracy: 1e-12) }
        // Below critical the flag changes nothing.
        XCTAssertEqual(spring(allowsOverdamping: false).value(at: 0.25), spring().value(at: 0.25))
    }

    // MARK: Parameters

    func testMassAndStiffnessScaleTime() {
        // m 4, k 400, c 40 has the same ω₀ = 10 and ζ = 40/(2·40) = 0.5 as the default.
        XCTAssertEqual(spring(mass: 4, stiffness: 400, damping: 40).value(at: 0.3), spring().value(at: 0.3), accuracy: 1e-12)
    }

    func testInvalidParametersFallBackToCoreAnimationsDefaults() {
        // Mass ≤ 0 → 1, stiffness ≤ 0 → 100, damping < 0 → 10, as CASpringAnimation's setters do.
        let fallback = spring(mass: 0, stiffness: -5, damping: -1, velocity: .nan)
        XCTAssertEqual(fallback.value(at: 0.25), spring().value(at: 0.25))
        XCTAssertEqual(spring().value(at: -1), 0)
        XCTAssertEqual(spring().value(at: .nan), 0)
    }

    // MARK: settlingDuration

    func testSettlingDurationOfApplesDefaultSpring() {
        // Underdamped: |e(t)| ≤ (1 + |B|)e^(−ζω₀t) with B = 1/√3, so the time the envelope reaches
        // ε = 0.001 is ln((1 + 1/√3) / 0.001) / 5 ≈ 1.4727 s.
        XCTAssertEqual(spring().settlingDuration, log((1 + 1 / 3.0.squareRoot()) / 0.001) / 5, accuracy: 1e-12)
        XCTAssertEqual(spring().settlingDuration, 1.4727003346780925, accuracy: 1e-12)
        // And the spring does stay within 0.001 of rest from then on.
        let s = spring()
        for i in 0...2000 {
            let t = s.settlingDuration + Double(i) * 0.005
            XCTAssertLessThanOrEqual(abs(1 - s.value(at: t)), 0.001)
        }
    }

    func testSettlingDurationMatchesApplesDocumentedExamples() {
        // Apple's documentation: damping 5 settles in "approximately 2.85 seconds", 15 in "just over 1".
        // c 5: ζ = 0.25, ω_d = 2.5√15, B = 2.5/ω_d = 1/√15: ln((1 + 1/√15)/0.001)/2.5 ≈ 2.8550.
        XCTAssertEqual(spring(damping: 5).settlingDuration, log((1 + 1 / 15.0.squareRoot()) / 0.001) / 2.5, accuracy: 1e-12)
        XCTAssertEqual(spring(damping: 5).settlingDuration, 2.85, accuracy: 0.01)
        // c 15: ζ = 0.75, ω_d = 2.5√7, B = 7.5/ω_d = 3/√7: ln((1 + 3/√7)/0.001)/7.5 ≈ 1.0221.
        XCTAssertEqual(spring(damping: 15).settlingDuration, log((1 + 3 / 7.0.squareRoot()) / 0.001) / 7.5, accuracy: 1e-12)
        XCTAssertGreaterThan(spring(damping: 15).settlingDuration, 1)
        XCTAssertLessThan(spring(damping: 15).settlingDuration, 1.1)
    }

    func testSettlingDurationOfCriticalAndOverdampedSpringsWalksInTenthsOfASecond() {
        // Critical c 20: (1 + 10t)e^(−10t) is 1.23e-3 at 0.9 and 4.99e-4 at 1.0, so the first sample
        // within 0.001 is the tenth, 0.1 summed ten times = 0.9999999999999999.
        XCTAssertEqual(spring(damping: 20).settlingDuration, 0.9999999999999999)
        XCTAssertEqual(spring(damping: 52, allowsOverdamping: false).settlingDuration, 0.9999999999999999)
        // Overdamped c 52: 25/24·e^(−2t) < 0.001 from t > ln(1041.67)/2 = 3.4734, so sample 3.5.
        XCTAssertEqual(spring(damping: 52).settlingDuration, 3.5, accuracy: 1e-9)
    }

    func testSettlingDurationEpsilonHasAFloor() {
        XCTAssertEqual(spring().settlingDuration(epsilon: 0), spring().settlingDuration(epsilon: 1e-6))
        XCTAssertEqual(spring().settlingDuration(epsilon: 1e-6), log((1 + 1 / 3.0.squareRoot()) / 1e-6) / 5, accuracy: 1e-12)
        // A huge epsilon settles at once.
        XCTAssertEqual(spring().settlingDuration(epsilon: 10), 0)
    }
}
