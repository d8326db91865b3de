/// The family of a color space: how many color components it has and what they mean.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A color space, kept minimal: it records its name and model so that colors and bitmaps can say what they
/// are in. All drawing happens in cairo's single device RGB space; no color conversion is done between
/// spaces (sRGB, device RGB and "linear" RGB values are drawn as given).
///
/// Names are `String`s here (Apple's are `CFString`s), so `CGColorSpace(name: CGColorSpace.sRGB)` reads the same.
public final class CGColorSpace: @unchecked Sendable {
    /// The space's name, one of the static names below, or nil for an unnamed space.
    public let name: String?
    public let model: CGColorSpaceModel

    init(name: String?, model: CGColorSpaceModel) {
        self.name = name
        self.model = model
    }

    /// A color space for a known name; nil for a name this implementation does not know.
    public convenience init?(name: String) {
        guard let model = CGColorSpace.knownModels[name] else { return nil }
        self.init(name: name, model: model)
    }

    /// Color components per pixel, alpha excluded (1 for gray, 3 for RGB).
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .rgb, .lab, .XYZ: return 3
        case .cmyk: return 4
        default: return 0
        }
    }

    public var supportsOutput: Bool { model == .rgb || model == .monochrome }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    public static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    public static let deviceGrayName = "kCGColorSpaceDeviceGray"

    private static let knownModels: [String: CGColorSpaceModel] = [
        sRGB: .rgb, extendedSRGB: .rgb, linearSRGB: .rgb, extendedLinearSRGB: .rgb,
        genericRGBLinear: .rgb, displayP3: .rgb, deviceRGBName: .rgb,
        genericGrayGamma2_2: .monochrome, linearGray: .monochrome, extendedGray: .monochrome,
        deviceGrayName: .monochrome,
    ]

    static let deviceRGB = CGColorSpace(name: deviceRGBName, model: .rgb)
    static let deviceGray = CGColorSpace(name: deviceGrayName, model: .monochrome)
    static let sRGBSpace = CGColorSpace(name: sRGB, model: .rgb)
    static let genericGray = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome)
}

extension CGColorSpace: Hashable {
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.model == rhs.model)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }
}

extension CGColorSpace {
    /// Whether colours in this space keep components outside 0...1 (Apple's extended spaces).
    package var isExtendedRange: Bool { name?.contains("Extended") ?? false }
    package static let extendedSRGBSpace = CGColorSpace(name: extendedSRGB, model: .rgb)
    package static let extendedGraySpace = CGColorSpace(name: extendedGray, model: .monochrome)
}

/// The device-dependent RGB space (the one bitmap contexts draw in).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.deviceRGB }

/// The device-dependent gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.deviceGray }
