import CoreGraphics
import Foundation

/// Decides where a collection view's items go. Subclasses override `prepare()` to compute, then
/// answer `collectionViewContentSize` and the attributes for a rect or an item; the collection view
/// asks for the elements in its visible rect each time it lays out (each scroll), and calls
/// `prepare()` again after `invalidateLayout()`.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view using the layout (set when the layout is assigned).
    open internal(set) weak var collectionView: UICollectionView?

    /// `prepare()` must run before the layout is asked anything.
    var needsPrepare = true

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Computes the layout; the base class does nothing.
    open func prepare() {}

    /// The size of the whole content (the scroll view's `contentSize`).
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of the elements that intersect `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view (header, footer) of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether scrolling or resizing to `newBounds` needs a new layout (false: only a new size does
    /// in the flow layout; a layout that depends on the offset returns true).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout out of date: the collection view calls `prepare()` again at its next layout.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Where scrolling should stop after a flick (the proposed offset unless overridden).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// The offset to keep after a layout change (the proposed one unless overridden).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Runs `prepare()` if the layout was invalidated.
    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}
