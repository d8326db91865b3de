import QuartzCore
import UIKit
import XCTest

/// A test case with a 300x300 root view whose layer tree is rendered (attached to a `CARenderer`,
/// so actions run) under a media clock frozen at 500 s. XCTest on Linux cannot discover `@MainActor`
/// test classes or methods: subclasses run their bodies in `MainActor.assumeIsolated`.
class RenderedWindowTestCase: XCTestCase {
    private(set) var renderer: CARenderer!
    nonisolated(unsafe) private(set) var window: UIView!

    override func setUp() {
        MainActor.assumeIsolated {
            CAMediaClock.freeze(at: 500)
            window = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                                     space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
            renderer.layer = window.layer
            CATransaction.flush()
        }
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A committed 10x10 subview of the window at the origin (centre (5, 5)).
    @MainActor func makeView() -> UIView {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        CATransaction.flush()
        return v
    }
}
