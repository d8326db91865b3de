import Foundation

// Apple's keyed coding of Core Graphics structs (UIKit's `decodeCGPoint(forKey:)` family) and their
// string forms (`NSCoder.string(for:)`, `NSCoder.cgPoint(for:)`: NSStringFromCGPoint and
// CGPointFromString). swift-corelibs-foundation already encodes points, sizes and rects
// (`encode(_: CGPoint, forKey:)`, `decodePoint(forKey:)`); vectors and affine transforms are
// stored as Apple stores them, as their strings. A missing key decodes as zero.

extension NSCoder {
    // Foundation's decodePoint(forKey:) and the like fail the decoding on a missing key.
    public func decodeCGPoint(forKey key: String) -> CGPoint { containsValue(forKey: key) ? decodePoint(forKey: key) : .zero }
    public func decodeCGSize(forKey key: String) -> CGSize { containsValue(forKey: key) ? decodeSize(forKey: key) : .zero }
    public func decodeCGRect(forKey key: String) -> CGRect { containsValue(forKey: key) ? decodeRect(forKey: key) : .zero }

    public func encode(_ vector: CGVector, forKey key: String) {
        encode(NSCoder.string(for: vector) as NSString, forKey: key)
    }

    public func decodeCGVector(forKey key: String) -> CGVector {
        NSCoder.cgVector(for: decodeString(forKey: key))
    }

    public func encode(_ transform: CGAffineTransform, forKey key: String) {
        encode(NSCoder.string(for: transform) as NSString, forKey: key)
    }

    /// The transform under `key`; all zeros when there is none (as Apple's).
    public func decodeCGAffineTransform(forKey key: String) -> CGAffineTransform {
        NSCoder.cgAffineTransform(for: decodeString(forKey: key))
    }

    /// The string under `key`, or "" when there is none (or something else is there).
    package func decodeString(forKey key: String) -> String {
        guard containsValue(forKey: key) else { return "" }
        return decodeObject(of: NSString.self, forKey: key) as String? ?? ""
    }
}

// MARK: String forms: "{x, y}", "{w, h}", "{{x, y}, {w, h}}", "{dx, dy}", "[a, b, c, d, tx, ty]".
// A string that does not hold the right count of numbers reads as zero.

extension NSCoder {
    public class func string(for point: CGPoint) -> String { "{\(format(point.x)), \(format(point.y))}" }
    public class func string(for size: CGSize) -> String { "{\(format(size.width)), \(format(size.height))}" }
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    public class func string(for vector: CGVector) -> String { "{\(format(vector.dx)), \(format(vector.dy))}" }

    public class func string(for transform: CGAffineTransform) -> String {
        let t = transform
        return "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: ", ") + "]"
    }

    public class func cgPoint(for string: String) -> CGPoint {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    public class func cgSize(for string: String) -> CGSize {
        guard let n = numbers(in: string, count: 2) else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    public class func cgRect(for string: String) -> CGRect {
        guard let n = numbers(in: string, count: 4) else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public class func cgVector(for string: String) -> CGVector {
        guard let n = numbers(in: string, count: 2) else { return CGVector() }
        return CGVector(dx: n[0], dy: n[1])
    }

    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = numbers(in: string, count: 6) else { return CGAffineTransform() }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// A number as Apple writes it ("3", "2.5"), exact: it reads back as the same value.
    package static func format(_ x: CGFloat) -> String {
        let text = "\(Double(x))"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The numbers of a string form, when there are exactly `count` of them.
    package static func numbers(in string: String, count: Int) -> [CGFloat]? {
        let separators = CharacterSet(charactersIn: "{}[], ").union(.whitespacesAndNewlines)
        let tokens = string.components(separatedBy: separators).filter { !$0.isEmpty }
        let numbers = tokens.compactMap { Double($0) }
        guard numbers.count == tokens.count, numbers.count == count else { return nil }
        return numbers.map { CGFloat($0) }
    }
}
