import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIImage.renderingMode`, `withRenderingMode(_:)`, and template images drawn in the tint by image
/// views and buttons.
final class UIImageRenderingModeTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    /// A 20×20 image: an opaque green square in the middle, clear around it.
    @MainActor private func icon() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in
            UIColor.green.setFill()
            UIRectFill(CGRect(x: 5, y: 5, width: 10, height: 10))
        }
    }

    func testModesAndCopies() { MainActor.assumeIsolated {
        let image = icon()
        XCTAssertEqual(image.renderingMode, .automatic)
        let template = image.withRenderingMode(.alwaysTemplate)
        XCTAssertEqual(template.renderingMode, .alwaysTemplate)
        XCTAssertEqual(template.size, image.size)
        XCTAssertTrue(template.cgImage === image.cgImage, "the same bitmap")
        XCTAssertEqual(image.renderingMode, .automatic, "the original is unchanged")
        XCTAssertEqual(template.withRenderingMode(.alwaysOriginal).renderingMode, .alwaysOriginal)
        XCTAssertEqual(UIImage.RenderingMode.alwaysTemplate.rawValue, 2)
        let resizable = template.resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        XCTAssertEqual(resizable.renderingMode, .alwaysTemplate)
    } }

    func testAnImageViewDrawsATemplateInItsTint() { MainActor.assumeIsolated {
        let original = UIImageView(image: icon())
        XCTAssertEqual(renderedPixels(of: original).rgba(10, 10), [0, 255, 0, 255], "as it is")
        let view = UIImageView(image: icon().withRenderingMode(.alwaysTemplate))
        let blue = renderedPixels(of: view)
        XCTAssertEqual(blue.rgba(10, 10), [0, 122, 255, 255], "system blue where the image is")
        XCTAssertEqual(blue.rgba(1, 1)[3], 0, "clear where it is clear")
        view.tintColor = .red
        XCTAssertEqual(renderedPixels(of: view).rgba(10, 10), [255, 0, 0, 255], "again in the new tint")
        let parent = UIView()
        parent.tintColor = .magenta
        view.tintColor = nil
        parent.addSubview(view)
        XCTAssertEqual(renderedPixels(of: view).rgba(10, 10), [255, 0, 255, 255], "the inherited tint")
    } }

    func testButtonsDrawTemplatesInTheirTint() { MainActor.assumeIsolated {
        @MainActor func button(_ type: UIButton.ButtonType, _ image: UIImage) -> UIButton {
            let button = UIButton(type: type)
            button.setImage(image, for: .normal)
            button.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            button.tintColor = .red
            return button
        }
        let system = button(.system, icon())
        XCTAssertEqual(renderedPixels(of: system).rgba(20, 20), [255, 0, 0, 255], "a system button tints automatic images")
        XCTAssertTrue(system.imageView?.image === system.currentImage)
        let original = button(.system, icon().withRenderingMode(.alwaysOriginal))
        XCTAssertEqual(renderedPixels(of: original).rgba(20, 20), [0, 255, 0, 255])
        let custom = button(.custom, icon())
        XCTAssertEqual(renderedPixels(of: custom).rgba(20, 20), [0, 255, 0, 255], "a custom button draws it as it is")
        let customTemplate = button(.custom, icon().withRenderingMode(.alwaysTemplate))
        XCTAssertEqual(renderedPixels(of: customTemplate).rgba(20, 20), [255, 0, 0, 255])
    } }
}
