import CoreGraphics
import Foundation
import XCTest

/// UIKit's keyed coding of geometry through a keyed archiver and back, and the string forms.
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
        XCTAssertEqual(coder.decodeCGPoint(forKey: "point"), CGPoint(x: 1.5, y: -2))
        XCTAssertEqual(coder.decodeCGSize(forKey: "size"), CGSize(width: 3, height: 0.1))
        XCTAssertEqual(coder.decodeCGRect(forKey: "rect"), CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(coder.decodeCGVector(forKey: "vector"), CGVector(dx: -5, dy: 6.5))
        XCTAssertEqual(coder.decodeCGAffineTransform(forKey: "transform"), transform, "exact to the bit")
    }

    func testMissingKeysDecodeAsZero() throws {
        let coder = try roundTrip { $0.encode(CGPoint(x: 1, y: 1), forKey: "other") }
        XCTAssertEqual(coder.decodeCGPoint(forKey: "point"), .zero)
        XCTAssertEqual(coder.decodeCGSize(forKey: "size"), .zero)
        XCTAssertEqual(coder.decodeCGRect(forKey: "rect"), .zero)
        XCTAssertEqual(coder.decodeCGVector(forKey: "vector"), CGVector())
        XCTAssertEqual(coder.decodeCGAffineTransform(forKey: "transform"), CGAffineTransform())
    }

    func testTransformIsStoredAsItsString() throws {
        let coder = try roundTrip { $0.encode(CGAffineTransform(a: 1, b: 0, c: 0, d: 2, tx: 3.5, ty: 4), forKey: "t") }
        XCTAssertEqual(coder.decodeObject(of: NSString.self, forKey: "t"), "[1, 0, 0, 2, 3.5, 4]")
    }

    func testStringForms() {
        XCTAssertEqual(NSCoder.string(for: CGPoint(x: 3, y: 2.5)), "{3, 2.5}")
        XCTAssertEqual(NSCoder.string(for: CGSize(width: -1, height: 0.1)), "{-1, 0.1}")
        XCTAssertEqual(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)), "{{1, 2}, {3, 4}}")
        XCTAssertEqual(NSCoder.string(for: CGVector(dx: 0, dy: 1e-3)), "{0, 0.001}")
        XCTAssertEqual(NSCoder.cgPoint(for: "{3.0,2.5}"), CGPoint(x: 3, y: 2.5), "Apple's example")
        XCTAssertEqual(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}"), CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(NSCoder.cgSize(for: "{1, two}"), .zero, "not well formed")
        XCTAssertEqual(NSCoder.cgPoint(for: "{1, 2, 3}"), .zero, "too many numbers")
        let t = CGAffineTransform(rotationAngle: 1)
        XCTAssertEqual(NSCoder.cgAffineTransform(for: NSCoder.string(for: t)), t)
        XCTAssertEqual(NSCoder.cgVector(for: NSCoder.string(for: CGVector(dx: 0.1, dy: -0.3))), CGVector(dx: 0.1, dy: -0.3))
    }
}
