import QuartzCore
import XCTest

/// Apple: an implicit animation animates from the value shown on screen. When it interrupts a
/// running animation of the same property, that is the presentation value at the moment of the
/// change, whether or not a frame was rendered since the running animation started.
final class ImplicitAnimationInterruptionTests: XCTestCase {
    private let t0: CFTimeInterval = 5000

    override func setUp() {
        CATransaction.flush()
        CAMediaClock.freeze(at: t0)
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func renderedLayer() -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.markTreeAsRendered()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(layer)
        CATransaction.commit()
        CATransaction.flush()
        return (root, layer)
    }

    private func setOpacity(_ layer: CALayer, _ value: Float) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = value
        CATransaction.commit()
    }

    func testAnInterruptingAnimationStartsFromThePresentationValueBetweenFrames() {
        let (root, layer) = renderedLayer()
        setOpacity(layer, 0)
        // Half way, with no frame rendered (and no presentation asked for) since.
        CAMediaClock.advance(by: 0.5)
        setOpacity(layer, 1)
        let p = layer.presentation()?.opacity ?? -1
        XCTAssertEqual(p, 0.5, accuracy: 1e-3, "the new animation starts where the old one was")
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? -1, 0.75, accuracy: 1e-3)
        withExtendedLifetime(root) {}
    }

    func testAnInterruptingAnimationStartsFromThePresentationValueAfterAFrame() {
        let (root, layer) = renderedLayer()
        setOpacity(layer, 0)
        CAMediaClock.advance(by: 0.25)
        XCTAssertEqual(layer.presentation()?.opacity ?? -1, 0.75, accuracy: 1e-3)
        CAMediaClock.advance(by: 0.25)
        setOpacity(layer, 1)
        XCTAssertEqual(layer.presentation()?.opacity ?? -1, 0.5, accuracy: 1e-3)
        withExtendedLifetime(root) {}
    }

    /// With a renderer drawing frames, a change between two frames animates from the value at the
    /// time of the change, not from the last frame drawn.
    func testAChangeBetweenTwoRenderedFramesStartsFromTheValueAtTheChange() {
        let (root, layer) = renderedLayer()
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                                     space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = root
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 105, y: 5)
        CATransaction.commit()
        CAMediaClock.advance(by: 0.25)
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        CAMediaClock.advance(by: 0.25)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 5, y: 5)
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.position.x ?? -1, 55, accuracy: 1e-6)
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.position.x ?? -1, 30, accuracy: 1e-6)
    }
}
