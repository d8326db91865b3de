import CoreGraphics
import Foundation
import QuartzCore

/// Where and how one element of a collection view is shown: the layout hands these out and the
/// collection view applies them to the cells' views and layers.
///
/// `frame` is the untransformed rectangle (`center` and `size`); `transform3D` is applied about
/// the centre on top of it, as on Apple platforms.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// The kind of element the attributes describe.
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

    open var indexPath: IndexPath
    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var transform3D: CATransform3D = CATransform3DIdentity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    open private(set) var representedElementCategory: ElementCategory = .cell
    open private(set) var representedElementKind: String?

    /// The rectangle the element fills before its transform.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The affine part of `transform3D` (setting it replaces the 3D transform).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    public required override init() {
        indexPath = IndexPath(item: 0, section: 0)
        super.init()
    }

    /// Attributes for the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` (a header or a footer).
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.indexPath = indexPath
        c.center = center
        c.size = size
        c.transform3D = transform3D
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        c.representedElementCategory = representedElementCategory
        c.representedElementKind = representedElementKind
        return c
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes else { return false }
        return indexPath == o.indexPath && center == o.center && size == o.size && CATransform3DEqualToTransform(transform3D, o.transform3D)
            && alpha == o.alpha && zIndex == o.zIndex && isHidden == o.isHidden
            && representedElementCategory == o.representedElementCategory && representedElementKind == o.representedElementKind
    }

    open override var hash: Int { indexPath.hashValue }
}
