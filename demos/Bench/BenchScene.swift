import CoreGraphics
import Foundation
import QuartzCore

/// The shared benchmark scene "spinning squares" (docs/BENCH.md, v1), with CALayers and
/// the framework's own animations: N squares of 16×16 points on a 39-column grid (pitch 20, margin
/// 4, wrapping after 1131 so that later squares stack exactly), colored HSV(i/N, 0.8, 0.9), each
/// turning clockwise once every 2 s with a phase of i·0.01 s and fading 1 → 0.3 → 1 (ease-in-out,
/// autoreverse, 2 s period) together, from when the scene is set up.
final class BenchScene: DemoScene {
    static let windowSize = CGSize(width: 800, height: 600)
    static let squareSize: CGFloat = 16
    static let gap: CGFloat = 4
    static let pitch: CGFloat = 20
    static let columns = 39
    static let rows = 29

    let rootLayer: CALayer
    let count: Int

    init(root: CALayer, count: Int) {
        rootLayer = root
        self.count = count
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.isOpaque = true
        for i in 0..<count { root.addSublayer(Self.square(i, of: count)) }
    }

    /// Square `i` of `n` with its two animations.
    static func square(_ i: Int, of n: Int) -> CALayer {
        let slot = i % (columns * rows)
        let x = gap + pitch * CGFloat(slot % columns), y = gap + pitch * CGFloat(slot / columns)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: squareSize, height: squareSize)
        layer.position = CGPoint(x: x + squareSize / 2, y: y + squareSize / 2)
        let (r, g, b) = hsv(h: Double(i) / Double(n), s: 0.8, v: 0.9)
        layer.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: 1)

        // Positive angles turn clockwise on screen in the y-down layer space.
        let phase = 2 * Double.pi * (0.01 * Double(i) / 2).truncatingRemainder(dividingBy: 1)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = phase
        spin.toValue = phase + 2 * Double.pi
        spin.duration = 2
        spin.repeatCount = .infinity
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(spin, forKey: "spin")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.3
        fade.duration = 1
        fade.autoreverses = true
        fade.repeatCount = .infinity
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(fade, forKey: "fade")
        return layer
    }

    /// The standard HSV → RGB conversion (h, s, v in 0...1).
    static func hsv(h: Double, s: Double, v: Double) -> (CGFloat, CGFloat, CGFloat) {
        let h6 = (h - h.rounded(.down)) * 6
        let sector = Int(h6) % 6, f = h6 - Double(Int(h6))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        return (CGFloat(rgb.0), CGFloat(rgb.1), CGFloat(rgb.2))
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
