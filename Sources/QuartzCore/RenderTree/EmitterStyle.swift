import CoreGraphics
import Foundation

/// An emitter node's values, read from its evaluated values by Apple's key names, with bad numbers
/// (NaN, infinities) replaced by the defaults.
package struct EmitterStyle {
    var cells: [EmitterCellValues]
    var position: (x: Double, y: Double, z: Double)
    var size: (width: Double, height: Double, depth: Double)
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    var renderMode: CAEmitterLayerRenderMode
    /// The layer's multipliers of the cells' values.
    var birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double
    var seed: UInt32

    init(_ values: [String: Any]) {
        typealias V = KeyedValue
        func finite(_ x: CGFloat?, _ fallback: Double) -> Double { x.map(Double.init) ?? fallback }
        cells = (V.unwrap(values["emitterCells"]) as? EmitterCellList)?.cells ?? []
        let p = V.point(values["emitterPosition"]) ?? .zero
        position = (Double(p.x), Double(p.y), finite(V.scalar(values["emitterZPosition"]), 0))
        let s = V.size(values["emitterSize"]) ?? .zero
        size = (Double(s.width), Double(s.height), finite(V.scalar(values["emitterDepth"]), 0))
        shape = V.constant(values["emitterShape"], as: CAEmitterLayerEmitterShape.self) ?? .point
        mode = V.constant(values["emitterMode"], as: CAEmitterLayerEmitterMode.self) ?? .volume
        renderMode = V.constant(values["renderMode"], as: CAEmitterLayerRenderMode.self) ?? .unordered
        birthRate = finite(V.scalar(values["birthRate"]), 1)
        lifetime = finite(V.scalar(values["lifetime"]), 1)
        velocity = finite(V.scalar(values["velocity"]), 1)
        scale = finite(V.scalar(values["scale"]), 1)
        spin = finite(V.scalar(values["spin"]), 1)
        seed = V.unwrap(values["seed"]) as? UInt32 ?? 0
    }
}
