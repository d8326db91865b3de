import CoreGraphics

/// The blend modes `CALayer.compositingFilter` names: Core Image's compositing filter names as
/// strings, each read as the Core Graphics blend mode that composites the same way.
enum CompositingFilter {
    /// The blend mode of the filter `value` names: one of Core Image's blend-mode filter names
    /// ("multiplyBlendMode", ..., "luminosityBlendMode") or "sourceOverCompositing"; `.normal` for
    /// nil, any other name and any other value (drawn as if there were no filter).
    static func blendMode(of value: Any?) -> CGBlendMode {
        guard let name = value as? String else { return .normal }
        return modes[name] ?? .normal
    }

    /// Core Image's filter names and the blend modes they composite with (the W3C compositing
    /// specification's separable and non-separable blend modes).
    static let modes: [String: CGBlendMode] = [
        "sourceOverCompositing": .normal,
        "multiplyBlendMode": .multiply,
        "screenBlendMode": .screen,
        "overlayBlendMode": .overlay,
        "darkenBlendMode": .darken,
        "lightenBlendMode": .lighten,
        "colorDodgeBlendMode": .colorDodge,
        "colorBurnBlendMode": .colorBurn,
        "softLightBlendMode": .softLight,
        "hardLightBlendMode": .hardLight,
        "differenceBlendMode": .difference,
        "exclusionBlendMode": .exclusion,
        "hueBlendMode": .hue,
        "saturationBlendMode": .saturation,
        "colorBlendMode": .color,
        "luminosityBlendMode": .luminosity,
    ]
}
