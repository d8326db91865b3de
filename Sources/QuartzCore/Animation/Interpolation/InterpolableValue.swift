import Foundation

/// What an animated value is, as far as interpolation is concerned: the kind decides which arithmetic
/// applies. Values are looked at through any levels of `Optional` boxed in an `Any`.
enum InterpolableValue {
    /// Numbers, points, sizes, rects, vectors, arrays of numbers, paths: component by component.
    case components(ComponentVector)
    case color(CGColor)
    /// An array of colours (`CAGradientLayer.colors`): colour by colour, same count.
    case colors([CGColor])
    case transform(CATransform3D)
    case affineTransform(CGAffineTransform)
    /// `contents` images: cross-faded.
    case image(CGImage)
    /// nil or `NSNull`: switches discretely with whatever it meets.
    case absent
    /// Anything else (`Bool`, string constants, layers, other objects): switches discretely.
    case discrete(Any)

    init(_ value: Any?) {
        guard let value = KeyedValue.unwrap(value), !(value is NSNull) else {
            self = .absent
            return
        }
        switch value {
        case let c as CGColor: self = .color(c)
        case let t as CATransform3D: self = .transform(t)
        case let t as CGAffineTransform: self = .affineTransform(t)
        case let image as CGImage: self = .image(image)
        case let array as [Any] where !array.isEmpty && array.allSatisfy({ $0 is CGColor }):
            self = .colors(array.map { $0 as! CGColor })
        default:
            if let vector = ComponentVector(value) {
                self = .components(vector)
            } else {
                self = .discrete(value)
            }
        }
    }

    /// Whether every number in the value is finite (values without numbers are).
    var isFinite: Bool {
        switch self {
        case .components(let v): return v.isFinite
        case .color(let c): return ColorInterpolation.RGBA(c)?.isFinite ?? true
        case .colors(let cs): return cs.allSatisfy { ColorInterpolation.RGBA($0)?.isFinite ?? true }
        case .transform(let t): return TransformInterpolation.isFinite(t)
        case .affineTransform(let t): return TransformInterpolation.isFinite(t)
        case .image, .absent, .discrete: return true
        }
    }
}
