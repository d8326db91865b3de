import Foundation

/// A unit quaternion for the rotation part of a decomposed transform, so that rotations interpolate
/// along the shortest arc instead of angle by angle (Euler angles would wobble and take long ways round).
///
/// `(x, y, z)` is the axis scaled by sin(angle / 2) and `w` is cos(angle / 2): the rotation
/// `CATransform3DMakeRotation(angle, axis)`, which in Core Animation's row-vector layout (`p' = p * M`)
/// is the transpose of the usual column-vector matrix of the same quaternion.
struct Quaternion: Equatable {
    var x: Double, y: Double, z: Double, w: Double

    static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A rotation by `angle` radians about the unit axis `(ax, ay, az)`.
    init(angle: Double, axis ax: Double, _ ay: Double, _ az: Double) {
        let s = sin(angle / 2)
        self.init(x: ax * s, y: ay * s, z: az * s, w: cos(angle / 2))
    }

    init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The rotation `DecomposedTransform` describes with Euler angles: about x first, then y, then z
    /// (`Rx * Ry * Rz` in row-vector order, which is `qz ⊗ qy ⊗ qx` as quaternions).
    init(eulerX rx: Double, y ry: Double, z rz: Double) {
        let qx = Quaternion(angle: rx, axis: 1, 0, 0)
        let qy = Quaternion(angle: ry, axis: 0, 1, 0)
        let qz = Quaternion(angle: rz, axis: 0, 0, 1)
        self = qz * qy * qx
    }

    /// Hamilton product: the rotation `b` followed by `a` (for `a * b`).
    static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(x: a.w * b.x + b.w * a.x + (a.y * b.z - a.z * b.y),
                   y: a.w * b.y + b.w * a.y + (a.z * b.x - a.x * b.z),
                   z: a.w * b.z + b.w * a.z + (a.x * b.y - a.y * b.x),
                   w: a.w * b.w - (a.x * b.x + a.y * b.y + a.z * b.z))
    }

    func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

    var length: Double { dot(self).squareRoot() }

    var negated: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: -w) }

    /// This quaternion scaled to unit length; nil for a (near) zero quaternion.
    var normalized: Quaternion? {
        let n = length
        guard n > 1e-12, n.isFinite else { return nil }
        return Quaternion(x: x / n, y: y / n, z: z / n, w: w / n)
    }

    /// `q` or `-q` (the same rotation), whichever lies in this quaternion's hemisphere, so that
    /// interpolating from here to it takes the shorter way round.
    func nearest(_ q: Quaternion) -> Quaternion { dot(q) < 0 ? q.negated : q }

    /// The angle in radians (0...π) of the rotation taking `self` to `o`.
    func angle(to o: Quaternion) -> Double { 2 * acos(min(1, abs(dot(o)))) }

    /// Spherical linear interpolation along the shortest arc; `f` may lie outside 0...1 (the rotation
    /// then continues past an end at the same angular speed). Nearly equal rotations are lerped and
    /// normalized, where the slerp formula would divide by a vanishing sine.
    static func slerp(_ a: Quaternion, _ b: Quaternion, _ f: Double) -> Quaternion {
        let b = a.nearest(b)
        let cosine = min(1, a.dot(b))
        if cosine > 0.9995 {
            let q = Quaternion(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f,
                               z: a.z + (b.z - a.z) * f, w: a.w + (b.w - a.w) * f)
            return q.normalized ?? a
        }
        let theta = acos(cosine), sine = sin(theta)
        let wa = sin((1 - f) * theta) / sine, wb = sin(f * theta) / sine
        return Quaternion(x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb,
                          z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
    }

    /// The rotation matrix, `CATransform3DMakeRotation(angle, axis)` for a unit quaternion.
    var matrix: CATransform3D {
        CATransform3D(
            m11: CGFloat(1 - 2 * (y * y + z * z)), m12: CGFloat(2 * (x * y + z * w)), m13: CGFloat(2 * (x * z - y * w)), m14: 0,
            m21: CGFloat(2 * (x * y - z * w)), m22: CGFloat(1 - 2 * (x * x + z * z)), m23: CGFloat(2 * (y * z + x * w)), m24: 0,
            m31: CGFloat(2 * (x * z + y * w)), m32: CGFloat(2 * (y * z - x * w)), m33: CGFloat(1 - 2 * (x * x + y * y)), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
}
