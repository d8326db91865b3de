import Foundation

extension CGColor {
    /// The color in `space`: components go through linear light (the sRGB transfer curve for the
    /// sRGB, extended sRGB, device RGB and Display P3 spaces, none for the linear ones, a 2.2 gamma
    /// for generic gray, the sRGB curve for the other gray spaces), Display P3's primaries are
    /// converted by matrix, gray is RGB's luminance (Rec. 709 weights) and RGB's gray is equal
    /// components. A space that is not extended clamps the result to 0...1; an extended one keeps it
    /// (negative values mirror the curve). `intent` does no gamut mapping beyond that clamp, and
    /// `options` is ignored (Apple's is a `CFDictionary`, which Linux lacks: pass nil). Nil for a
    /// pattern color, or a space other than RGB or gray on either side.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent,
                          options: NSDictionary?) -> CGColor? {
        guard patternImage == nil, let source = colorSpace, let components, components.count >= 2,
              let from = ConversionSpace(source), let to = ConversionSpace(space) else { return nil }
        let a = components[components.count - 1]
        var linear: (r: CGFloat, g: CGFloat, b: CGFloat)
        switch from.isGray {
        case true:
            let y = from.decode(components[0])
            linear = (y, y, y)
        case false:
            guard components.count >= 4 else { return nil }
            linear = (from.decode(components[0]), from.decode(components[1]), from.decode(components[2]))
            if from.isP3 { linear = ConversionSpace.p3ToSRGB(linear) }
        }
        var out: [CGFloat]
        if to.isGray {
            out = [to.encode(0.2126 * linear.r + 0.7152 * linear.g + 0.0722 * linear.b)]
        } else {
            if to.isP3 { linear = ConversionSpace.sRGBToP3(linear) }
            out = [to.encode(linear.r), to.encode(linear.g), to.encode(linear.b)]
        }
        if !to.isExtended { out = out.map { Swift.min(Swift.max($0, 0), 1) } }
        out.append(a)
        return out.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
    }
}

/// What a color space's components mean, for `converted(to:intent:options:)`.
private struct ConversionSpace {
    enum Curve { case sRGB, linear, gamma22 }
    let isGray: Bool
    let isExtended: Bool
    let isP3: Bool
    let curve: Curve

    init?(_ space: CGColorSpace) {
        switch space.model {
        case .rgb: isGray = false
        case .monochrome: isGray = true
        default: return nil
        }
        let name = space.name ?? ""
        isExtended = space.isExtendedRange
        isP3 = name == CGColorSpace.displayP3
        if name.contains("Linear") {
            curve = .linear
        } else if name == CGColorSpace.genericGrayGamma2_2 {
            curve = .gamma22
        } else {
            curve = .sRGB
        }
    }

    /// Encoded component → linear light (negative values mirror the curve).
    func decode(_ v: CGFloat) -> CGFloat {
        let m = abs(v), s: CGFloat = v < 0 ? -1 : 1
        switch curve {
        case .linear: return v
        case .gamma22: return s * pow(m, 2.2)
        case .sRGB: return s * (m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4))
        }
    }

    /// Linear light → encoded component.
    func encode(_ v: CGFloat) -> CGFloat {
        let m = abs(v), s: CGFloat = v < 0 ? -1 : 1
        switch curve {
        case .linear: return v
        case .gamma22: return s * pow(m, 1 / 2.2)
        case .sRGB: return s * (m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055)
        }
    }

    static func p3ToSRGB(_ c: (r: CGFloat, g: CGFloat, b: CGFloat)) -> (r: CGFloat, g: CGFloat, b: CGFloat) {
        (1.2249 * c.r - 0.2247 * c.g, -0.0420 * c.r + 1.0419 * c.g, -0.0197 * c.r - 0.0786 * c.g + 1.0979 * c.b)
    }

    static func sRGBToP3(_ c: (r: CGFloat, g: CGFloat, b: CGFloat)) -> (r: CGFloat, g: CGFloat, b: CGFloat) {
        (0.8225 * c.r + 0.1774 * c.g, 0.0332 * c.r + 0.9669 * c.g, 0.0171 * c.r + 0.0724 * c.g + 0.9108 * c.b)
    }
}
