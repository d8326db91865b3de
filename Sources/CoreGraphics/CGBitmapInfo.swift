/// How the components of a bitmap's pixels are laid out: the alpha info in the low 5 bits, float-ness and
/// byte order above. Raw values are Apple's, so `CGImageAlphaInfo.premultipliedFirst.rawValue |
/// CGBitmapInfo.byteOrder32Little.rawValue` means the same here as on Apple platforms.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The host's byte order; every Linux target this package supports is little-endian.
    public static let byteOrder16Host = CGBitmapInfo.byteOrder16Little
    public static let byteOrder32Host = CGBitmapInfo.byteOrder32Little

    /// The alpha-info part of the raw value (nil for values Apple does not define).
    var alphaInfo: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    }

    /// The byte-order part of the raw value.
    var byteOrder: CGBitmapInfo {
        CGBitmapInfo(rawValue: rawValue & CGBitmapInfo.byteOrderMask.rawValue)
    }
}

/// Whether a bitmap has alpha, where it sits in the pixel, and whether colors are premultiplied by it.
/// "First"/"Last" refer to the pixel as a big-endian word; with `byteOrder32Little` the bytes in memory
/// are reversed (premultipliedFirst + byteOrder32Little is B,G,R,A in memory: cairo's ARGB32).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}
