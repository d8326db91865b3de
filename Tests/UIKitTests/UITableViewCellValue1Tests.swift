import QuartzCore
@testable import UIKit
import XCTest

/// The `.value1` cell style: the detail label sits at the trailing edge, as wide as its text, and
/// is laid out again when its text changes after the cell was laid out (Lockwood listing 14.6 sets
/// the detail text of a shown cell).
final class UITableViewCellValue1Tests: XCTestCase {
    func testTheDetailLabelFollowsItsText() { MainActor.assumeIsolated {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 400, height: 44)
        cell.textLabel?.text = "2048x1536"
        cell.detailTextLabel?.text = "Loading..."
        cell.layoutIfNeeded()
        let detail = cell.detailTextLabel!
        let short = detail.frame
        XCTAssertEqual(short.maxX, 400 - 16, accuracy: 0.5, "at the trailing margin")
        XCTAssertEqual(short.width, detail.intrinsicContentSize.width, accuracy: 0.5)

        detail.text = "PNG: 139ms   JPG: 051ms"
        XCTAssertTrue(cell.contentView.layer.needsLayout(), "a new text asks for layout")
        cell.layoutIfNeeded()
        XCTAssertGreaterThan(detail.frame.width, short.width)
        XCTAssertEqual(detail.frame.width, detail.intrinsicContentSize.width, accuracy: 0.5)
        XCTAssertEqual(detail.frame.maxX, 400 - 16, accuracy: 0.5)
        XCTAssertLessThanOrEqual(cell.textLabel!.frame.maxX, detail.frame.minX, "the title leaves the detail room")
    }}
}
