import Foundation

// Apple's keyed coding of `UIEdgeInsets`, stored as Apple stores it, as its string form
// "{top, left, bottom, right}" (`NSCoder.string(for:)`, `NSCoder.uiEdgeInsets(for:)`).

extension NSCoder {
    public func encode(_ insets: UIEdgeInsets, forKey key: String) {
        encode(NSCoder.string(for: insets) as NSString, forKey: key)
    }

    /// The insets under `key`; zero when there are none.
    public func decodeUIEdgeInsets(forKey key: String) -> UIEdgeInsets {
        NSCoder.uiEdgeInsets(for: decodeString(forKey: key))
    }

    public class func string(for insets: UIEdgeInsets) -> String {
        "{" + [insets.top, insets.left, insets.bottom, insets.right].map(format).joined(separator: ", ") + "}"
    }

    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        guard let n = numbers(in: string, count: 4) else { return .zero }
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
}
