/// How a context resamples images it draws scaled or transformed. `.none` samples the nearest pixel
/// (hard pixel edges); the others map to cairo's bilinear/good/best filters. Raw values are Apple's.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case high = 3
    case medium = 4
}
