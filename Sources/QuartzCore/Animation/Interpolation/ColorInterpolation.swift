import Foundation

/// Color arithmetic for animations, on `CGColor`s in RGB or gray spaces.
///
/// Interpolation, cubic keyframes and distance work on *premultiplied* RGBA (each color component times
/// alpha), so a fade from opaque red to transparent blue stays red while it fades instead of passing
/// through a dark purple, and the result is unpremultiplied back into a color. Addition, subtraction and
/// scaling (by-values, additive and cumulative animations) act on the straight components as stored.
/// Gray colors act as RGB with r = g = b; two gray colors give a gray color, otherwise the result is in
/// the RGB color's space. Components outside 0...1 are clamped by `CGColor` itself.
enum ColorInterpolation {
    /// Straight (not premultiplied) components of a color.
    struct RGBA {
        var r: Double, g: Double, b: Double, a: Double
        let isGray: Bool
        let space: CGColorSpace?

        init?(_ color: CGColor) {
            guard let c = color.components?.map(Double.init) else { return nil }
            switch c.count {
            case 2: (r, g, b, a, isGray) = (c[0], c[0], c[0], c[1], true)
            case 4: (r, g, b, a, isGray) = (c[0], c[1], c[2], c[3], false)
            default: return nil
            }
            space = color.colorSpace
        }

        var straight: [Double] { [r, g, b, a] }
        var premultiplied: [Double] { [r * a, g * a, b * a, a] }
        var isFinite: Bool { straight.allSatisfy(\.isFinite) }
    }

    static func interpolate(_ from: CGColor, _ to: CGColor, _ f: Double) -> CGColor? {
        if f == 0 { return from }
        if f == 1 { return to }
        guard let a = RGBA(from), let b = RGBA(to) else { return nil }
        let p = zip(a.premultiplied, b.premultiplied).map { $0 + ($1 - $0) * f }
        return color(premultiplied: p, like: b, other: a)
    }

    static func cubic(_ c0: CGColor, _ c1: CGColor, _ c2: CGColor, _ c3: CGColor, t: Double,
                      start: KochanekBartels.Parameters, end: KochanekBartels.Parameters) -> CGColor? {
        guard let p0 = RGBA(c0), let p1 = RGBA(c1), let p2 = RGBA(c2), let p3 = RGBA(c3) else { return nil }
        let p = KochanekBartels.points(p0.premultiplied, p1.premultiplied, p2.premultiplied, p3.premultiplied,
                                       t: t, start: start, end: end)
        return color(premultiplied: p, like: p2, other: p1)
    }

    static func add(_ x: CGColor, _ y: CGColor) -> CGColor? { combine(x, y, +) }

    static func subtract(_ x: CGColor, _ y: CGColor) -> CGColor? { combine(x, y, -) }

    static func multiply(_ x: CGColor, by k: Double) -> CGColor? {
        guard let a = RGBA(x) else { return nil }
        return color(straight: a.straight.map { $0 * k }, like: a, other: a)
    }

    /// Euclidean distance in premultiplied RGBA, the space colors interpolate in (so paced keyframes
    /// move at an even rate along the path interpolation actually takes).
    static func distance(_ x: CGColor, _ y: CGColor) -> Double? {
        guard let a = RGBA(x), let b = RGBA(y) else { return nil }
        return zip(a.premultiplied, b.premultiplied).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    private static func combine(_ x: CGColor, _ y: CGColor, _ operation: (Double, Double) -> Double) -> CGColor? {
        guard let a = RGBA(x), let b = RGBA(y) else { return nil }
        return color(straight: zip(a.straight, b.straight).map(operation), like: a, other: b)
    }

    /// A color from premultiplied RGBA: color components divided by alpha; nothing is left of the color
    /// where alpha reaches zero.
    private static func color(premultiplied p: [Double], like primary: RGBA, other: RGBA) -> CGColor? {
        let alpha = p[3]
        let straight = alpha > 0 ? [p[0] / alpha, p[1] / alpha, p[2] / alpha, alpha] : [0, 0, 0, 0]
        return color(straight: straight, like: primary, other: other)
    }

    /// A color in `primary`'s space: gray when both inputs are gray, else the space of whichever is RGB.
    private static func color(straight s: [Double], like primary: RGBA, other: RGBA) -> CGColor? {
        guard s.allSatisfy(\.isFinite) else { return nil }
        let c = s.map { CGFloat($0) }
        if primary.isGray && other.isGray {
            let space = primary.space ?? CGColorSpaceCreateDeviceGray()
            return [c[0], c[3]].withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        }
        let rgbSpace = !primary.isGray ? primary.space : other.space
        let space = rgbSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? CGColorSpaceCreateDeviceRGB()
        return c.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
    }
}
