import Foundation

/// The name of one of Core Animation's value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A rotation about the x axis by one angle in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about the y axis by one angle in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about the z axis by one angle in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three factors (x, y, z), or one factor for all three.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale of x by one factor.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale of y by one factor.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale of z by one factor.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by two or three distances (x, y[, z]).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    static let all: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                             .translate, .translateX, .translateY, .translateZ]
}

/// Turns the scalar (or few-number) values of a property animation into a `CATransform3D`, so that a
/// `transform` animation can run from 0 to 2π through `rotateZ` and spin fully, instead of interpolating
/// two matrices that are both the identity.
///
/// The animation interpolates its values first (numbers, or arrays of numbers element by element) and
/// hands each in-between value to the function. Only the named functions exist; as on Apple platforms the
/// class is not meant to be subclassed.
open class CAValueFunction: NSObject {
    /// Which function this is.
    open private(set) var name: CAValueFunctionName

    private init(validName name: CAValueFunctionName) {
        self.name = name
        super.init()
    }

    /// The function with `name`; nil for a name that is not one of the `CAValueFunctionName` constants.
    public convenience init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.all.contains(name) else { return nil }
        self.init(validName: name)
    }

    open override var description: String { "<CAValueFunction \(name.rawValue)>" }

    /// The transform for one animated value; nil when the value has the wrong number of numbers, is not
    /// numeric, or holds NaN or an infinity.
    ///
    /// - rotate X/Y/Z: one angle in radians (`CATransform3DMakeRotation` about that axis);
    /// - scale: three factors (x, y, z), two (z stays 1), or one for all three;
    /// - scale X/Y/Z: one factor for that axis;
    /// - translate: two or three distances (x, y[, z]), or a `CGPoint` / `CGSize` (the form of
    ///   `transform.translation`) for x and y;
    /// - translate X/Y/Z: one distance along that axis.
    ///
    /// A value is a number (any numeric type or `NSNumber`) or an array of numbers; a single-number
    /// function takes a one-element array too.
    func transform(from value: Any) -> CATransform3D? {
        guard let v = Self.numbers(value), v.allSatisfy(\.isFinite) else { return nil }
        switch (name, v.count) {
        case (.rotateX, 1): return CATransform3DMakeRotation(v[0], 1, 0, 0)
        case (.rotateY, 1): return CATransform3DMakeRotation(v[0], 0, 1, 0)
        case (.rotateZ, 1): return CATransform3DMakeRotation(v[0], 0, 0, 1)
        case (.scale, 1): return CATransform3DMakeScale(v[0], v[0], v[0])
        case (.scale, 2): return CATransform3DMakeScale(v[0], v[1], 1)
        case (.scale, 3): return CATransform3DMakeScale(v[0], v[1], v[2])
        case (.scaleX, 1): return CATransform3DMakeScale(v[0], 1, 1)
        case (.scaleY, 1): return CATransform3DMakeScale(1, v[0], 1)
        case (.scaleZ, 1): return CATransform3DMakeScale(1, 1, v[0])
        case (.translate, 2): return CATransform3DMakeTranslation(v[0], v[1], 0)
        case (.translate, 3): return CATransform3DMakeTranslation(v[0], v[1], v[2])
        case (.translateX, 1): return CATransform3DMakeTranslation(v[0], 0, 0)
        case (.translateY, 1): return CATransform3DMakeTranslation(0, v[0], 0)
        case (.translateZ, 1): return CATransform3DMakeTranslation(0, 0, v[0])
        default: return nil
        }
    }

    /// The numbers in `value`: one for a number, the elements of an array of numbers, x and y of a
    /// point or size.
    private static func numbers(_ value: Any) -> [CGFloat]? {
        switch KeyedValue.unwrap(value) {
        case let p as CGPoint: return [p.x, p.y]
        case let s as CGSize: return [s.width, s.height]
        case let array as [Any]:
            var result: [CGFloat] = []
            for element in array {
                guard let n = BoxedNumber(element) else { return nil }
                result.append(CGFloat(n.value))
            }
            return result
        case let x?:
            return BoxedNumber(x).map { [CGFloat($0.value)] }
        case nil:
            return nil
        }
    }
}
