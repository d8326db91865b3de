import Foundation

// Apple's keyed coding of Core Graphics structs (UIKit's names). swift-corelibs-foundation already
// encodes points, sizes and rects (`encode(_: CGPoint, forKey:)`, `decodePoint(forKey:)`); vectors
// and affine transforms are stored as Apple stores them, as strings of their numbers:
// "{dx, dy}" and "[a, b, c, d, tx, ty]". A missing or unreadable key decodes as zero.

extension NSCoder {
    // Foundation's decodePoint(forKey:) and the like fail the decoding on a missing key.
    public func cgPoint(forKey key: String) -> CGPoint { containsValue(forKey: key) ? decodePoint(forKey: key) : .zero }
    public func cgSize(forKey key: String) -> CGSize { containsValue(forKey: key) ? decodeSize(forKey: key) : .zero }
    public func cgRect(forKey key: String) -> CGRect { containsValue(forKey: key) ? decodeRect(forKey: key) : .zero }

    public func encode(_ vector: CGVector, forKey key: String) {
        encodeNumbers([vector.dx, vector.dy], brackets: ("{", "}"), forKey: key)
    }

    public func cgVector(forKey key: String) -> CGVector {
        guard let n = decodeNumbers(forKey: key, count: 2) else { return CGVector() }
        return CGVector(dx: n[0], dy: n[1])
    }

    public func encode(_ transform: CGAffineTransform, forKey key: String) {
        let t = transform
        encodeNumbers([t.a, t.b, t.c, t.d, t.tx, t.ty], brackets: ("[", "]"), forKey: key)
    }

    /// The transform under `key`; all zeros when there is none (as Apple's).
    public func cgAffineTransform(forKey key: String) -> CGAffineTransform {
        guard let n = decodeNumbers(forKey: key, count: 6) else { return CGAffineTransform() }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
}

// MARK: Numbers as strings (for UIKit's insets too; not Apple API, so `package`)

extension NSCoder {
    /// Stores `numbers` as one string, "{1.5, 2}" with `brackets` ("{", "}").
    package func encodeNumbers(_ numbers: [CGFloat], brackets: (String, String), forKey key: String) {
        let text = brackets.0 + numbers.map { "\($0)" }.joined(separator: ", ") + brackets.1
        encode(text as NSString, forKey: key)
    }

    /// The `count` numbers of a string stored by `encodeNumbers`; nil when the key is missing or
    /// holds something else.
    package func decodeNumbers(forKey key: String, count: Int) -> [CGFloat]? {
        guard containsValue(forKey: key), let text = decodeObject(of: NSString.self, forKey: key) as String?
        else { return nil }
        let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "{}[] "))
            .split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return numbers.count == count ? numbers.map { CGFloat($0) } : nil
    }
}
