/// An immutable color: components in a color space plus alpha. Alpha is in 0...1; so are the components,
/// except in an extended space (`extendedSRGB`, `extendedGray`, ...), where they keep any finite value
/// as on Apple's platforms (drawing clamps them). Values outside are clamped, NaN becomes 0.
///
/// `components` follows Apple: `[r, g, b, a]` for RGB colors and `[gray, a]` for gray colors. For drawing,
/// every color is also available as straight (non-premultiplied) RGBA in `rgba`, gray expanded to r = g = b.
public final class CGColor: @unchecked Sendable {
    public let colorSpace: CGColorSpace?
    private let storedComponents: [CGFloat]
    /// Straight (not premultiplied) red, green, blue, alpha for drawing; gray expands to equal r, g, b.
    /// Computed once: drawing reads it for every fill and stroke.
    package let rgba: (r: Double, g: Double, b: Double, a: Double)
    /// The last component.
    public let alpha: CGFloat
    /// A pattern colour's image (UIKit's `UIColor(patternImage:)`): painting with the colour repeats it,
    /// upright in a y-down user space, one copy per `patternTileSize` user-space units from the origin.
    /// Such a colour has no colour space and only an alpha component.
    package let patternImage: CGImage?
    package let patternTileSize: CGSize

    private init(space: CGColorSpace?, components: [CGFloat], patternImage: CGImage? = nil, patternTileSize: CGSize = .zero) {
        colorSpace = space
        self.patternImage = patternImage
        self.patternTileSize = patternTileSize
        let extended = space?.isExtendedRange ?? false
        storedComponents = components.indices.map { i in
            extended && i < components.count - 1 ? CGColor.finite(components[i]) : CGColor.clamp(components[i])
        }
        let c = components.map(CGColor.clamp)
        alpha = c.last ?? 1
        switch c.count {
        case 2: rgba = (Double(c[0]), Double(c[0]), Double(c[0]), Double(c[1]))
        case 4...: rgba = (Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        default: rgba = (0, 0, 0, Double(alpha))
        }
    }

    /// A color in the generic (device) RGB space.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.deviceRGB, components: [red, green, blue, alpha])
    }

    /// A color in the sRGB space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.sRGBSpace, components: [red, green, blue, alpha])
    }

    /// A color in the extended sRGB space, components not clamped (UIKit's `UIColor(red:green:blue:alpha:)`).
    package convenience init(extendedSRGBRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.extendedSRGBSpace, components: [red, green, blue, alpha])
    }

    /// A gray in the extended gray space (UIKit's `UIColor(white:alpha:)`).
    package convenience init(extendedGray gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.extendedGraySpace, components: [gray, alpha])
    }

    /// A gray color (generic gray space); `components` is `[gray, alpha]`.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.genericGray, components: [gray, alpha])
    }

    /// A color from `space.numberOfComponents + 1` components (alpha last); nil for spaces other than RGB or gray.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let count = space.numberOfComponents + 1
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: count)))
    }

    /// A colour that paints `image` repeated, each copy `tileSize` user-space units (the pattern colours
    /// of UIKit; Core Graphics' own `CGPattern` is not implemented). Nil for an empty tile size.
    package convenience init?(patternImage image: CGImage, tileSize: CGSize, alpha: CGFloat = 1) {
        guard tileSize.width > 0, tileSize.height > 0, tileSize.width.isFinite, tileSize.height.isFinite else { return nil }
        self.init(space: nil, components: [alpha], patternImage: image, patternTileSize: tileSize)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The color components followed by alpha.
    public var components: [CGFloat]? { storedComponents }

    /// Color components plus alpha (4 for RGB, 2 for gray).
    public var numberOfComponents: Int { storedComponents.count }

    /// The same color with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        if let patternImage {
            return CGColor(patternImage: patternImage, tileSize: patternTileSize, alpha: alpha)
        }
        var newComponents = storedComponents
        newComponents[newComponents.count - 1] = alpha
        return CGColor(space: colorSpace ?? CGColorSpace.deviceRGB, components: newComponents)
    }

    private static func clamp(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
    }

    /// An extended component: NaN becomes 0 and an infinity the largest finite value of its sign.
    private static func finite(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : Swift.min(Swift.max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }
}

extension CGColor: Equatable {
    /// Equal when in the same kind of space with the same components (as CFEqual on Apple platforms).
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace?.model == rhs.colorSpace?.model && lhs.storedComponents == rhs.storedComponents
                        && lhs.patternImage === rhs.patternImage && lhs.patternTileSize == rhs.patternTileSize)
    }
}

extension CGColor: CustomStringConvertible {
    public var description: String {
        patternImage == nil ? "<CGColor \(colorSpace?.name ?? "unnamed") \(storedComponents)>"
            : "<CGColor pattern \(patternTileSize.width)x\(patternTileSize.height) alpha \(alpha)>"
    }
}
