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
}
