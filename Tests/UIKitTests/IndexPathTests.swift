import Foundation
import UIKit
import XCTest

/// UIKit's index-path names: section first, then the row or item.
final class IndexPathTests: XCTestCase {
    func testRowsAndItemsAreTheSecondIndex() {
        var path = IndexPath(row: 3, section: 1)
        XCTAssertEqual(path.section, 1)
        XCTAssertEqual(path.row, 3)
        XCTAssertEqual(path.item, 3)
        XCTAssertEqual(path, IndexPath(item: 3, section: 1))
        XCTAssertEqual(Array(path), [1, 3])
        path.row = 4
        path.section = 0
        XCTAssertEqual(path, IndexPath(indexes: [0, 4]))
        XCTAssertLessThan(IndexPath(row: 9, section: 0), IndexPath(row: 0, section: 1), "ordered by section first")
    }
}
