import Foundation

/// The Swift value inside an `NSValue` box, for code written for Apple platforms that passes
/// animation and layer values boxed (`NSValue(caTransform3D:)`, `NSValue(cgPoint:)`).
enum BoxedValue {
    /// The point, size, rect, vector, affine or 3D transform in `box`; nil for other boxes
    /// (`NSNumber`s included: the numeric conversions read those themselves).
    static func contents(of box: NSValue) -> Any? {
        if box is NSNumber { return nil }
        switch String(cString: box.objCType) {
        case "{CGPoint=dd}": return box.pointValue
        case "{CGSize=dd}": return box.sizeValue
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": return box.rectValue
        case NSValue.caTransform3DObjCType: return box.caTransform3DValue
        case NSValue.cgAffineTransformObjCType: return box.cgAffineTransformValue
        case NSValue.cgVectorObjCType: return box.cgVectorValue
        default: return nil
        }
    }
}
