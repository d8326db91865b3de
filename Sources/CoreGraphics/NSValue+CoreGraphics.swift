import Foundation

// Apple's `NSValue` boxes of Core Graphics structs. swift-corelibs-foundation boxes points, sizes
// and rects under AppKit's names (`NSValue(point:)`, `pointValue`), and its generic boxes cannot
// hold structs, so an affine transform is boxed as an array of six doubles (objCType "[6d]").

extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(cgVector vector: CGVector) {
        self.init(doubles: [Double(vector.dx), Double(vector.dy)], objCType: NSValue.cgVectorObjCType)
    }

    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) },
                  objCType: NSValue.cgAffineTransformObjCType)
    }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    /// The vector in a box made by `init(cgVector:)`; zero for any other box.
    public var cgVectorValue: CGVector {
        guard let d = doubles(ifObjCType: NSValue.cgVectorObjCType, count: 2) else { return CGVector() }
        return CGVector(dx: d[0], dy: d[1])
    }

    /// The transform in a box made by `init(cgAffineTransform:)`; all zeros for any other box.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let d = doubles(ifObjCType: NSValue.cgAffineTransformObjCType, count: 6) else { return CGAffineTransform() }
        return CGAffineTransform(a: d[0], b: d[1], c: d[2], d: d[3], tx: d[4], ty: d[5])
    }
}

// MARK: Boxes of doubles (for QuartzCore's and UIKit's boxes too; not Apple API, so `package`)

extension NSValue {
    /// The type encodings of the boxes above.
    package static let cgVectorObjCType = "[2d]"
    package static let cgAffineTransformObjCType = "[6d]"

    /// A box of `doubles` as a C array of doubles; `objCType` must be "[<count>d]".
    package convenience init(doubles: [Double], objCType: String) {
        precondition(objCType == "[\(doubles.count)d]", "objCType does not describe \(doubles.count) doubles")
        self.init(bytes: doubles, objCType: objCType)
    }

    /// The doubles in this box when its type encoding is `objCType` (an array of `count` doubles).
    package func doubles(ifObjCType objCType: String, count: Int) -> [Double]? {
        guard String(cString: self.objCType) == objCType else { return nil }
        var result = [Double](repeating: 0, count: count)
        result.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return result
    }
}
