import CoreGraphics
import XCTest

/// Apple's `equalTo(_:)` on points, sizes and rectangles.
final class CGGeometryEqualityTests: XCTestCase {
    func testEqualTo() {
        XCTAssertTrue(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        XCTAssertFalse(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        XCTAssertTrue(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        XCTAssertFalse(CGSize(width: 3, height: 4).equalTo(CGSize(width: 4, height: 3)))
        let r = CGRect(x: 10, y: 10, width: 20, height: 30)
        XCTAssertTrue(r.equalTo(CGRect(x: 10, y: 10, width: 20, height: 30)))
        XCTAssertTrue(r.equalTo(CGRect(x: 30, y: 40, width: -20, height: -30)), "standardized first, as CGRectEqualToRect")
        XCTAssertFalse(r.equalTo(CGRect(x: 10, y: 10, width: 20, height: 31)))
        XCTAssertTrue(CGRect.null.equalTo(.null))
        XCTAssertFalse(CGRect.null.equalTo(.zero))
    }
}
