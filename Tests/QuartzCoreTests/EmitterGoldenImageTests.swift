import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// Emitter layers rendered with `CARenderer` at fixed media times, compared with reference PNGs in
/// `Golden/` (docs/GOLDEN.md), as `GoldenImageTests` does; the particles are the same on every run
/// for a seed and a time.
final class EmitterGoldenImageTests: XCTestCase {
    func testShapesModesAndTintedSprites() throws {
        let root = canvas(320, 160)
        // Still particles (velocity 0) mark where each shape emits: a rectangle's outline, a circle's
        // outline, a line's two ends (points mode).
        for (k, (shape, mode)) in [(CAEmitterLayerEmitterShape.rectangle, CAEmitterLayerEmitterMode.outline),
                                   (.circle, .outline), (.line, .points)].enumerated() {
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: CGFloat(k) * 80, y: 0, width: 80, height: 80)
            emitter.emitterPosition = CGPoint(x: 40, y: 40)
            emitter.emitterSize = CGSize(width: shape == .circle ? 28 : 60, height: 40)
            emitter.emitterShape = shape
            emitter.emitterMode = mode
            emitter.seed = 3
            let cell = dotCell(CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1))
            cell.birthRate = 60
            cell.lifetime = 2
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
        }
        // A coloured sprite sheet's right half (contentsRect), scaled, spinning and tinted: the tint
        // multiplies the picture's own colours.
        let sprites = CAEmitterLayer()
        sprites.frame = CGRect(x: 240, y: 0, width: 80, height: 160)
        sprites.emitterPosition = CGPoint(x: 40, y: 20)
        sprites.seed = 5
        let cell = CAEmitterCell()
        cell.contents = spriteSheet()
        cell.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        cell.birthRate = 2
        cell.lifetime = 3
        cell.velocity = 40
        cell.emissionLongitude = .pi / 2
        cell.scale = 1.5
        cell.spin = 1
        cell.color = CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)
        sprites.emitterCells = [cell]
        root.addSublayer(sprites)
        try assertGolden(root, "emitter-shapes-sprites", at: 2)
    }

    func testAdditiveBurstAndSubCells() throws {
        let root = canvas(320, 160)
        root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        // The same orange burst, over (left) and added (right).
        for (k, mode) in [CAEmitterLayerRenderMode.unordered, .additive].enumerated() {
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: CGFloat(k) * 160, y: 0, width: 160, height: 160)
            emitter.emitterPosition = CGPoint(x: 80, y: 80)
            emitter.renderMode = mode
            emitter.seed = 1
            let cell = CAEmitterCell()
            cell.contents = softDot()
            cell.birthRate = 60
            cell.lifetime = 2
            cell.velocity = 25
            cell.velocityRange = 25
            cell.emissionRange = 2 * .pi
            cell.alphaSpeed = -0.4
            cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
        }
        // Rockets (additive layer on the right) each trailing sparks: a child cell.
        let rockets = CAEmitterLayer()
        rockets.frame = CGRect(x: 0, y: 0, width: 320, height: 160)
        rockets.emitterPosition = CGPoint(x: 160, y: 150)
        rockets.seed = 2
        let rocket = dotCell(CGColor(red: 0.6, green: 1, blue: 0.6, alpha: 1))
        rocket.birthRate = 1.5
        rocket.lifetime = 1.2
        rocket.velocity = 110
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = .pi / 3
        rocket.yAcceleration = 60
        let spark = dotCell(CGColor(red: 1, green: 1, blue: 0.3, alpha: 1))
        spark.birthRate = 40
        spark.lifetime = 0.4
        spark.velocity = 15
        spark.emissionRange = 2 * .pi
        spark.scale = 0.4
        spark.alphaSpeed = -2
        rocket.emitterCells = [spark]
        rockets.emitterCells = [rocket]
        root.addSublayer(rockets)
        try assertGolden(root, "emitter-additive-subcells", at: 1.5)
    }

    // MARK: Art

    private func canvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.85, alpha: 1)
        return root
    }

    private func bitmap(_ width: Int, _ height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// A cell of a 6-pixel white disc tinted `color`.
    private func dotCell(_ color: CGColor) -> CAEmitterCell {
        let ctx = bitmap(6, 6)
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 6, height: 6))
        let cell = CAEmitterCell()
        cell.contents = ctx.makeImage()
        cell.color = color
        return cell
    }

    /// A 16-pixel white disc fading to its rim.
    private func softDot() -> CGImage {
        let ctx = bitmap(16, 16)
        let colors = [CGColor(red: 1, green: 1, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 0)]
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1])!
        ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 8, y: 8), startRadius: 0,
                               endCenter: CGPoint(x: 8, y: 8), endRadius: 8, options: [])
        return ctx.makeImage()!
    }

    /// 24x12 pixels: a red square (left half) and a green square with a blue bar along its top (right half).
    private func spriteSheet() -> CGImage {
        let ctx = bitmap(24, 12)
        ctx.setFillColor(CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        ctx.setFillColor(CGColor(red: 0.1, green: 0.8, blue: 0.2, alpha: 1))
        ctx.fill(CGRect(x: 12, y: 0, width: 12, height: 12))
        ctx.setFillColor(CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1))
        ctx.fill(CGRect(x: 12, y: 9, width: 12, height: 3))   // y up: the top rows
        return ctx.makeImage()!
    }

    // MARK: Rendering and comparison

    private func assertGolden(_ root: CALayer, _ name: String, at time: CFTimeInterval,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let wasFrozen = CAMediaClock.isFrozen
        CAMediaClock.freeze(at: 0)
        defer { if !wasFrozen { CAMediaClock.unfreeze() } }
        CATransaction.flush()
        CAMediaClock.freeze(at: time)
        for backend in GoldenImage.backends {
            let ctx = bitmap(Int(root.bounds.width), Int(root.bounds.height))
            let renderer = CARenderer(context: ctx)
            renderer.backend = backend
            renderer.layer = root
            renderer.scale = 1
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
            guard let png = ctx.makeImage()?.pngData() else { return XCTFail("\(name): PNG encoding failed", file: file, line: line) }
            try GoldenImage.assertMatches(png, name, backend: backend, file: file, line: line)
        }
    }
}
