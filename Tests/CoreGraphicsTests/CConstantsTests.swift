import CoreGraphics
import XCTest

/// The C constants Apple-platform code uses, with Darwin's types and values.
final class CConstantsTests: XCTestCase {
    func testHugeValues() {
        let repeatCount: Float = HUGE   // assigned to a Float property without a conversion, as on Darwin
        XCTAssertEqual(repeatCount, .greatestFiniteMagnitude)
        XCTAssertEqual(Float(HUGE), .greatestFiniteMagnitude)
        XCTAssertEqual(HUGE_VALF, .infinity)
        XCTAssertEqual(HUGE_VAL, .infinity)
    }

    func testTimeUnits() {
        let nanoseconds: UInt64 = 3 * NSEC_PER_SEC + 2 * NSEC_PER_MSEC + NSEC_PER_USEC
        XCTAssertEqual(nanoseconds, 3_002_001_000)
        XCTAssertEqual(USEC_PER_SEC, 1_000_000)
        XCTAssertEqual(Double(NSEC_PER_SEC) * 0.5, 5e8)
    }
}
