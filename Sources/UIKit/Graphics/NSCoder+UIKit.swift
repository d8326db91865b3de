import Foundation

// Apple's keyed coding of `UIEdgeInsets`, stored as Apple stores it: "{top, left, bottom, right}".

extension NSCoder {
    public func encode(_ insets: UIEdgeInsets, forKey key: String) {
        encodeNumbers([insets.top, insets.left, insets.bottom, insets.right], brackets: ("{", "}"), forKey: key)
    }

    /// The insets under `key`; zero when there are none.
    public func uiEdgeInsets(forKey key: String) -> UIEdgeInsets {
        guard let n = decodeNumbers(forKey: key, count: 4) else { return .zero }
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
}
