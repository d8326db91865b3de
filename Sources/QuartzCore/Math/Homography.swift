import CoreGraphics

/// A projective map of the plane: a 3x3 matrix in Core Animation's row-vector convention,
/// `[x' y' w'] = [x y 1] * H`, the point being `(x'/w', y'/w')`.
///
/// A flat layer's points have z = 0, and flattening into the parent's plane drops the resulting z,
/// so a `CATransform3D` acts on a layer as the homography of its x, y and w rows and columns.
struct Homography: Equatable {
    var m11: CGFloat, m12: CGFloat, m13: CGFloat
    var m21: CGFloat, m22: CGFloat, m23: CGFloat
    var m31: CGFloat, m32: CGFloat, m33: CGFloat

    static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat,
         m31: CGFloat, m32: CGFloat, m33: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// `t` acting on the z = 0 plane, its z output dropped (rows and columns x, y, w of `t`).
    init(droppingZOf t: CATransform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    init(_ t: CGAffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The map as an affine transform, when it has no perspective part (nil otherwise). With
    /// `m33 <= 0` every point has `w <= 0`: it lies behind the viewer, which is not affine either.
    var affineTransform: CGAffineTransform? {
        guard m13 == 0, m23 == 0, m33 > 0, m33.isFinite else { return nil }
        if m33 == 1 { return CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }
        return CGAffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// `self` then `b`.
    func concatenating(_ b: Homography) -> Homography {
        Homography(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33)
    }

    var determinant: CGFloat {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, or nil when the matrix is singular or not finite.
    var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        let inverse = Homography(
            m11: (m22 * m33 - m23 * m32) * r, m12: (m13 * m32 - m12 * m33) * r, m13: (m12 * m23 - m13 * m22) * r,
            m21: (m23 * m31 - m21 * m33) * r, m22: (m11 * m33 - m13 * m31) * r, m23: (m13 * m21 - m11 * m23) * r,
            m31: (m21 * m32 - m22 * m31) * r, m32: (m12 * m31 - m11 * m32) * r, m33: (m11 * m22 - m12 * m21) * r)
        return inverse.isFinite ? inverse : nil
    }

    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The homogeneous image `(x', y', w')` of `p`.
    func mapHomogeneous(_ p: CGPoint) -> (x: CGFloat, y: CGFloat, w: CGFloat) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The image of a point in front of the viewer (`w' > 0`); callers clip first.
    func project(_ p: CGPoint) -> CGPoint {
        let h = mapHomogeneous(p)
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }
}

/// A convex polygon mapped through a homography after clipping at the near plane.
struct ProjectedPolygon {
    /// Vertices in the source plane (the part of the input polygon in front of the viewer).
    var source: [CGPoint]
    /// The same vertices after the projective divide.
    var projected: [CGPoint]

    /// Points with `w` below this lie at (or behind) the viewer and are cut away. With w of order 1
    /// (the usual `m44 = 1`), the cut edge projects about 10^5 times the layer's size away: off any
    /// target, so the visible picture is that of the unclipped plane.
    static let nearPlaneW: CGFloat = 1e-5

    /// Clips the convex polygon `polygon` (in the source plane) to `w > nearPlaneW` under `h`
    /// (Sutherland–Hodgman against one plane, in homogeneous coordinates), then projects it.
    /// Empty when the whole polygon lies behind the viewer.
    init(clipping polygon: [CGPoint], through h: Homography) {
        let eps = ProjectedPolygon.nearPlaneW
        var kept: [CGPoint] = []
        let w = polygon.map { h.mapHomogeneous($0).w }
        for i in polygon.indices {
            let j = (i + 1) % polygon.count
            let (p, q, wp, wq) = (polygon[i], polygon[j], w[i], w[j])
            guard wp.isFinite, wq.isFinite else { continue }
            if wp > eps { kept.append(p) }
            if (wp > eps) != (wq > eps) {
                // The homogeneous image is linear in the source point, so w is linear along the edge.
                let t = (eps - wp) / (wq - wp)
                kept.append(CGPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
            }
        }
        source = kept
        projected = kept.map { p in
            let m = h.mapHomogeneous(p)
            return CGPoint(x: m.x / max(m.w, eps), y: m.y / max(m.w, eps))
        }
        if !projected.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            source = []
            projected = []
        }
    }

    var isEmpty: Bool { projected.count < 3 }

    /// The shoelace signed area of the projected polygon: positive when it keeps the orientation of
    /// a y-down rectangle listed clockwise on screen (top-left, top-right, bottom-right, bottom-left).
    var signedArea: CGFloat {
        ProjectedPolygon.signedArea(of: projected)
    }

    static func signedArea(of points: [CGPoint]) -> CGFloat {
        guard points.count >= 3 else { return 0 }
        var sum: CGFloat = 0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }

    /// The bounding box of the projected polygon (null when empty).
    var bounds: CGRect {
        guard !isEmpty else { return .null }
        let xs = projected.map(\.x), ys = projected.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `points` (a convex polygon) clipped to `rect` (Sutherland–Hodgman against its four sides).
    static func clip(_ points: [CGPoint], to rect: CGRect) -> [CGPoint] {
        var poly = points
        // Signed distance inside each side.
        let sides: [(CGPoint) -> CGFloat] = [
            { $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y },
        ]
        for inside in sides {
            guard !poly.isEmpty else { break }
            var out: [CGPoint] = []
            for i in poly.indices {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                let dp = inside(p), dq = inside(q)
                if dp >= 0 { out.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    out.append(CGPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)))
                }
            }
            poly = out
        }
        return poly
    }

    /// The corners of `r`, clockwise on a y-down screen, starting at the top left.
    static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }
}
