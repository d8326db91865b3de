import CoreGraphics
import QuartzCore
@testable import UIKit
import XCTest

/// `UIVisualEffectView` with `UIBlurEffect`: the blur of what lies behind, tinted in the style's colour.
final class UIVisualEffectViewTests: XCTestCase {
    func testBlurStylesHaveApplesRawValues() {
        XCTAssertEqual(UIBlurEffect.Style.extraLight.rawValue, 0)
        XCTAssertEqual(UIBlurEffect.Style.dark.rawValue, 2)
        XCTAssertEqual(UIBlurEffect.Style.regular.rawValue, 4)
        XCTAssertEqual(UIBlurEffect.Style.prominent.rawValue, 5)
        XCTAssertEqual(UIBlurEffect.Style.systemUltraThinMaterial.rawValue, 6)
        XCTAssertEqual(UIBlurEffect.Style.systemChromeMaterial.rawValue, 10)
        XCTAssertEqual(UIBlurEffect.Style.systemUltraThinMaterialLight.rawValue, 11)
        XCTAssertEqual(UIBlurEffect.Style.systemChromeMaterialDark.rawValue, 20)
    }

    func testTheEffectViewHoldsItsEffectAndContentView() {
        MainActor.assumeIsolated {
            let blur = UIBlurEffect(style: .dark)
            let view = UIVisualEffectView(effect: blur)
            XCTAssertTrue(view.effect === blur)
            XCTAssertTrue(view.contentView.superview === view)
            XCTAssertGreaterThan(view.layer.backdropBlurRadius, 0)
            view.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
            view.layoutIfNeeded()
            XCTAssertEqual(view.contentView.frame, view.bounds)
            let label = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
            view.contentView.addSubview(label)
            XCTAssertTrue(label.superview === view.contentView)
            view.effect = nil
            XCTAssertEqual(view.layer.backdropBlurRadius, 0)
            let vibrancy = UIVibrancyEffect(blurEffect: blur)
            XCTAssertTrue(vibrancy.blurEffect === blur)
            view.effect = vibrancy
            XCTAssertEqual(view.layer.backdropBlurRadius, 0, "vibrancy draws as no effect")
        }
    }

    /// Over black and white halves, a light blur's middle is a mix (the edge blurred) and lighter
    /// than the black; a dark one's is darker than the white.
    func testTheViewBlursAndTintsWhatLiesBehind() {
        MainActor.assumeIsolated {
            for (style, check) in [(UIBlurEffect.Style.light, { (v: UInt8) in v > 60 }),
                                   (UIBlurEffect.Style.dark, { (v: UInt8) in v < 200 })] {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
                root.backgroundColor = .white
                let black = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 40))
                black.backgroundColor = .black
                root.addSubview(black)
                let effect = UIVisualEffectView(effect: UIBlurEffect(style: style))
                effect.frame = CGRect(x: 20, y: 0, width: 60, height: 40)
                root.addSubview(effect)
                root.layoutIfNeeded()
                CATransaction.flush()
                let ctx = CGContext(data: nil, width: 100, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                let renderer = CARenderer(context: ctx)
                renderer.layer = root.layer
                renderer.scale = 1
                renderer.beginFrame(atTime: 0)
                renderer.render()
                renderer.endFrame()
                let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
                func green(_ x: Int, _ y: Int) -> UInt8 { p[y * ctx.bytesPerRow + x * 4 + 1] }
                // Left of the effect: black; right: white, untouched.
                XCTAssertEqual(green(5, 20), 0)
                XCTAssertEqual(green(95, 20), 255)
                // Just inside the black part under the effect, the blur brings in the white.
                let inside = green(46, 20), farther = green(22, 20)
                XCTAssertGreaterThan(inside, farther, "\(style): blurred across the edge")
                XCTAssertTrue(check(green(50, 20)), "\(style): \(green(50, 20))")
                root.removeFromSuperview()
            }
        }
    }
}
