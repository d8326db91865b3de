import CoreGraphics
@testable import QuartzCore
import XCTest

/// `CALayer.compositingFilter`: a stored, not animatable layer property holding Core Image's
/// blend-mode filter names, composited by both back ends.
final class CompositingFilterTests: FrozenClockTestCase {
    func testTheDefaultIsNil() {
        let layer = CALayer()
        XCTAssertNil(layer.compositingFilter)
        XCTAssertNil(CALayer.defaultValue(forKey: "compositingFilter"))
        XCTAssertNil(layer.value(forKey: "compositingFilter"))
        XCTAssertEqual(layer.properties.compositingBlendMode, .normal)
    }

    func testKeyValueCodingReadsAndWritesTheProperty() {
        let layer = CALayer()
        layer.setValue("screenBlendMode", forKey: "compositingFilter")
        XCTAssertEqual(layer.compositingFilter as? String, "screenBlendMode")
        XCTAssertEqual(layer.value(forKey: "compositingFilter") as? String, "screenBlendMode")
        XCTAssertEqual(layer.properties.compositingBlendMode, .screen)
        XCTAssertTrue(layer.extraValues.isEmpty, "a property, not an extra value")
        layer.setValue(nil, forKey: "compositingFilter")
        XCTAssertNil(layer.compositingFilter)
        XCTAssertEqual(layer.properties.compositingBlendMode, .normal)
    }

    func testEveryNameMapsToItsBlendModeAndOthersAreNormal() {
        let expected: [(String, CGBlendMode)] = [
            ("multiplyBlendMode", .multiply), ("screenBlendMode", .screen), ("overlayBlendMode", .overlay),
            ("darkenBlendMode", .darken), ("lightenBlendMode", .lighten), ("colorDodgeBlendMode", .colorDodge),
            ("colorBurnBlendMode", .colorBurn), ("softLightBlendMode", .softLight),
            ("hardLightBlendMode", .hardLight), ("differenceBlendMode", .difference),
            ("exclusionBlendMode", .exclusion), ("hueBlendMode", .hue), ("saturationBlendMode", .saturation),
            ("colorBlendMode", .color), ("luminosityBlendMode", .luminosity), ("sourceOverCompositing", .normal),
        ]
        for (name, mode) in expected {
            XCTAssertEqual(CompositingFilter.blendMode(of: name), mode, name)
        }
        XCTAssertEqual(CompositingFilter.blendMode(of: "noSuchBlendMode"), .normal)
        XCTAssertEqual(CompositingFilter.blendMode(of: 42), .normal)
        XCTAssertEqual(CompositingFilter.blendMode(of: nil), .normal)
    }

    func testThePresentationCopyAndTheRenderTreeCarryIt() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let renderer = CARenderer(context: makeBitmapContext(width: 10, height: 10))
        renderer.layer = root
        let layer = CALayer()
        root.addSublayer(layer)
        layer.compositingFilter = "multiplyBlendMode"
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.compositingFilter as? String, "multiplyBlendMode")
        let tree = root.latestRenderTree
        XCTAssertEqual(tree.nodes.last?.properties.compositingBlendMode, .multiply)
    }

    func testItIsNotAnimatable() {
        let root = CALayer()
        let renderer = CARenderer(context: makeBitmapContext(width: 4, height: 4))
        renderer.layer = root
        CATransaction.flush()
        XCTAssertNil(root.action(forKey: "compositingFilter"))
        XCTAssertNotNil(root.action(forKey: "opacity"))
    }

    /// Multiply of a 50% gray over orange halves it; difference of white inverts it; on both back
    /// ends (GL draws a blended layer by software over the pixels it read back).
    func testMultiplyAndDifferenceComposite() throws {
        let root = GLESComparison.canvas(40, 20)
        root.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        let multiply = CALayer()
        multiply.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        multiply.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        multiply.compositingFilter = "multiplyBlendMode"
        let difference = CALayer()
        difference.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        difference.backgroundColor = CGColor(gray: 1, alpha: 1)
        difference.compositingFilter = "differenceBlendMode"
        root.addSublayer(multiply)
        root.addSublayer(difference)
        CATransaction.flush()
        var renderers: [Renderer] = [SoftwareRenderer()]
        if let gl = try? GLESRenderer.offscreen() { renderers.append(gl) }
        for renderer in renderers {
            let picture = GLESComparison.draw(root, with: renderer, width: 40, height: 20)
            let m = GLESComparison.pixel(picture, 10, 10), d = GLESComparison.pixel(picture, 30, 10)
            XCTAssertEqual(Int(m[0]), 128, accuracy: 1, "\(renderer)")
            XCTAssertEqual(Int(m[1]), 64, accuracy: 1, "\(renderer)")
            XCTAssertEqual(Int(m[2]), 0, accuracy: 1, "\(renderer)")
            XCTAssertEqual(Int(d[0]), 0, accuracy: 1, "\(renderer)")
            XCTAssertEqual(Int(d[1]), 127, accuracy: 1, "\(renderer)")
            XCTAssertEqual(Int(d[2]), 255, accuracy: 1, "\(renderer)")
        }
    }

    /// GL composites a blended layer itself (offscreen group, copied backdrop, blend shader), every
    /// mode within 3 of cairo's operators (pixman rounds in 8 bits; colour burn of a translucent
    /// source differs by 3).
    func testGLBlendsNativelyAsCairoDoes() throws {
        let gl = try GLESRenderer.offscreen()
        for mode in CompositingFilter.modes.keys.sorted() {
            let root = GLESComparison.canvas(60, 30)
            let band = CAGradientLayer()
            band.frame = root.bounds
            band.colors = [CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.95, green: 0.85, blue: 0.2, alpha: 1)]
            root.addSublayer(band)
            let tile = CALayer()
            tile.frame = CGRect(x: 5, y: 5, width: 50, height: 20)
            tile.backgroundColor = CGColor(red: 0.9, green: 0.45, blue: 0.1, alpha: 0.8)
            tile.compositingFilter = mode
            let inner = CALayer()
            inner.frame = CGRect(x: 25, y: 0, width: 25, height: 20)
            inner.backgroundColor = CGColor(red: 0.4, green: 0.8, blue: 0.75, alpha: 1)
            tile.addSublayer(inner)
            root.addSublayer(tile)
            CATransaction.flush()
            let glPicture = GLESComparison.draw(root, with: gl, width: 60, height: 30)
            if mode != "sourceOverCompositing" { XCTAssertEqual(gl.lastFrame.blends, 1, mode) }
            XCTAssertEqual(gl.lastFrame.softwareLayers, 0, mode)
            let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 60, height: 30)
            let difference = GLESComparison.difference(glPicture, swPicture)
            XCTAssertLessThanOrEqual(difference.worst, 3, "\(mode): \(difference.description)")
        }
    }
}
