import Foundation
import QuartzCore
import UIKit
import XCTest

/// UIKit's `NSValue` and `NSCoder` support for `UIEdgeInsets`, and the colour and image literals.
/// The class is nonisolated (XCTest on Linux cannot discover `@MainActor` classes).
final class BoxesAndLiteralsTests: XCTestCase {
    func testEdgeInsetsBox() {
        let insets = UIEdgeInsets(top: 1, left: 2.5, bottom: 3, right: 4)
        XCTAssertEqual(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue, insets)
        XCTAssertEqual(NSValue(uiEdgeInsets: insets), NSValue(uiEdgeInsets: insets))
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).uiEdgeInsetsValue, .zero, "another box")
        XCTAssertEqual(UIEdgeInsets(), .zero)
        XCTAssertEqual(Set([insets, insets, .zero]).count, 2)
    }

    func testEdgeInsetsThroughAKeyedArchiver() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(UIEdgeInsets(top: 8, left: 16, bottom: 0.5, right: -2), forKey: "margins")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        XCTAssertEqual(unarchiver.decodeUIEdgeInsets(forKey: "margins"), UIEdgeInsets(top: 8, left: 16, bottom: 0.5, right: -2))
        XCTAssertEqual(unarchiver.decodeUIEdgeInsets(forKey: "padding"), .zero, "missing")
        XCTAssertEqual(NSCoder.string(for: UIEdgeInsets(top: 8, left: 16, bottom: 0.5, right: -2)), "{8, 16, 0.5, -2}")
        XCTAssertEqual(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}"), UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    }

    func testColorLiteralMakesAUIColor() {
        let color = #colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        XCTAssertTrue(type(of: color) == UIColor.self)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual([r, g, b, a], [1, 0.5, 0.25, 0.75])
        let layer = CALayer()
        layer.backgroundColor = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        XCTAssertEqual(layer.backgroundColor, UIColor.blue.cgColor)
    }

    func testImageLiteralFindsANamedImage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("literal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = MainActor.assumeIsolated { () -> Data? in
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: 6, height: 3), format: format).image { context in
                context.fill(CGRect(x: 0, y: 0, width: 6, height: 3))
            }.pngData()
        }
        try XCTUnwrap(png).write(to: directory.appendingPathComponent("badge.png"))
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let image = #imageLiteral(resourceName: "badge.png")
        XCTAssertTrue(type(of: image) == UIImage.self)
        XCTAssertEqual(image.size, CGSize(width: 6, height: 3))
    }
}
