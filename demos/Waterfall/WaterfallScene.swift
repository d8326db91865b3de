import Foundation
import QuartzCore

/// Neuburg's emitter examples (E50–E57), one stage per variant, each building on the one before:
/// a boring point emitter of black dots, a hose, a waterfall under acceleration, varied sizes and
/// colours (white dots from here, so that the colour shows), a cell changed through the layer's key
/// path, that key path animated, droplets emitted by each particle near the nozzle, and a line emitter.
final class WaterfallScene: LayerScene, EmitterScene {
    enum Stage: String, NumberedVariant {
        case boring, hose, waterfall, varied, keypath, animated, splash, line
    }

    static let side: CGFloat = 480

    let rootLayer: CALayer
    private(set) var emitter = CAEmitterLayer()
    private(set) var stage: Stage
    private let seed: UInt32

    init(root: CALayer, stage: Stage, seed: UInt32) {
        rootLayer = root
        self.stage = stage
        self.seed = seed
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        build()
    }

    /// A new emitter for the stage, starting now.
    private func build() {
        emitter.removeFromSuperlayer()
        emitter = CAEmitterLayer()
        emitter.frame = rootLayer.bounds
        emitter.beginTime = CACurrentMediaTime()
        emitter.seed = seed
        emitter.emitterPosition = CGPoint(x: 30, y: 100)
        emitter.emitterShape = .point
        emitter.emitterMode = .points
        let n = Stage.allCases.firstIndex(of: stage) ?? 0

        let cell = CAEmitterCell()
        cell.contents = n >= 3 ? EmitterArt.whiteCircle() : EmitterArt.blackCircle()
        cell.birthRate = 5
        cell.lifetime = 1
        cell.velocity = 100
        if n >= 1 {
            cell.birthRate = 100
            cell.emissionRange = .pi / 10
        }
        if n >= 2 {
            cell.lifetime = 1.5
            cell.xAcceleration = -40
            cell.yAcceleration = 200
        }
        if n >= 3 {
            cell.lifetimeRange = 0.4
            cell.velocityRange = 20
            cell.emissionRange = .pi / 5
            cell.scale = 1
            cell.scaleRange = 0.2
            cell.scaleSpeed = 0.2
            cell.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            cell.greenRange = 0.5
            cell.greenSpeed = 0.75
        }
        if n >= 4 { cell.name = "circle" }
        if n == 6 {
            let droplet = CAEmitterCell()
            droplet.contents = cell.contents
            droplet.emissionRange = .pi
            droplet.birthRate = 200
            droplet.lifetime = 0.4
            droplet.velocity = 200
            droplet.scale = 0.2
            droplet.beginTime = 0.04
            droplet.duration = 0.2
            cell.emitterCells = [droplet]
        }
        if n == 7 {
            emitter.emitterPosition = CGPoint(x: 100, y: 25)
            emitter.emitterSize = CGSize(width: 100, height: 100)
            emitter.emitterShape = .line
            emitter.emitterMode = .outline
            cell.emissionLongitude = 3 * .pi / 4
        }
        emitter.emitterCells = [cell]
        if n >= 4 { emitter.setValue(3, forKeyPath: "emitterCells.circle.greenSpeed") }
        if n == 5 || n == 6 {
            let animation = CABasicAnimation(keyPath: "emitterCells.circle.greenSpeed")
            animation.fromValue = -1
            animation.toValue = 3
            animation.duration = 4
            animation.autoreverses = true
            animation.repeatCount = .infinity
            emitter.add(animation, forKey: "greenSpeed")
        }
        rootLayer.addSublayer(emitter)
    }

    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.frame = CGRect(origin: .zero, size: size)
        CATransaction.commit()
    }

    func show(variant argument: String) -> Bool {
        guard let stage = Stage(argument: argument) else { return false }
        self.stage = stage
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        build()
        CATransaction.commit()
        return true
    }
}
