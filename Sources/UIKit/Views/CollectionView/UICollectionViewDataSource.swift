import Foundation

/// Supplies a collection view's items: how many, and a cell for each. Apple's protocol has
/// optional methods; here they have defaults in an extension (`numberOfSections(in:)` is 1).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// A cell from `dequeueReusableCell(withReuseIdentifier:for:)`, configured for `indexPath`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}
