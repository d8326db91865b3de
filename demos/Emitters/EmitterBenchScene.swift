import Foundation
import QuartzCore

/// `demo bench --emitter N`: the explosion's cell (a 32-pixel spark, 5 s lifetime, fading) at N / 5 a
/// second, additive, at the centre of the window, begun 5 s before the start so that N particles
/// are alive from the first frame.
final class EmitterBenchScene: DemoScene {
    let rootLayer: CALayer
    let emitter = CAEmitterLayer()

    init(root: CALayer, particles: Int) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: root.bounds.midX, y: root.bounds.midY)
        emitter.renderMode = .additive
        emitter.seed = 1
        emitter.beginTime = CACurrentMediaTime() - 5
        let cell = CAEmitterCell()
        cell.contents = EmitterArt.spark()
        cell.birthRate = Float(particles) / 5
        cell.lifetime = 5
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        cell.alphaSpeed = -0.15
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2
        cell.scale = 0.5
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
