import CoreGraphics
@testable import QuartzCore
import XCTest

/// The renderers fill a plain background from RGBA kept with the layer's values
/// (`LayerProperties.backgroundRGBA`): it must follow `backgroundColor` however that is set,
/// animations included.
final class BackgroundValuesTests: XCTestCase {
    private func rgba(_ c: CGColor) -> [Double] { [c.rgba.r, c.rgba.g, c.rgba.b, c.rgba.a] }
    private func rgba(_ t: (r: Double, g: Double, b: Double, a: Double)?) -> [Double]? { t.map { [$0.r, $0.g, $0.b, $0.a] } }

    func testTheValuesFollowEverySetter() throws {
        let layer = CALayer()
        XCTAssertNil(rgba(layer.properties.backgroundRGBA))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer.backgroundColor = red
        XCTAssertEqual(rgba(layer.properties.backgroundRGBA), rgba(red))
        let gray = CGColor(gray: 0.25, alpha: 1)
        layer.setValue(gray, forKey: "backgroundColor")
        XCTAssertEqual(rgba(layer.properties.backgroundRGBA), [0.25, 0.25, 0.25, 1])
        XCTAssertFalse(layer.properties.backgroundIsPattern)
        let tile = try XCTUnwrap(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceRGB(),
                                           bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                               | CGBitmapInfo.byteOrder32Little.rawValue)?.makeImage())
        layer.backgroundColor = CGColor(patternImage: tile, tileSize: CGSize(width: 2, height: 2))
        XCTAssertNil(rgba(layer.properties.backgroundRGBA), "a pattern has no single colour")
        XCTAssertTrue(layer.properties.backgroundIsPattern)
        layer.backgroundColor = nil
        XCTAssertNil(rgba(layer.properties.backgroundRGBA))
        XCTAssertFalse(layer.properties.backgroundIsPattern)
    }

    func testAnAnimatedBackgroundKeepsItsValuesInStep() {
        let root = CALayer()
        let layer = CALayer()
        root.addSublayer(layer)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let tree = RenderTreeBuilder.commitTree(of: root, previous: nil)
        let begin = tree.nodes[1].animations[0].resolvedTiming!.beginTime
        let frame = RenderFrame(tree: tree)
        var seen: [[Double]] = []
        for t in [0.0, 0.5, 1.0, 1.5] {
            frame.evaluate(tree, atMediaTime: begin + t)
            let values = frame.values[1]
            let color = values.backgroundColor!
            XCTAssertEqual(rgba(values.backgroundRGBA), rgba(color), "at \(t) s")
            seen.append(rgba(color))
        }
        XCTAssertEqual(Set(seen.map { $0.description }).count, 4, "the colour changes as the animation runs: \(seen)")
        XCTAssertEqual(seen[0], [1, 0, 0, 1])
    }
}
