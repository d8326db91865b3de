import Foundation
import QuartzCore
import UIKit
import XCTest

/// Resizable images (cap insets) drawn by `draw(in:)` and shown by UIImageView, and UIEdgeInsets.
/// Nonisolated (XCTest on Linux cannot discover `@MainActor` classes); bodies assume the main actor.
final class UIImageResizableTests: XCTestCase {
    private func rgba(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image?.pixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    private let red = [255, 0, 0, 255], green = [0, 255, 0, 255], blue = [0, 0, 255, 255], yellow = [255, 255, 0, 255]

    /// 10×10 pixels at `scale`: red corners and green edges 3 pixels deep, a middle of two blue then
    /// two yellow columns.
    @MainActor private func makeNineSlice(scale: CGFloat = 1) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let bitmap = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in
            UIColor.green.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.red.setFill()
            for corner in [CGPoint(x: 0, y: 0), CGPoint(x: 7, y: 0), CGPoint(x: 0, y: 7), CGPoint(x: 7, y: 7)] {
                UIRectFill(CGRect(origin: corner, size: CGSize(width: 3, height: 3)))
            }
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 3, y: 3, width: 2, height: 4))
            UIColor.yellow.setFill()
            UIRectFill(CGRect(x: 5, y: 3, width: 2, height: 4))
        }
        return UIImage(cgImage: bitmap.cgImage!, scale: scale, orientation: .up)
    }

    @MainActor private func drawn(_ image: UIImage, size: CGSize, scale: CGFloat = 1) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in
            image.draw(in: CGRect(origin: .zero, size: size))
        }.cgImage!
    }

    func testEdgeInsets() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        XCTAssertEqual(CGRect(x: 10, y: 10, width: 20, height: 20).inset(by: insets), CGRect(x: 12, y: 11, width: 14, height: 16))
        XCTAssertEqual(UIEdgeInsets.zero, UIEdgeInsets())
        XCTAssertNotEqual(insets, .zero)
    }

    func testResizableImageKeepsItsBitmapAndRecordsTheCaps() { MainActor.assumeIsolated {
        let image = makeNineSlice(scale: 2)
        XCTAssertEqual(image.capInsets, .zero)
        XCTAssertEqual(image.resizingMode, .stretch)
        let caps = UIEdgeInsets(top: 1.5, left: 1.5, bottom: 1.5, right: 1.5)
        let tiled = image.resizableImage(withCapInsets: caps)
        XCTAssertEqual(tiled.capInsets, caps)
        XCTAssertEqual(tiled.resizingMode, .tile, "UIKit's default")
        XCTAssertEqual(tiled.scale, 2)
        XCTAssertEqual(tiled.size, image.size)
        XCTAssertTrue(tiled.cgImage === image.cgImage)
        XCTAssertEqual(image.resizableImage(withCapInsets: caps, resizingMode: .stretch).resizingMode, .stretch)
    } }

    func testDrawInRectKeepsCornersAndStretchesOrTilesTheMiddle() { MainActor.assumeIsolated {
        let caps = UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        let stretched = drawn(makeNineSlice().resizableImage(withCapInsets: caps, resizingMode: .stretch),
                              size: CGSize(width: 20, height: 20))
        XCTAssertEqual(rgba(stretched, 1, 1), red)
        XCTAssertEqual(rgba(stretched, 18, 18), red, "corners keep 3 pixels")
        XCTAssertEqual(rgba(stretched, 2, 17), red)
        XCTAssertEqual(rgba(stretched, 3, 17), green)
        XCTAssertEqual(rgba(stretched, 10, 1), green, "top edge")
        XCTAssertEqual(rgba(stretched, 5, 10), blue, "middle 3...17: blue left half")
        XCTAssertEqual(rgba(stretched, 12, 10), yellow)

        let tiled = drawn(makeNineSlice().resizableImage(withCapInsets: caps), size: CGSize(width: 20, height: 20))
        XCTAssertEqual(rgba(tiled, 1, 1), red)
        XCTAssertEqual(rgba(tiled, 18, 18), red)
        // Tiles of 4 pixels from x = 3: blue 3-4, yellow 5-6, blue 7-8, yellow 9-10, blue 11-12.
        XCTAssertEqual(rgba(tiled, 3, 10), blue)
        XCTAssertEqual(rgba(tiled, 5, 10), yellow)
        XCTAssertEqual(rgba(tiled, 7, 10), blue)
        XCTAssertEqual(rgba(tiled, 12, 10), blue)
        XCTAssertEqual(rgba(tiled, 14, 4), yellow)
        XCTAssertEqual(rgba(tiled, 16, 4), blue)
        XCTAssertEqual(rgba(tiled, 10, 1), green)

        // Caps in points of a 2x image, drawn at 2x: 6 pixels of corner.
        let twice = drawn(makeNineSlice(scale: 2).resizableImage(withCapInsets: UIEdgeInsets(top: 1.5, left: 1.5, bottom: 1.5, right: 1.5),
                                                                   resizingMode: .stretch),
                          size: CGSize(width: 20, height: 20), scale: 2)
        XCTAssertEqual(rgba(twice, 2, 2), red)
        XCTAssertEqual(rgba(twice, 37, 37), red)
        XCTAssertEqual(rgba(twice, 20, 1), green)
        XCTAssertEqual(rgba(twice, 10, 20), blue)
        XCTAssertEqual(rgba(twice, 30, 20), yellow)
    } }

    /// The view's layer drawn at 1x into a bitmap.
    @MainActor private func render(_ view: UIView) -> CGImage {
        let ctx = CGContext(data: nil, width: Int(view.bounds.width), height: Int(view.bounds.height), bitsPerComponent: 8,
                            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = view.layer
        renderer.bounds = view.bounds
        CATransaction.flush()
        view.layoutIfNeeded()
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        return ctx.makeImage()!
    }

    func testImageViewShowsResizableImagesNineSlice() throws { try MainActor.assumeIsolated {
        let caps = UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        let stretchView = UIImageView(image: makeNineSlice().resizableImage(withCapInsets: caps, resizingMode: .stretch))
        stretchView.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        let center = stretchView.layer.contentsCenter
        for (value, expected) in [(center.minX, 0.3), (center.minY, 0.3), (center.width, 0.4), (center.height, 0.4)] {
            XCTAssertEqual(value, expected, accuracy: 1e-12)
        }
        let stretched = render(stretchView)
        XCTAssertEqual(rgba(stretched, 28, 1), red)
        XCTAssertEqual(rgba(stretched, 27, 17), red)
        XCTAssertEqual(rgba(stretched, 15, 1), green)
        XCTAssertEqual(rgba(stretched, 8, 10), blue)
        XCTAssertEqual(rgba(stretched, 20, 10), yellow)

        let tileView = UIImageView(image: makeNineSlice().resizableImage(withCapInsets: caps))
        tileView.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        var tiled = render(tileView)
        XCTAssertEqual(rgba(tiled, 28, 1), red)
        XCTAssertEqual(rgba(tiled, 7, 10), blue)
        XCTAssertEqual(rgba(tiled, 9, 10), yellow)
        XCTAssertEqual(rgba(tiled, 11, 10), blue)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uiimageview-tiled.png")
        try tiled.pngData()?.write(to: url)
        // A new size draws the tiles again.
        tileView.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        tiled = render(tileView)
        XCTAssertEqual(tiled.width, 40)
        XCTAssertEqual(rgba(tiled, 38, 18), red)
        XCTAssertEqual(rgba(tiled, 35, 10), blue, "tile at 35-36")

        // Other content modes show the image as it is.
        tileView.contentMode = .center
        XCTAssertTrue(tileView.layer.contents as AnyObject === tileView.image?.cgImage)
    } }
}
