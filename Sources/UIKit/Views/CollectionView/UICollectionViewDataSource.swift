import Foundation

/// Supplies a collection view's items: how many, and a cell for each. Apple's protocol has
/// optional methods; here they have defaults in an extension (`numberOfSections(in:)` is 1).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// A cell from `dequeueReusableCell(withReuseIdentifier:for:)`, configured for `indexPath`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// A view from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)` for a header
    /// or footer the layout places.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// An empty view (Apple requires the method once the layout has supplementary views).
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
}
