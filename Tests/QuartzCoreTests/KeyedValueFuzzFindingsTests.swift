import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// Inputs the keyed-value fuzzer (fuzz/, target fuzz-keyvalue) found crashing, each as the plain
/// calls it made; the crashing inputs themselves are in fuzz/corpus/keyvalue.
final class KeyedValueFuzzFindingsTests: XCTestCase {
    private func render(_ layer: CALayer) {
        let context = CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                    | CGBitmapInfo.byteOrder32Little.rawValue)!
        layer.render(in: context)
        CATransaction.flush()
    }

    /// A finite size whose pixel count is past Int's range trapped converting it for the backing store.
    func testAHugeFiniteSizeDisplaysNothing() {
        for (size, scale) in [(CGFloat.greatestFiniteMagnitude, CGFloat(1)), (1e300, 1e300), (1e20, 1)] {
            let layer = CALayer()
            layer.setValue(CGRect(x: 0, y: 0, width: size, height: 4), forKey: "bounds")
            layer.setValue(scale, forKey: "contentsScale")
            layer.setNeedsDisplay()
            render(layer)
            XCTAssertNil(layer.contents, "no backing store for \(size) × \(scale)")
        }
    }

    /// Bounds whose finite origin plus finite size overflow to an infinite edge, on a rasterized text
    /// layer with a sublayer: the content extent's rectangle intersection met a NaN edge and trapped.
    func testBoundsWithAnOverflowingEdgeDrawNothing() {
        let root = CATextLayer()
        root.setValue(CGRect(x: 24.5, y: -CGFloat.greatestFiniteMagnitude, width: -CGFloat.greatestFiniteMagnitude,
                             height: -CGFloat.greatestFiniteMagnitude), forKey: "bounds")
        root.setValue(true, forKey: "shouldRasterize")
        let child = CATiledLayer()
        root.addSublayer(child)
        child.setValue(CATransform3DIdentity, forKeyPath: "strokeEnd")
        render(root)
        // The same edge on a sublayer: skipped, its siblings still drawn.
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        parent.shouldRasterize = true
        let overflowing = CALayer()
        overflowing.bounds = CGRect(x: CGFloat.greatestFiniteMagnitude, y: 0, width: CGFloat.greatestFiniteMagnitude,
                                    height: 4)
        parent.addSublayer(overflowing)
        render(parent)
    }

    /// A tiled layer hundreds of billions of points wide and quintillions tall, rasterized: the count
    /// of tiles it meets overflowed Int.
    func testAHugeTiledLayerDrawsNoTiles() {
        let root = CALayer()
        let tiled = CATiledLayer()
        root.addSublayer(tiled)
        tiled.setValue(CGRect(x: 5e-324, y: 26.75, width: 461_359_808_512, height: -2.6042471664571894e18),
                       forKeyPath: "bounds")
        tiled.setValue(CGFloat.nan, forKey: "shouldRasterize")
        tiled.setValue(true, forKey: "shouldRasterize")
        render(root)
        tiled.setValue(CGRect(x: 0, y: 0, width: 1e300, height: 1e300), forKey: "bounds")
        render(root)
    }

    /// A shadow radius so large that its blur box was past Int's range.
    func testAHugeShadowRadiusBlursWithoutTrapping() {
        for radius in [CGFloat.greatestFiniteMagnitude, 1e160, 1e20] {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.position = CGPoint(x: 8, y: 8)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.setValue(1, forKey: "shadowOpacity")
            layer.setValue(radius, forKey: "shadowRadius")
            let root = CALayer()
            root.addSublayer(layer)
            render(root)
        }
    }
}
