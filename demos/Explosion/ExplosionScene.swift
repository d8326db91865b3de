import Foundation
import QuartzCore

/// Lockwood's explosion (listing 6.13): a `CAEmitterLayer` filling the container, additive, its
/// emitter at the centre; one cell of a white spark (drawn at run time) tinted orange, 150 a second,
/// living 5 s, fading by 0.4 a second, at 0–100 points a second in every direction. The emitter
/// starts when the scene is built (its `beginTime` is the media time then).
final class ExplosionScene: EmitterScene {
    static let side: CGFloat = 600

    let rootLayer: CALayer
    let emitter = CAEmitterLayer()

    init(root: CALayer, seed: UInt32) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        emitter.renderMode = .additive
        emitter.seed = seed
        emitter.beginTime = CACurrentMediaTime()
        let cell = CAEmitterCell()
        cell.contents = EmitterArt.spark()
        cell.birthRate = 150
        cell.lifetime = 5
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        cell.alphaSpeed = -0.4
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
    }

    /// The emitter fills the root, its emitter at the centre.
    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.frame = CGRect(origin: .zero, size: size)
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.commit()
    }

    /// Moves the emitter to `point` (root coordinates) at once.
    func moveEmitter(to point: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.emitterPosition = emitter.convert(point, from: rootLayer)
        CATransaction.commit()
    }

    /// Switches between additive and source-over compositing.
    func toggleAdditive() {
        emitter.renderMode = emitter.renderMode == .additive ? .unordered : .additive
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
