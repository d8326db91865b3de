import CoreGraphics

/// The corners of a layer that `cornerRadius` rounds (`CALayer.maskedCorners`).
///
/// The names follow Core Animation's unflipped geometry: on iOS (y down) `layerMinXMinYCorner`
/// is the top-left corner and `layerMaxXMaxYCorner` the bottom-right one.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The edges of a layer that are antialiased (`CALayer.edgeAntialiasingMask`).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// The curve drawn for rounded corners (`CALayer.cornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A quarter circle of radius `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A curve whose curvature changes continuously into the straight edges (a "squircle").
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// The pixel format of the backing store `display()` creates (`CALayer.contentsFormat`).
/// The raw values are Core Animation's (`kCAContentsFormatRGBA8Uint` is "RGBA8", and so on).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// 8 bits per channel, RGBA (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit half floats per channel, RGBA.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// 8-bit gray, no alpha.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
