import Foundation

/// Transform arithmetic for animations (`CATransform3D`, and `CGAffineTransform` through it).
///
/// Interpolation decomposes both matrices (`DecomposedTransform`: scale, shear, rotation, translation,
/// perspective), interpolates scale, shear, translation and perspective linearly and the rotation as a
/// quaternion along the shortest arc, and recomposes. So a half turn animates through a quarter turn
/// instead of shrinking through a zero scale, while a full turn *as a matrix* equals the identity and shows
/// no motion, as on Apple platforms (spinning by 2π is `transform.rotation`'s job, a scalar key path).
/// Matrices that cannot be decomposed (a zero scale, m44 = 0) interpolate element by element, which is
/// also what growing from a zero scale needs.
///
/// "Adding" transforms composes them, as Core Animation's additive and by-value transform animations do:
/// `add(base, delta)` is `CATransform3DConcat(delta, base)`, the delta acting first, in the base
/// transform's own (local) coordinates, like `CATransform3DRotate(base, ...)`. Subtraction undoes that
/// (`subtract(a, b)` = `Concat(Invert(b), a)`, so `add(subtract(a, b), b) == a`), and `multiply(t, by: n)`
/// for a whole `n` composes `t` n times (negative: its inverse).
enum TransformInterpolation {
    /// The decomposed parts with the rotation as a quaternion.
    struct Parts {
        var scale: [Double]        // x, y, z
        var shear: [Double]        // xy, xz, yz
        var translation: [Double]  // x, y, z
        var perspective: [Double]  // m14, m24, m34, m44 once the rest is factored out
        /// The matrix's m44, which the decomposition divides out (a homogeneous matrix means the same
        /// divided through); multiplied back in so that the ends recompose to the very matrices given.
        var homogeneousScale: Double
        var rotation: Quaternion

        init?(_ t: CATransform3D) {
            guard let d = DecomposedTransform(t) else { return nil }
            scale = [d.scale.x, d.scale.y, d.scale.z].map(Double.init)
            shear = [d.shear.xy, d.shear.xz, d.shear.yz].map(Double.init)
            translation = [d.translation.x, d.translation.y, d.translation.z].map(Double.init)
            perspective = [d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w].map(Double.init)
            homogeneousScale = Double(t.m44)
            rotation = Quaternion(eulerX: Double(d.rotation.x), y: Double(d.rotation.y), z: Double(d.rotation.z))
        }

        /// Every part but the rotation, in one list (for the linear and cubic parts of the arithmetic).
        var linear: [Double] { scale + shear + translation + perspective + [homogeneousScale] }

        init(linear v: [Double], rotation: Quaternion) {
            scale = Array(v[0..<3]); shear = Array(v[3..<6]); translation = Array(v[6..<9])
            perspective = Array(v[9..<13])
            homogeneousScale = v[13]
            self.rotation = rotation
        }

        /// The matrix, composed in `DecomposedTransform`'s order:
        /// scale * shear * rotation * translate * perspective.
        var matrix: CATransform3D {
            var m = CATransform3DIdentity
            m.m11 = CGFloat(scale[0])
            m.m21 = CGFloat(shear[0] * scale[1]); m.m22 = CGFloat(scale[1])
            m.m31 = CGFloat(shear[1] * scale[2]); m.m32 = CGFloat(shear[2] * scale[2]); m.m33 = CGFloat(scale[2])
            if rotation != .identity { m = CATransform3DConcat(m, rotation.matrix) }
            m.m41 = CGFloat(translation[0]); m.m42 = CGFloat(translation[1]); m.m43 = CGFloat(translation[2])
            if perspective != [0, 0, 0, 1] {
                var p = CATransform3DIdentity
                p.m14 = CGFloat(perspective[0]); p.m24 = CGFloat(perspective[1])
                p.m34 = CGFloat(perspective[2]); p.m44 = CGFloat(perspective[3])
                m = CATransform3DConcat(m, p)
            }
            if homogeneousScale != 1 {
                for i in 0..<4 { for j in 0..<4 { m[i, j] *= CGFloat(homogeneousScale) } }
            }
            return m
        }
    }

    static func isFinite(_ t: CATransform3D) -> Bool { elements(t).allSatisfy(\.isFinite) }

    static func interpolate(_ from: CATransform3D, _ to: CATransform3D, _ f: Double) -> CATransform3D? {
        if f == 0 { return from }
        if f == 1 { return to }
        guard isFinite(from), isFinite(to) else { return nil }
        guard let a = Parts(from), let b = Parts(to) else {
            return transform(zip(elements(from), elements(to)).map { $0 + ($1 - $0) * f })
        }
        let linear = zip(a.linear, b.linear).map { $0 + ($1 - $0) * f }
        return finite(Parts(linear: linear, rotation: Quaternion.slerp(a.rotation, b.rotation, f)).matrix)
    }

    /// Kochanek–Bartels through decomposed parts: the linear parts per component, the rotation as the
    /// spline of the four quaternions (each flipped into its predecessor's hemisphere) normalized, which
    /// is smooth and passes through the keys though not exactly constant in angular speed.
    static func cubic(_ t0: CATransform3D, _ t1: CATransform3D, _ t2: CATransform3D, _ t3: CATransform3D, t: Double,
                      start: KochanekBartels.Parameters, end: KochanekBartels.Parameters) -> CATransform3D? {
        let all = [t0, t1, t2, t3]
        guard all.allSatisfy(isFinite) else { return nil }
        let parts = all.compactMap(Parts.init)
        guard parts.count == 4 else {
            let e = all.map(elements)
            return transform(KochanekBartels.points(e[0], e[1], e[2], e[3], t: t, start: start, end: end))
        }
        let linear = KochanekBartels.points(parts[0].linear, parts[1].linear, parts[2].linear, parts[3].linear,
                                            t: t, start: start, end: end)
        var q = parts.map(\.rotation)
        for i in 1..<4 { q[i] = q[i - 1].nearest(q[i]) }
        let components = q.map { [$0.x, $0.y, $0.z, $0.w] }
        let c = KochanekBartels.points(components[0], components[1], components[2], components[3],
                                       t: t, start: start, end: end)
        let rotation = Quaternion(x: c[0], y: c[1], z: c[2], w: c[3]).normalized
            ?? Quaternion.slerp(q[1], q[2], t)
        return finite(Parts(linear: linear, rotation: rotation).matrix)
    }

    /// `delta` applied first, then `base`.
    static func add(_ base: CATransform3D, _ delta: CATransform3D) -> CATransform3D? {
        finite(CATransform3DConcat(delta, base))
    }

    /// The transform `d` with `add(d, b) == a`: `Invert(b)` then `a`; nil when `b` has no inverse.
    static func subtract(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D? {
        guard let inverse = invert(b) else { return nil }
        return finite(CATransform3DConcat(inverse, a))
    }

    /// `t` composed with itself `k` times for a whole `k` (its inverse for a negative one, the identity
    /// for zero); for a fractional `k`, the decomposed interpolation from the identity to `t` at `k`.
    static func multiply(_ t: CATransform3D, by k: Double) -> CATransform3D? {
        guard isFinite(t), k.isFinite else { return nil }
        guard k == k.rounded(), abs(k) <= 1_048_576 else { return interpolate(CATransform3DIdentity, t, k) }
        var base = t
        if k < 0 {
            guard let inverse = invert(t) else { return nil }
            base = inverse
        }
        var n = Int(abs(k)), result = CATransform3DIdentity
        while n > 0 {
            if n & 1 == 1 { result = CATransform3DConcat(result, base) }
            base = CATransform3DConcat(base, base)
            n >>= 1
        }
        return finite(result)
    }

    /// A distance for paced keyframes: the Euclidean distance between the decomposed parts, with the
    /// rotation counted as its angle in radians (0...π) and translation in points, so a translation of
    /// 1 point weighs as much as a turn of 1 radian, or a scale change of 1. Matrices that cannot be
    /// decomposed: the Euclidean distance between the 16 elements.
    static func distance(_ x: CATransform3D, _ y: CATransform3D) -> Double? {
        guard isFinite(x), isFinite(y) else { return nil }
        guard let a = Parts(x), let b = Parts(y) else {
            return zip(elements(x), elements(y)).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        let angle = a.rotation.angle(to: b.rotation)
        let linear = zip(a.linear, b.linear).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        return (linear + angle * angle).squareRoot()
    }

    // MARK: Affine transforms (as 3D transforms acting on x and y)

    static func interpolate(_ from: CGAffineTransform, _ to: CGAffineTransform, _ f: Double) -> CGAffineTransform? {
        if f == 0 { return from }
        if f == 1 { return to }
        return interpolate(CATransform3DMakeAffineTransform(from), CATransform3DMakeAffineTransform(to), f)
            .map(CATransform3DGetAffineTransform)
    }

    static func cubic(_ t0: CGAffineTransform, _ t1: CGAffineTransform, _ t2: CGAffineTransform, _ t3: CGAffineTransform,
                      t: Double, start: KochanekBartels.Parameters, end: KochanekBartels.Parameters) -> CGAffineTransform? {
        cubic(CATransform3DMakeAffineTransform(t0), CATransform3DMakeAffineTransform(t1),
              CATransform3DMakeAffineTransform(t2), CATransform3DMakeAffineTransform(t3),
              t: t, start: start, end: end).map(CATransform3DGetAffineTransform)
    }

    static func add(_ base: CGAffineTransform, _ delta: CGAffineTransform) -> CGAffineTransform? {
        add(CATransform3DMakeAffineTransform(base), CATransform3DMakeAffineTransform(delta))
            .map(CATransform3DGetAffineTransform)
    }

    static func subtract(_ a: CGAffineTransform, _ b: CGAffineTransform) -> CGAffineTransform? {
        subtract(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
            .map(CATransform3DGetAffineTransform)
    }

    static func multiply(_ t: CGAffineTransform, by k: Double) -> CGAffineTransform? {
        multiply(CATransform3DMakeAffineTransform(t), by: k).map(CATransform3DGetAffineTransform)
    }

    static func distance(_ x: CGAffineTransform, _ y: CGAffineTransform) -> Double? {
        distance(CATransform3DMakeAffineTransform(x), CATransform3DMakeAffineTransform(y))
    }

    static func isFinite(_ t: CGAffineTransform) -> Bool {
        [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite)
    }

    // MARK: Helpers

    private static func elements(_ t: CATransform3D) -> [Double] {
        (0..<16).map { Double(t[$0 / 4, $0 % 4]) }
    }

    /// The matrix of 16 row-major elements, nil when one is not finite.
    private static func transform(_ e: [Double]) -> CATransform3D? {
        var t = CATransform3D()
        for i in 0..<16 { t[i / 4, i % 4] = CGFloat(e[i]) }
        return finite(t)
    }

    private static func finite(_ t: CATransform3D) -> CATransform3D? { isFinite(t) ? t : nil }

    /// The inverse, or nil when there is none (`CATransform3DInvert` hands a singular matrix back as is).
    private static func invert(_ t: CATransform3D) -> CATransform3D? {
        let inverse = CATransform3DInvert(t)
        let product = CATransform3DConcat(t, inverse)
        for i in 0..<4 {
            for j in 0..<4 where abs(Double(product[i, j]) - (i == j ? 1 : 0)) > 1e-6 { return nil }
        }
        return inverse
    }
}
