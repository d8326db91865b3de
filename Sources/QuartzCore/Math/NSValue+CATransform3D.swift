import Foundation

// Apple's `NSValue` box of a `CATransform3D`. swift-corelibs-foundation's generic boxes cannot
// hold structs, so the transform is boxed as its sixteen elements, m11 to m44 (objCType "[16d]").

extension NSValue {
    package static let caTransform3DObjCType = "[16d]"

    public convenience init(caTransform3D t: CATransform3D) {
        var elements = [Double]()
        elements.reserveCapacity(16)
        for row in 0..<4 { for column in 0..<4 { elements.append(Double(t[row, column])) } }
        self.init(doubles: elements, objCType: NSValue.caTransform3DObjCType)
    }

    /// The transform in a box made by `init(caTransform3D:)`; all zeros for any other box.
    public var caTransform3DValue: CATransform3D {
        var t = CATransform3D()
        guard let d = doubles(ifObjCType: NSValue.caTransform3DObjCType, count: 16) else { return t }
        for row in 0..<4 { for column in 0..<4 { t[row, column] = CGFloat(d[row * 4 + column]) } }
        return t
    }
}
