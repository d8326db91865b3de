import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// A panel of controls rendered with `CARenderer` (written to /tmp/controls-panel.png to look at),
/// with pixel checks of each control's drawing.
final class ControlRenderTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private func setScale(_ scale: CGFloat, _ layer: CALayer) {
        layer.contentsScale = scale
        for sub in layer.sublayers ?? [] { setScale(scale, sub) }
    }

    func testPanelOfControls() throws { try MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 100)
        let scale: CGFloat = 2
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        panel.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)

        let title = UILabel(frame: CGRect(x: 20, y: 10, width: 280, height: 40))
        title.text = "Controls"
        title.font = .boldSystemFont(ofSize: 24)
        title.textAlignment = .center
        panel.addSubview(title)

        let button = UIButton(type: .system)
        button.setTitle("Press me", for: .normal)
        button.frame = CGRect(x: 20, y: 60, width: 130, height: 40)
        button.backgroundColor = .white
        button.layer.cornerRadius = 8
        panel.addSubview(button)

        let filled = UIButton(type: .custom)
        filled.setTitle("Pressed", for: .normal)
        filled.frame = CGRect(x: 170, y: 60, width: 130, height: 40)
        filled.backgroundColor = UIColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1)
        filled.layer.cornerRadius = 8
        panel.addSubview(filled)

        let slider = UISlider(frame: CGRect(x: 20, y: 120, width: 200, height: 31))
        slider.value = 0.6
        panel.addSubview(slider)

        let on = UISwitch(frame: CGRect(x: 240, y: 120, width: 0, height: 0))
        on.isOn = true
        panel.addSubview(on)

        let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
        segments.frame = CGRect(x: 20, y: 170, width: 280, height: 32)
        segments.selectedSegmentIndex = 1
        panel.addSubview(segments)

        let off = UISwitch(frame: CGRect(x: 20, y: 220, width: 0, height: 0))
        panel.addSubview(off)

        let body = UILabel(frame: CGRect(x: 90, y: 215, width: 210, height: 70))
        body.text = "A label that wraps onto several lines and is centred vertically."
        body.numberOfLines = 0
        body.font = .systemFont(ofSize: 14)
        body.textColor = UIColor(white: 0.3, alpha: 1)
        body.layer.borderWidth = 1
        body.layer.borderColor = CGColor(gray: 0.8, alpha: 1)
        panel.addSubview(body)

        setScale(scale, panel.layer)
        let width = Int(320 * scale), height = Int(300 * scale)
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = panel.layer
        renderer.scale = scale
        renderer.bounds = panel.bounds
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        let image = ctx.makeImage()!
        if let png = image.pngData() { try png.write(to: URL(fileURLWithPath: "/tmp/controls-panel.png")) }

        func pixel(_ x: CGFloat, _ y: CGFloat) -> (r: Int, g: Int, b: Int) {
            let data = ctx.data!.assumingMemoryBound(to: UInt8.self)
            let i = Int(y * scale) * ctx.bytesPerRow + Int(x * scale) * 4
            return (Int(data[i + 2]), Int(data[i + 1]), Int(data[i]))
        }
        // The switch that is on: green track beside the thumb (left part).
        let green = pixel(250, 135)
        XCTAssertTrue(green.g > 180 && green.r < 100 && green.b < 130, "\(green)")
        // The slider's minimum track (blue) left of the thumb, maximum track (gray) right of it.
        let minTrack = pixel(40, 135.5)
        XCTAssertTrue(minTrack.b > 200 && minTrack.r < 60, "\(minTrack)")
        let maxTrack = pixel(210, 135.5)
        XCTAssertTrue(abs(maxTrack.r - maxTrack.b) < 30 && maxTrack.r < 235, "\(maxTrack)")
        // The selected segment is a white pill in the gray bar.
        let selected = pixel(120, 174)
        XCTAssertTrue(selected.r > 250 && selected.g > 250 && selected.b > 250, "\(selected)")
        let unselected = pixel(40, 174)
        XCTAssertLessThan(unselected.r, 240, "\(unselected)")
        // Its title is drawn over the pill (dark ink in the middle segment).
        var segmentInk = 0
        for y in stride(from: CGFloat(180), to: 194, by: 0.5) {
            for x in stride(from: CGFloat(120), to: 200, by: 0.5) where pixel(x, y).r < 100 { segmentInk += 1 }
        }
        XCTAssertGreaterThan(segmentInk, 20)
        // Button titles: some blue ink in the system button, white ink over the filled one's blue.
        var blueInk = 0, whiteInk = 0
        for y in stride(from: CGFloat(70), to: 90, by: 0.5) {
            for x in stride(from: CGFloat(30), to: 140, by: 0.5) { let p = pixel(x, y); if p.b > 200 && p.r < 120 { blueInk += 1 } }
            for x in stride(from: CGFloat(180), to: 290, by: 0.5) { let p = pixel(x, y); if p.r > 200 && p.g > 200 { whiteInk += 1 } }
        }
        XCTAssertGreaterThan(blueInk, 50)
        XCTAssertGreaterThan(whiteInk, 50)
    }}
}
