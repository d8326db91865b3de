import Foundation
import QuartzCore
import UIKit
import XCTest

/// UIButton's images and background images per state, and how they are drawn. Nonisolated (XCTest on
/// Linux cannot discover `@MainActor` classes); bodies assume the main actor.
final class UIButtonImageTests: XCTestCase {
    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @MainActor private func solid(_ color: UIColor, _ size: CGSize) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in
            color.setFill()
            UIRectFill(CGRect(origin: .zero, size: size))
        }
    }

    @MainActor private func render(_ view: UIView) -> CGImage {
        let ctx = CGContext(data: nil, width: Int(view.bounds.width), height: Int(view.bounds.height), bitsPerComponent: 8,
                            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = view.layer
        renderer.bounds = view.bounds
        view.layoutIfNeeded()
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        return ctx.makeImage()!
    }

    func testImagesPerStateFallBackToNormal() { MainActor.assumeIsolated {
        let button = UIButton(type: .custom)
        let normal = solid(.red, CGSize(width: 4, height: 4)), pressed = solid(.blue, CGSize(width: 4, height: 4))
        let back = solid(.green, CGSize(width: 4, height: 4))
        XCTAssertNil(button.currentImage)
        XCTAssertNil(button.currentBackgroundImage)
        button.setImage(normal, for: .normal)
        button.setImage(pressed, for: .highlighted)
        button.setBackgroundImage(back, for: .normal)
        XCTAssertTrue(button.image(for: .normal) === normal)
        XCTAssertTrue(button.image(for: .highlighted) === pressed)
        XCTAssertTrue(button.image(for: .selected) === normal, "falls back to normal")
        XCTAssertTrue(button.backgroundImage(for: .disabled) === back)
        XCTAssertTrue(button.currentImage === normal)
        XCTAssertTrue(button.imageView?.image === normal)
        button.isHighlighted = true
        XCTAssertTrue(button.currentImage === pressed)
        XCTAssertTrue(button.imageView?.image === pressed)
        XCTAssertTrue(button.currentBackgroundImage === back)
        button.isHighlighted = false
        button.setImage(nil, for: .normal)
        XCTAssertNil(button.currentImage)
        XCTAssertEqual(button.imageView?.isHidden, true)
    } }

    func testImageBesideTitleOverTheBackground() throws { try MainActor.assumeIsolated {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        button.setBackgroundImage(solid(.red, CGSize(width: 10, height: 10))
            .resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2), resizingMode: .stretch), for: .normal)
        button.setImage(solid(.blue, CGSize(width: 16, height: 16)), for: .normal)
        button.setImage(solid(.yellow, CGSize(width: 16, height: 16)), for: .selected)
        button.setTitle("Go", for: .normal)
        button.layoutIfNeeded()
        let imageFrame = button.imageView!.frame
        let titleFrame = button.titleLabel!.frame
        XCTAssertEqual(imageFrame.size, CGSize(width: 16, height: 16))
        XCTAssertEqual(imageFrame.maxX, titleFrame.minX, "image first, then the title")
        XCTAssertEqual((imageFrame.minX + titleFrame.maxX) / 2, 50, accuracy: 1, "centred together")
        XCTAssertEqual(imageFrame.midY, 20)

        var picture = render(button)
        try picture.pngData()?.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("uibutton-images.png"))
        XCTAssertEqual(rgba(picture, 1, 1), [255, 0, 0, 255], "the background fills the button")
        XCTAssertEqual(rgba(picture, 98, 38), [255, 0, 0, 255])
        XCTAssertEqual(rgba(picture, Int(imageFrame.midX), 20), [0, 0, 255, 255])

        button.isSelected = true
        button.layoutIfNeeded()
        picture = render(button)
        XCTAssertEqual(rgba(picture, Int(button.imageView!.frame.midX), 20), [255, 255, 0, 255])
        XCTAssertGreaterThanOrEqual(button.sizeThatFits(.zero).width, 16 + titleFrame.width)
    } }
}
