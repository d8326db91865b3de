/// How colors outside a destination's gamut are mapped. Accepted for API compatibility; this implementation
/// draws in a single device RGB space and does no gamut mapping.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}
