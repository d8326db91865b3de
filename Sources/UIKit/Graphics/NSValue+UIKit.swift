import Foundation

// Apple's `NSValue` box of `UIEdgeInsets`, as top, left, bottom, right (objCType "[4d]"; see
// NSValue+CoreGraphics.swift for why an array of doubles).

extension NSValue {
    package static let uiEdgeInsetsObjCType = "[4d]"

    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(doubles: [insets.top, insets.left, insets.bottom, insets.right].map { Double($0) },
                  objCType: NSValue.uiEdgeInsetsObjCType)
    }

    /// The insets in a box made by `init(uiEdgeInsets:)`; zero for any other box.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard let d = doubles(ifObjCType: NSValue.uiEdgeInsetsObjCType, count: 4) else { return .zero }
        return UIEdgeInsets(top: d[0], left: d[1], bottom: d[2], right: d[3])
    }
}
