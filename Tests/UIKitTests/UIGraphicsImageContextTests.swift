import Foundation
import UIKit
import XCTest

/// UIGraphicsBeginImageContextWithOptions and friends. Nonisolated; bodies that use UIScreen assume the
/// main actor.
final class UIGraphicsImageContextTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { UIScreen.main.overrideScale(nil) }
        while UIGraphicsGetCurrentContext() != nil { UIGraphicsPopContext() }
    }

    private func rgba(_ image: UIImage?, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image?.cgImage?.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func testImageContextIsYDownAtItsScale() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 5), false, 2)
        XCTAssertNotNil(UIGraphicsGetCurrentContext())
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 1))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertEqual(image?.scale, 2)
        XCTAssertEqual(image?.size, CGSize(width: 10, height: 5))
        XCTAssertEqual(image?.cgImage?.width, 20)
        XCTAssertEqual(image?.cgImage?.height, 10)
        XCTAssertEqual(rgba(image, 5, 1), [255, 0, 0, 255], "y = 0 is the top")
        XCTAssertEqual(rgba(image, 5, 2), [0, 0, 0, 0])
    }

    func testOpaqueAndTheDefaultScale() {
        UIGraphicsBeginImageContext(CGSize(width: 4, height: 4))
        let plain = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(plain?.scale, 1)
        XCTAssertEqual(rgba(plain, 1, 1), [0, 0, 0, 0], "not opaque: transparent")

        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
        let opaque = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(rgba(opaque, 1, 1), [0, 0, 0, 255], "opaque: no alpha, black")
        XCTAssertEqual(opaque?.cgImage?.alphaInfo, .noneSkipFirst)

        MainActor.assumeIsolated { UIScreen.main.overrideScale(3) }
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 2), false, 0)
        let screen = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(screen?.scale, 3, "scale 0 is the screen's")
        XCTAssertEqual(screen?.cgImage?.width, 12)
    }

    func testContextsNest() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 8, height: 8), false, 1)
        let outer = UIGraphicsGetCurrentContext()
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), false, 1)
        XCTAssertFalse(UIGraphicsGetCurrentContext() === outer)
        let inner = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertTrue(UIGraphicsGetCurrentContext() === outer)
        let outerImage = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        XCTAssertEqual(inner?.size, CGSize(width: 3, height: 3))
        XCTAssertEqual(rgba(inner, 1, 1), [0, 0, 0, 0])
        XCTAssertEqual(outerImage?.size, CGSize(width: 8, height: 8))
        XCTAssertEqual(rgba(outerImage, 1, 1), [0, 0, 255, 255])

        // A renderer inside an image context, and an image context inside a renderer.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 1)
        let before = UIGraphicsGetCurrentContext()
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 5, height: 5)).image { context in
            XCTAssertTrue(UIGraphicsGetCurrentContext() === context.cgContext)
            XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext(), "a renderer's context is not an image context")
            UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
            XCTAssertNotNil(UIGraphicsGetImageFromCurrentImageContext())
            UIGraphicsEndImageContext()
            XCTAssertTrue(UIGraphicsGetCurrentContext() === context.cgContext)
        }
        XCTAssertEqual(rendered.size, CGSize(width: 5, height: 5))
        XCTAssertTrue(UIGraphicsGetCurrentContext() === before)
        UIGraphicsEndImageContext()
    }

    func testNoContextGivesNil() {
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        UIGraphicsPopContext()
        UIGraphicsBeginImageContextWithOptions(.zero, false, 1)
        XCTAssertNil(UIGraphicsGetCurrentContext(), "an empty size makes no context")
        XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()

        // A pushed context is current but gives no image.
        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        let bitmap = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(),
                               bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        UIGraphicsPushContext(bitmap)
        XCTAssertTrue(UIGraphicsGetCurrentContext() === bitmap)
        XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsPopContext()
        XCTAssertNotNil(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        XCTAssertNil(UIGraphicsGetCurrentContext())
    }

    func testContextsArePerThread() {
        UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
        let done = expectation(description: "other thread")
        nonisolated(unsafe) var seen: CGContext?? = .none
        let thread = Thread {
            seen = .some(UIGraphicsGetCurrentContext())
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), false, 1)
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 3, height: 3))
            let image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            XCTAssertEqual(image?.size, CGSize(width: 3, height: 3))
            done.fulfill()
        }
        thread.start()
        wait(for: [done], timeout: 5)
        XCTAssertNotNil(seen)
        XCTAssertNil(seen!, "another thread starts with no context")
        XCTAssertEqual(UIGraphicsGetImageFromCurrentImageContext()?.size, CGSize(width: 2, height: 2))
        UIGraphicsEndImageContext()
    }
}
