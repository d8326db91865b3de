import Foundation

// UIKit's names for the two levels of an index path of a table or collection view.
extension IndexPath {
    /// A table view's row `row` in section `section`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// A collection view's item `item` in section `section`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row of a table view: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item of a collection view: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
