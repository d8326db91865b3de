import Foundation

/// Value arithmetic for the animation engine: in-between values, sums and differences of animated values
/// of every animatable type, boxed as the values' own Swift types (see `KeyedValue`).
///
/// Kinds and their arithmetic:
/// - Numbers (`CGFloat`, `Double`, `Float`, `Int` and other numeric types, `NSNumber`): any two combine as
///   numbers. The result has the type of `to` (interpolation, cubic: of `p2`) or of the first operand
///   (add, subtract, multiply), so a model value's type wins in additive animations. Integer types round
///   to the nearest whole value; a scalar `NSNumber` comes back as `CGFloat` (see `BoxedNumber`).
/// - `CGPoint`, `CGSize`, `CGRect` (origin and size), `CGVector`, arrays of numbers (same count; the array
///   type is kept) and `CGPath`s with the same elements in the same order: component by component.
/// - `CGColor`: premultiplied RGBA for interpolation and distance, straight components for sums
///   (`ColorInterpolation`).
/// - `CATransform3D`, `CGAffineTransform`: decomposed, rotation as a quaternion; sums compose
///   (`TransformInterpolation`).
/// - `CGImage`: a cross-fade for interpolation (`ImageCrossFade`); no sums.
/// - Everything else (`Bool`, string constants, other objects), and nil or `NSNull` met with any value:
///   discrete. Interpolation returns `from` for f < 0.5 and `to` from f = 0.5 on, the rule the seeds give for
///   types that cannot be interpolated (Core Animation's own choice is undocumented); a nil side comes back
///   as `NSNull()`. Two discrete values of different types (a `Bool` and a string) are a mismatch. There are
///   no sums or distances of discrete values.
///
/// Every function returns nil for values it does not support, values of different kinds or shapes,
/// or a non-finite input or result; the engine then ignores the animation with a warning. `f` (and `t`)
/// may lie outside 0...1: springs overshoot and additive animations extrapolate.
enum Interpolation {
    /// `from + (to - from) * f`; exactly `from` at 0 and exactly `to` at 1.
    static func interpolate(_ from: Any, _ to: Any, _ f: Double) -> Any? {
        guard f.isFinite else { return nil }
        switch (InterpolableValue(from), InterpolableValue(to)) {
        case let (.components(a), .components(b)):
            guard a.shape == b.shape, a.isFinite, b.isFinite else { return nil }
            return b.finiteBox(zip(a.components, b.components).map { f == 1 ? $1 : $0 + ($1 - $0) * f })
        case let (.color(a), .color(b)):
            return ColorInterpolation.interpolate(a, b, f)
        case let (.colors(a), .colors(b)):
            guard a.count == b.count else { return discrete(from, to, f) }
            var result: [Any] = []
            for (x, y) in zip(a, b) {
                guard let c = ColorInterpolation.interpolate(x, y, f) else { return nil }
                result.append(c)
            }
            return result
        case let (.transform(a), .transform(b)):
            return TransformInterpolation.interpolate(a, b, f)
        case let (.affineTransform(a), .affineTransform(b)):
            guard TransformInterpolation.isFinite(a), TransformInterpolation.isFinite(b) else { return nil }
            return TransformInterpolation.interpolate(a, b, f)
        case let (.image(a), .image(b)):
            return ImageCrossFade.image(from: a, to: b, f)
        case (.absent, _), (_, .absent):
            return discrete(from, to, f)
        case let (.discrete(a), .discrete(b)) where isSameDiscreteKind(a, b):
            return discrete(from, to, f)
        default:
            return nil
        }
    }

    /// `a + b`: by-values, additive and cumulative animations.
    static func add(_ a: Any, _ b: Any) -> Any? {
        switch (InterpolableValue(a), InterpolableValue(b)) {
        case let (.components(x), .components(y)): return x.combined(with: y, +)
        case let (.color(x), .color(y)): return ColorInterpolation.add(x, y)
        case let (.transform(x), .transform(y)): return TransformInterpolation.add(x, y)
        case let (.affineTransform(x), .affineTransform(y)): return TransformInterpolation.add(x, y)
        default: return nil
        }
    }

    /// `a - b`: resolving from/to/by (`to - by`); `add(subtract(a, b), b)` gives `a` back.
    static func subtract(_ a: Any, _ b: Any) -> Any? {
        switch (InterpolableValue(a), InterpolableValue(b)) {
        case let (.components(x), .components(y)): return x.combined(with: y, -)
        case let (.color(x), .color(y)): return ColorInterpolation.subtract(x, y)
        case let (.transform(x), .transform(y)): return TransformInterpolation.subtract(x, y)
        case let (.affineTransform(x), .affineTransform(y)): return TransformInterpolation.subtract(x, y)
        default: return nil
        }
    }

    /// `a * k`: cumulative repetition (value times the iteration); for transforms, `a` composed k times.
    static func multiply(_ a: Any, by k: Double) -> Any? {
        guard k.isFinite else { return nil }
        switch InterpolableValue(a) {
        case .components(let x): return x.mapped { $0 * k }
        case .color(let x): return ColorInterpolation.multiply(x, by: k)
        case .transform(let x): return TransformInterpolation.multiply(x, by: k)
        case .affineTransform(let x): return TransformInterpolation.multiply(x, by: k)
        default: return nil
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over the components (colors in
    /// premultiplied RGBA); transforms as `TransformInterpolation.distance` documents. Nil for images,
    /// discrete values and mismatched kinds.
    static func distance(_ a: Any, _ b: Any) -> Double? {
        let result: Double?
        switch (InterpolableValue(a), InterpolableValue(b)) {
        case let (.components(x), .components(y)): result = x.distance(to: y)
        case let (.color(x), .color(y)): result = ColorInterpolation.distance(x, y)
        case let (.transform(x), .transform(y)): result = TransformInterpolation.distance(x, y)
        case let (.affineTransform(x), .affineTransform(y)): result = TransformInterpolation.distance(x, y)
        default: result = nil
        }
        return result.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether every number in `v` is finite; values without numbers (flags, strings, images, nil) are.
    static func isFinite(_ v: Any) -> Bool {
        InterpolableValue(v).isFinite
    }

    /// The Kochanek–Bartels (TCB) cubic between `p1` and `p2`, `p0` before and `p3` after (callers repeat
    /// the end points at the ends), at `t` in 0...1, with the same parameters at both keys; Catmull-Rom
    /// when tension, continuity and bias are 0. For `CAKeyframeAnimation`'s cubic modes.
    static func cubic(_ p0: Any, _ p1: Any, _ p2: Any, _ p3: Any, t: Double,
                      tension: Double, continuity: Double, bias: Double) -> Any? {
        let parameters = KochanekBartels.Parameters(tension: tension, continuity: continuity, bias: bias)
        return cubic(p0, p1, p2, p3, t: t, start: parameters, end: parameters)
    }

    /// The cubic with `start` shaping the tangent leaving `p1` (key 1's tension, continuity, bias) and `end`
    /// the tangent arriving at `p2` (key 2's). Values that have no cubic (images, discrete values)
    /// interpolate from `p1` to `p2` instead.
    static func cubic(_ p0: Any, _ p1: Any, _ p2: Any, _ p3: Any, t: Double,
                      start: KochanekBartels.Parameters, end: KochanekBartels.Parameters) -> Any? {
        guard t.isFinite, [start.tension, start.continuity, start.bias, end.tension, end.continuity, end.bias]
            .allSatisfy(\.isFinite) else { return nil }
        let values = [p0, p1, p2, p3].map { InterpolableValue($0) }
        switch (values[0], values[1], values[2], values[3]) {
        case let (.components(a), .components(b), .components(c), .components(d)):
            guard [a, b, d].allSatisfy({ $0.shape == c.shape }), [a, b, c, d].allSatisfy(\.isFinite) else { return nil }
            return c.finiteBox(KochanekBartels.points(a.components, b.components, c.components, d.components,
                                                      t: t, start: start, end: end))
        case let (.color(a), .color(b), .color(c), .color(d)):
            return ColorInterpolation.cubic(a, b, c, d, t: t, start: start, end: end)
        case let (.transform(a), .transform(b), .transform(c), .transform(d)):
            return TransformInterpolation.cubic(a, b, c, d, t: t, start: start, end: end)
        case let (.affineTransform(a), .affineTransform(b), .affineTransform(c), .affineTransform(d)):
            guard [a, b, c, d].allSatisfy(TransformInterpolation.isFinite) else { return nil }
            return TransformInterpolation.cubic(a, b, c, d, t: t, start: start, end: end)
        default:
            switch (values[1], values[2]) {
            case (.image, _), (.absent, _), (.discrete, _), (_, .image), (_, .absent), (_, .discrete):
                return interpolate(p1, p2, t)
            default:
                return nil
            }
        }
    }

    // MARK: Discrete values

    private static func discrete(_ from: Any, _ to: Any, _ f: Double) -> Any {
        KeyedValue.unwrap(f < 0.5 ? from : to) ?? NSNull()
    }

    /// Two discrete values switch into each other when they have the same type, or are both objects.
    private static func isSameDiscreteKind(_ a: Any, _ b: Any) -> Bool {
        type(of: a) == type(of: b) || (type(of: a) is AnyClass && type(of: b) is AnyClass)
    }
}
