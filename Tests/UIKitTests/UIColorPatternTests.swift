import Foundation
import QuartzCore
import UIKit
import XCTest

/// `UIColor(patternImage:)`: a colour that tiles an image, in drawing and as a view's background.
/// Nonisolated (XCTest on Linux cannot discover `@MainActor` classes); bodies assume the main actor.
final class UIColorPatternTests: XCTestCase {
    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    private let red = [255, 0, 0, 255], blue = [0, 0, 255, 255]

    /// 4×4 points at `scale`: the top-left 2×2 red, the rest blue.
    @MainActor private func tile(scale: CGFloat = 1) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    func testSetFillTilesTheImageFromTheOrigin() { MainActor.assumeIsolated {
        let pattern = UIColor(patternImage: tile(scale: 2))
        XCTAssertFalse(pattern.getRed(nil, green: nil, blue: nil, alpha: nil), "a pattern has no components")
        XCTAssertEqual(pattern, UIColor(cgColor: pattern.cgColor))
        XCTAssertNotEqual(pattern, UIColor(patternImage: tile(scale: 2)), "another image")
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 8), format: format).image { _ in
            pattern.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 12, height: 8))
            UIColor.clear.setFill()
        }.cgImage!
        // Tiles of 4 points (the 2x image's size), upright: red at the top left of each.
        for (x, y, expected) in [(0, 0, red), (1, 1, red), (2, 1, blue), (1, 2, blue), (4, 0, red), (5, 5, red),
                                 (9, 1, red), (10, 6, blue), (11, 7, blue)] {
            XCTAssertEqual(rgba(image, x, y), expected, "(\(x), \(y))")
        }
        // Through a bezier path, with an alpha.
        let faded = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: format).image { _ in
            pattern.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8)).fill(with: .normal, alpha: 0.5)
        }.cgImage!
        // Premultiplied pixels: half red, half alpha.
        XCTAssertEqual(rgba(faded, 4, 0)[0], 128, accuracy: 1)
        XCTAssertEqual(rgba(faded, 4, 0)[3], 128, accuracy: 1)
        XCTAssertEqual(rgba(faded, 7, 7)[2], 128, accuracy: 1)
    } }

    func testViewBackgroundTiles() throws { try MainActor.assumeIsolated {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 6))
        view.backgroundColor = UIColor(patternImage: tile())
        XCTAssertEqual(view.backgroundColor, UIColor(cgColor: view.layer.backgroundColor!))
        let ctx = CGContext(data: nil, width: 10, height: 6, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = view.layer
        renderer.bounds = view.bounds
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        let image = ctx.makeImage()!
        for (x, y, expected) in [(0, 0, red), (3, 0, blue), (4, 1, red), (8, 5, red), (6, 5, blue), (9, 4, red), (1, 3, blue)] {
            XCTAssertEqual(rgba(image, x, y), expected, "(\(x), \(y))")
        }
    } }

    /// A picture of pattern fills, a tiled resizable image and a button, to look at (written to the
    /// temporary directory).
    func testPictureOfPatternsAndResizableImages() throws { try MainActor.assumeIsolated {
        let checker = UIColor(patternImage: tile(scale: 2))
        let format = UIGraphicsImageRendererFormat()
        format.scale = 4
        let caps = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30), format: format).image { _ in
            checker.setFill()
            UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 26, height: 26)).fill()
            tile(scale: 1).resizableImage(withCapInsets: caps).draw(in: CGRect(x: 32, y: 2, width: 26, height: 12))
            tile(scale: 1).resizableImage(withCapInsets: caps, resizingMode: .stretch).draw(in: CGRect(x: 32, y: 16, width: 26, height: 12))
        }
        try image.pngData()?.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("uicolor-pattern.png"))
        XCTAssertEqual(image.scale, 4)
        // The oval's middle: (15, 15) lies in the tile (3, 3) → blue; the outside stays clear.
        XCTAssertEqual(rgba(image.cgImage!, 15 * 4 + 1, 15 * 4 + 1), blue)
        XCTAssertEqual(rgba(image.cgImage!, 2, 2)[3], 0)
    } }
}
