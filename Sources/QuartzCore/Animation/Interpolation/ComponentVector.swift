import Foundation

/// A value that interpolates component by component: numbers, `CGPoint`, `CGSize`, `CGRect` (origin and
/// size), `CGVector`, arrays of numbers and `CGPath`s (every point of every element). It holds the
/// components as `Double`s, a shape saying which values it can be combined with, and the way to box
/// new components back into the value's own type.
struct ComponentVector {
    /// What the components mean; values combine only with values of the same shape (any two numbers do,
    /// whatever their Swift types; arrays need the same count, paths the same element kinds in order).
    enum Shape: Equatable {
        case number
        case point
        case size
        case rect
        case vector
        case numbers(count: Int)
        case path([CGPathElementType])
    }

    let components: [Double]
    let shape: Shape
    /// Boxes components of this shape as the value's own type; nil when they do not fit it.
    let box: ([Double]) -> Any?

    var isFinite: Bool { components.allSatisfy(\.isFinite) }

    /// The components of `value`, or nil when it is not one of the kinds above.
    init?(_ value: Any) {
        if let number = BoxedNumber(value) {
            self.init(components: [number.value], shape: .number, box: { number.box($0[0]) })
            return
        }
        switch value {
        case let p as CGPoint:
            self.init(components: [Double(p.x), Double(p.y)], shape: .point,
                      box: { CGPoint(x: CGFloat($0[0]), y: CGFloat($0[1])) })
        case let s as CGSize:
            self.init(components: [Double(s.width), Double(s.height)], shape: .size,
                      box: { CGSize(width: CGFloat($0[0]), height: CGFloat($0[1])) })
        case let r as CGRect:
            self.init(components: [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)],
                      shape: .rect,
                      box: { CGRect(x: CGFloat($0[0]), y: CGFloat($0[1]), width: CGFloat($0[2]), height: CGFloat($0[3])) })
        case let v as CGVector:
            self.init(components: [Double(v.dx), Double(v.dy)], shape: .vector,
                      box: { CGVector(dx: CGFloat($0[0]), dy: CGFloat($0[1])) })
        case let path as CGPath:
            self.init(path: path)
        case let array as [Any]:
            self.init(numbers: array, arrayType: type(of: value))
        default:
            return nil
        }
    }

    private init(components: [Double], shape: Shape, box: @escaping ([Double]) -> Any?) {
        self.components = components
        self.shape = shape
        self.box = box
    }

    /// An array of numbers. The result keeps the array's type: `[CGFloat]`, `[Double]`, `[Float]`, `[Int]`
    /// and `[NSNumber]` (gradient `locations`, `lineDashPattern`) come back as themselves, any other
    /// array as `[Any]` with each element boxed as the corresponding element's type.
    private init?(numbers array: [Any], arrayType: Any.Type) {
        var values: [Double] = []
        var boxes: [(Double) -> Any?] = []
        values.reserveCapacity(array.count)
        for element in array {
            guard let number = BoxedNumber(element, nsNumberAs: { NSNumber(value: $0) }) else { return nil }
            values.append(number.value)
            boxes.append(number.box)
        }
        let elementsOf: ([Double]) -> [Any]? = { components in
            var result: [Any] = []
            result.reserveCapacity(components.count)
            for (box, component) in zip(boxes, components) {
                guard let element = box(component) else { return nil }
                result.append(element)
            }
            return result
        }
        let box: ([Double]) -> Any?
        if arrayType == [CGFloat].self {
            box = { elementsOf($0).flatMap(Self.typed(CGFloat.self)) }
        } else if arrayType == [Double].self {
            box = { elementsOf($0).flatMap(Self.typed(Double.self)) }
        } else if arrayType == [Float].self {
            box = { elementsOf($0).flatMap(Self.typed(Float.self)) }
        } else if arrayType == [Int].self {
            box = { elementsOf($0).flatMap(Self.typed(Int.self)) }
        } else if arrayType == [NSNumber].self {
            box = { elementsOf($0).flatMap(Self.typed(NSNumber.self)) }
        } else {
            box = { elementsOf($0) }
        }
        self.init(components: values, shape: .numbers(count: values.count), box: box)
    }

    private static func typed<T>(_ type: T.Type) -> ([Any]) -> [T]? {
        { elements in
            let typed = elements.compactMap { $0 as? T }
            return typed.count == elements.count ? typed : nil
        }
    }

    /// A path's points in element order; the shape records the element kinds, so only paths built the
    /// same way (same moves, lines, curves and closes) combine.
    private init(path: CGPath) {
        var kinds: [CGPathElementType] = []
        var values: [Double] = []
        path.applyWithBlock { element in
            let kind = element.pointee.type
            kinds.append(kind)
            for i in 0..<Self.pointCount(kind) {
                let p = element.pointee.points[i]
                values.append(Double(p.x))
                values.append(Double(p.y))
            }
        }
        self.init(components: values, shape: .path(kinds), box: { Self.path(kinds, $0) })
    }

    private static func pointCount(_ kind: CGPathElementType) -> Int {
        switch kind {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }

    private static func path(_ kinds: [CGPathElementType], _ values: [Double]) -> CGPath? {
        let path = CGMutablePath()
        var i = 0
        func next() -> CGPoint {
            defer { i += 2 }
            return CGPoint(x: CGFloat(values[i]), y: CGFloat(values[i + 1]))
        }
        for kind in kinds {
            switch kind {
            case .moveToPoint: path.move(to: next())
            case .addLineToPoint: path.addLine(to: next())
            case .addQuadCurveToPoint:
                let control = next()
                path.addQuadCurve(to: next(), control: control)
            case .addCurveToPoint:
                let control1 = next(), control2 = next()
                path.addCurve(to: next(), control1: control1, control2: control2)
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path.copy()
    }

    // MARK: Arithmetic

    /// `self` boxed with `components` computed from it and `other` (same shape), or nil when the shapes
    /// differ or a result is not finite.
    func combined(with other: ComponentVector, _ operation: (Double, Double) -> Double) -> Any? {
        guard shape == other.shape else { return nil }
        return finiteBox(zip(components, other.components).map(operation))
    }

    func mapped(_ operation: (Double) -> Double) -> Any? {
        finiteBox(components.map(operation))
    }

    /// Boxes `values` as this value's type; nil when one is NaN or infinite.
    func finiteBox(_ values: [Double]) -> Any? {
        guard values.allSatisfy(\.isFinite) else { return nil }
        return box(values)
    }

    /// Euclidean distance between the components; nil for different shapes.
    func distance(to other: ComponentVector) -> Double? {
        guard shape == other.shape else { return nil }
        return zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
