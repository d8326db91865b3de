import CoreGraphics

/// A 4x4 homogeneous transform, laid out as Core Animation lays it out: points are row vectors
/// multiplied on the left (`p' = p * M`), so the translation lives in `m41`, `m42`, `m43` and
/// `m34` carries the perspective term.
public struct CATransform3D: Equatable, Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity transform (as on Apple platforms, a default-initialised value is all zeros).
    public init() {
        m11 = 0; m12 = 0; m13 = 0; m14 = 0
        m21 = 0; m22 = 0; m23 = 0; m24 = 0
        m31 = 0; m32 = 0; m33 = 0; m34 = 0
        m41 = 0; m42 = 0; m43 = 0; m44 = 0
    }

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Row-major element access, `self[row, column]` with rows and columns in 0...3.
    subscript(row: Int, column: Int) -> CGFloat {
        get {
            switch (row, column) {
            case (0, 0): return m11; case (0, 1): return m12; case (0, 2): return m13; case (0, 3): return m14
            case (1, 0): return m21; case (1, 1): return m22; case (1, 2): return m23; case (1, 3): return m24
            case (2, 0): return m31; case (2, 1): return m32; case (2, 2): return m33; case (2, 3): return m34
            case (3, 0): return m41; case (3, 1): return m42; case (3, 2): return m43; default: return m44
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = newValue; case (0, 1): m12 = newValue; case (0, 2): m13 = newValue; case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue; case (1, 1): m22 = newValue; case (1, 2): m23 = newValue; case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue; case (2, 1): m32 = newValue; case (2, 2): m33 = newValue; case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue; case (3, 1): m42 = newValue; case (3, 2): m43 = newValue; default: m44 = newValue
            }
        }
    }

    /// `self * other`: apply `self` first, then `other`.
    ///
    /// Unrolled (the renderer composes a few transforms per layer per frame); each element is summed
    /// in the order of the plain triple loop, from 0, so the results are the same to the bit.
    func multiplied(by b: CATransform3D) -> CATransform3D {
        @inline(__always)
        func dot(_ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat, _ a4: CGFloat,
                 _ b1: CGFloat, _ b2: CGFloat, _ b3: CGFloat, _ b4: CGFloat) -> CGFloat {
            var sum: CGFloat = 0
            sum += a1 * b1; sum += a2 * b2; sum += a3 * b3; sum += a4 * b4
            return sum
        }
        let a = self
        return CATransform3D(
            m11: dot(a.m11, a.m12, a.m13, a.m14, b.m11, b.m21, b.m31, b.m41),
            m12: dot(a.m11, a.m12, a.m13, a.m14, b.m12, b.m22, b.m32, b.m42),
            m13: dot(a.m11, a.m12, a.m13, a.m14, b.m13, b.m23, b.m33, b.m43),
            m14: dot(a.m11, a.m12, a.m13, a.m14, b.m14, b.m24, b.m34, b.m44),
            m21: dot(a.m21, a.m22, a.m23, a.m24, b.m11, b.m21, b.m31, b.m41),
            m22: dot(a.m21, a.m22, a.m23, a.m24, b.m12, b.m22, b.m32, b.m42),
            m23: dot(a.m21, a.m22, a.m23, a.m24, b.m13, b.m23, b.m33, b.m43),
            m24: dot(a.m21, a.m22, a.m23, a.m24, b.m14, b.m24, b.m34, b.m44),
            m31: dot(a.m31, a.m32, a.m33, a.m34, b.m11, b.m21, b.m31, b.m41),
            m32: dot(a.m31, a.m32, a.m33, a.m34, b.m12, b.m22, b.m32, b.m42),
            m33: dot(a.m31, a.m32, a.m33, a.m34, b.m13, b.m23, b.m33, b.m43),
            m34: dot(a.m31, a.m32, a.m33, a.m34, b.m14, b.m24, b.m34, b.m44),
            m41: dot(a.m41, a.m42, a.m43, a.m44, b.m11, b.m21, b.m31, b.m41),
            m42: dot(a.m41, a.m42, a.m43, a.m44, b.m12, b.m22, b.m32, b.m42),
            m43: dot(a.m41, a.m42, a.m43, a.m44, b.m13, b.m23, b.m33, b.m43),
            m44: dot(a.m41, a.m42, a.m43, a.m44, b.m14, b.m24, b.m34, b.m44))
    }

    /// Maps a point (z, w = 1) and returns the homogeneous result (x, y, z, w) before the divide.
    func mapHomogeneous(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// Maps a 2D point on the z = 0 plane and projects it back onto z = 0 (perspective divide).
    func projectPoint(_ p: CGPoint) -> CGPoint {
        let h = mapHomogeneous(x: p.x, y: p.y)
        let w = h.w == 0 ? CGFloat.leastNonzeroMagnitude : h.w
        return CGPoint(x: h.x / w, y: h.y / w)
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// Translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// Scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// Rotation by `angle` radians about the vector `(x, y, z)`. A zero-length axis gives the identity.
/// About +z a positive angle turns +x towards +y, which is clockwise on a y-down screen.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(
        m11: x * x * k + c, m12: x * y * k + z * s, m13: x * z * k - y * s, m14: 0,
        m21: y * x * k - z * s, m22: y * y * k + c, m23: y * z * k + x * s, m24: 0,
        m31: z * x * k + y * s, m32: z * y * k - x * s, m33: z * z * k + c, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t' = translate(tx, ty, tz) * t`: the translation happens first, in `t`'s own coordinates.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).multiplied(by: t)
}

/// `t' = scale(sx, sy, sz) * t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).multiplied(by: t)
}

/// `t' = rotation(angle, x, y, z) * t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).multiplied(by: t)
}

/// `a * b`: the result applies `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.multiplied(by: b)
}

/// The inverse, or `t` unchanged when it has none (as Core Animation does).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss-Jordan elimination with partial pivoting on [t | I].
    var a = [[CGFloat]](repeating: [CGFloat](repeating: 0, count: 8), count: 4)
    for i in 0..<4 {
        for j in 0..<4 { a[i][j] = t[i, j] }
        a[i][4 + i] = 1
    }
    for col in 0..<4 {
        var pivot = col
        for row in col + 1..<4 where abs(a[row][col]) > abs(a[pivot][col]) { pivot = row }
        guard abs(a[pivot][col]) > 1e-12 else { return t }
        a.swapAt(col, pivot)
        let p = a[col][col]
        for j in 0..<8 { a[col][j] /= p }
        for row in 0..<4 where row != col {
            let f = a[row][col]
            if f != 0 { for j in 0..<8 { a[row][j] -= f * a[col][j] } }
        }
    }
    var r = CATransform3D()
    for i in 0..<4 { for j in 0..<4 { r[i, j] = a[i][4 + j] } }
    return r
}

/// The 3D transform equivalent to an affine transform (acting on x and y only).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` is exactly an affine transform of the plane (no z terms, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

/// The affine part of `t` (its x/y rows and translation); the rest is dropped.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
