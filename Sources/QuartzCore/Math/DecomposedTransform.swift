import Foundation

/// A `CATransform3D` split into the parts the virtual key paths name (`transform.rotation.z`,
/// `transform.scale.x`, `transform.translation`, ...), so that one part can be read or replaced.
///
/// The transform is taken apart as Graphics Gems II's `unmatrix` (and the CSS transforms spec)
/// do, in Core Animation's row-vector layout (`p' = p * M`):
///
///     M = scale * shear * rotateX * rotateY * rotateZ * translate * perspective
///
/// read left to right as the order the parts act on a point: scale first, then shear, the
/// rotations about x, then y, then z (each as `CATransform3DMakeRotation` about that axis), the
/// translation, and last the perspective row. A mirror image carries its flip in `scale.x`.
/// Recomposing gives back the matrix (up to rounding);
/// parts within 1e-12 of their identity value are snapped to it, so a transform made of one part
/// (a pure rotation, scale or translation) takes apart and recomposes exactly, and replacing one
/// part of the identity gives exactly the `CATransform3DMake...` matrix for it.
struct DecomposedTransform: Equatable {
    var scale: (x: CGFloat, y: CGFloat, z: CGFloat) = (1, 1, 1)
    /// Shear factors: xy, xz, yz (row 1 gains `xy` of row 0, and so on).
    var shear: (xy: CGFloat, xz: CGFloat, yz: CGFloat) = (0, 0, 0)
    /// Euler angles in radians, applied about x, then y, then z.
    var rotation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    var translation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    /// The last column of the matrix (m14, m24, m34, m44) once the rest is factored out.
    var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) = (0, 0, 0, 1)

    static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.scale == b.scale && a.shear == b.shear && a.rotation == b.rotation
            && a.translation == b.translation && a.perspective == b.perspective
    }

    init() {}

    /// Takes `t` apart; nil when it cannot be (m44 = 0, a singular upper 3x3 such as a zero
    /// scale, or a non-finite entry).
    init?(_ t: CATransform3D) {
        guard t.m44 != 0, [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                           t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].allSatisfy(\.isFinite)
        else { return nil }
        var m = t
        if m.m44 != 1 {
            // A homogeneous matrix means the same divided through by m44.
            for i in 0..<4 { for j in 0..<4 { m[i, j] /= t.m44 } }
        }
        // The affine part: `m` with its last column replaced by (0, 0, 0, 1).
        var affine = m
        affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
        let determinant = m.m11 * (m.m22 * m.m33 - m.m23 * m.m32) - m.m12 * (m.m21 * m.m33 - m.m23 * m.m31)
            + m.m13 * (m.m21 * m.m32 - m.m22 * m.m31)
        guard determinant != 0 else { return nil }
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // m = affine * P, P the identity with last column p: solve affine * p = last column.
            let inverse = CATransform3DInvert(affine)
            let rhs = [m.m14, m.m24, m.m34, m.m44]
            var p = [CGFloat](repeating: 0, count: 4)
            for i in 0..<4 { for k in 0..<4 { p[i] += inverse[i, k] * rhs[k] } }
            perspective = (p[0], p[1], p[2], p[3])
        }
        translation = (m.m41, m.m42, m.m43)

        // Gram-Schmidt on the rows of the upper 3x3: row lengths are the scales, the leftover
        // projections the shears, and the orthonormal rows the rotation.
        var r0 = Vector3(m.m11, m.m12, m.m13), r1 = Vector3(m.m21, m.m22, m.m23), r2 = Vector3(m.m31, m.m32, m.m33)
        var sx = Self.snap(r0.length, to: 1)
        guard sx != 0 else { return nil }
        r0 = r0 / sx
        var xy = Self.snap(r0.dot(r1), to: 0)
        r1 = r1 - r0 * xy
        let sy = Self.snap(r1.length, to: 1)
        guard sy != 0 else { return nil }
        r1 = r1 / sy
        xy /= sy
        var xz = Self.snap(r0.dot(r2), to: 0)
        r2 = r2 - r0 * xz
        var yz = Self.snap(r1.dot(r2), to: 0)
        r2 = r2 - r1 * yz
        let sz = Self.snap(r2.length, to: 1)
        guard sz != 0 else { return nil }
        r2 = r2 / sz
        xz /= sz
        yz /= sz
        // A mirror image: make the rows a proper rotation and carry the flip in the x scale (so
        // CATransform3DMakeScale(-1, 1, 1) reads as scale.x = -1 with no rotation). Row 0 changes
        // sign, so the shears measured against it do too.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx
            r0 = r0 * -1
            xy = -xy; xz = -xz
        }
        scale = (sx, sy, sz)
        shear = (xy, xz, yz)

        // R = Rx(a) * Ry(b) * Rz(c) has r0 = (cb cc, cb sc, -sb), r1.z = sa cb, r2.z = ca cb.
        let sinY = max(-1, min(1, -r0.z))
        let ry = asin(sinY)
        let rx: CGFloat, rz: CGFloat
        if abs(sinY) < 1 - 1e-12 {
            rx = atan2(r1.z, r2.z)
            rz = atan2(r0.y, r0.x)
        } else {
            // Gimbal lock: only x + z (or x - z) is defined; put it all in x.
            rx = atan2(r1.x * sinY, r1.y)
            rz = 0
        }
        rotation = (Self.snap(rx, to: 0), Self.snap(ry, to: 0), Self.snap(rz, to: 0))
    }

    /// The parts of `t`; when it cannot be taken apart (a zero scale), its translation and the
    /// lengths of its rows as scales, with no rotation or shear, so a zero scale can be set back.
    static func parts(of t: CATransform3D) -> DecomposedTransform {
        if let parts = DecomposedTransform(t) { return parts }
        var parts = DecomposedTransform()
        let w = t.m44 != 0 ? t.m44 : 1
        parts.translation = (t.m41 / w, t.m42 / w, t.m43 / w)
        parts.scale = (Vector3(t.m11, t.m12, t.m13).length / w, Vector3(t.m21, t.m22, t.m23).length / w,
                       Vector3(t.m31, t.m32, t.m33).length / w)
        return parts
    }

    /// The matrix these parts make, in the order documented on the type.
    var transform: CATransform3D {
        var m = CATransform3DIdentity
        m.m11 = scale.x
        m.m21 = shear.xy * scale.y; m.m22 = scale.y
        m.m31 = shear.xz * scale.z; m.m32 = shear.yz * scale.z; m.m33 = scale.z
        if rotation.x != 0 { m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.x, 1, 0, 0)) }
        if rotation.y != 0 { m = CATransform3DConcat(m, CATransform3DMakeRotation(rotation.y, 0, 1, 0)) }
        if rotation.z != 0 {
            let rz = CATransform3DMakeRotation(rotation.z, 0, 0, 1)
            m = CATransform3DIsIdentity(m) ? rz : CATransform3DConcat(m, rz)
        }
        m.m41 = translation.x; m.m42 = translation.y; m.m43 = translation.z
        // Compared by component: a tuple comparison goes through generic tuple metadata (boxes).
        if perspective.x != 0 || perspective.y != 0 || perspective.z != 0 || perspective.w != 1 {
            var p = CATransform3DIdentity
            p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
            m = CATransform3DConcat(m, p)
        }
        return m
    }

    /// `value`, or `target` when it is within 1e-12 of it (keeps exact matrices exact).
    private static func snap(_ value: CGFloat, to target: CGFloat) -> CGFloat {
        abs(value - target) < 1e-12 ? target : value
    }
}

/// A 3-vector for the decomposition's row arithmetic.
private struct Vector3 {
    var x: CGFloat, y: CGFloat, z: CGFloat
    init(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) { self.x = x; self.y = y; self.z = z }
    var length: CGFloat { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vector3) -> CGFloat { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func * (v: Vector3, s: CGFloat) -> Vector3 { Vector3(v.x * s, v.y * s, v.z * s) }
    static func / (v: Vector3, s: CGFloat) -> Vector3 { s == 1 ? v : Vector3(v.x / s, v.y / s, v.z / s) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}
