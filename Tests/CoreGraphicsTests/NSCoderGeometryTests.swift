import CoreGraphics
import Foundation
import XCTest

/// UIKit's keyed coding of geometry, through a keyed archiver and back.
final class NSCoderGeometryTests: XCTestCase {
    private func roundTrip(_ encode: (NSKeyedArchiver) -> Void) throws -> NSKeyedUnarchiver {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        encode(archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = true
        return unarchiver
    }

    func testGeometryRoundTrips() throws {
        let transform = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 1.25, y: -7)
        let coder = try roundTrip { a in
            a.encode(CGPoint(x: 1.5, y: -2), forKey: "point")
            a.encode(CGSize(width: 3, height: 0.1), forKey: "size")
            a.encode(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "rect")
            a.encode(CGVector(dx: -5, dy: 6.5), forKey: "vector")
            a.encode(transform, forKey: "transform")
        }
        XCTAssertEqual(coder.cgPoint(forKey: "point"), CGPoint(x: 1.5, y: -2))
        XCTAssertEqual(coder.cgSize(forKey: "size"), CGSize(width: 3, height: 0.1))
        XCTAssertEqual(coder.cgRect(forKey: "rect"), CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(coder.cgVector(forKey: "vector"), CGVector(dx: -5, dy: 6.5))
        XCTAssertEqual(coder.cgAffineTransform(forKey: "transform"), transform, "exact to the bit")
    }

    func testMissingKeysDecodeAsZero() throws {
        let coder = try roundTrip { $0.encode(CGPoint(x: 1, y: 1), forKey: "other") }
        XCTAssertEqual(coder.cgPoint(forKey: "point"), .zero)
        XCTAssertEqual(coder.cgSize(forKey: "size"), .zero)
        XCTAssertEqual(coder.cgRect(forKey: "rect"), .zero)
        XCTAssertEqual(coder.cgVector(forKey: "vector"), CGVector())
        XCTAssertEqual(coder.cgAffineTransform(forKey: "transform"), CGAffineTransform())
    }

    func testTransformIsStoredAsApplesString() throws {
        let coder = try roundTrip { $0.encode(CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 3.5, ty: 4), forKey: "t") }
        XCTAssertEqual(coder.decodeObject(of: NSString.self, forKey: "t"), "[1.0, 0.0, 0.0, 2.0, 3.5, 4.0]")
    }
}
