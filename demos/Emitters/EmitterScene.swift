import Foundation
import QuartzCore

/// A scene with an emitter layer whose particles a snapshot can list (`--particles FILE`).
protocol EmitterScene: DemoScene {
    var emitter: CAEmitterLayer { get }
}

extension EmitterScene {
    /// JSON lines: `{"type":"emitter","count","x","y"}` (the live particles, the emitter's position),
    /// then `{"x","y","alpha"}` per particle, all in the emitter layer's coordinates.
    func particleLines(atMediaTime t: CFTimeInterval) -> Data {
        let particles = emitter.particles(atMediaTime: t)
        let p = emitter.emitterPosition
        var lines = [#"{"type":"emitter","count":\#(particles.count),"x":\#(Double(p.x)),"y":\#(Double(p.y))}"#]
        for q in particles { lines.append(#"{"x":\#(q.x),"y":\#(q.y),"alpha":\#(q.alpha)}"#) }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}
