import Foundation
import UIKit

/// `demo layers`: Lockwood's first project, listings 1.1, 2.5, 3.4 and 3.5, and the geometry of
/// figures 3.1-3.3 (the guide's 1-5 and 1-6). Variants: `contains-point` (listing 3.4, the default),
/// `hit-test` (3.5), `delegate` (2.5 drawing, with containsPoint:); keys 1-3.
enum LayersDemo {
    static let variants = ["contains-point", "hit-test", "delegate"]

    @MainActor
    static func make(_ argument: String?) -> UIViewController? {
        switch argument ?? variants[0] {
        case "contains-point", "1": return LayersViewController(hitTesting: .containsPoint, drawsCircle: false)
        case "hit-test", "2": return LayersViewController(hitTesting: .hitTest, drawsCircle: false)
        case "delegate", "3": return LayersViewController(hitTesting: .containsPoint, drawsCircle: true)
        default: return nil
        }
    }
}

extension Demo {
    static let layers = Demo(name: "layers", summary: "a blue CALayer hosted in a white view; a click alerts \"Inside Blue Layer\" or \"Inside White Layer\" found with containsPoint: or hitTest: (K switches); A moves the anchorPoint, T rotates 30 degrees about it; --variant contains-point|hit-test|delegate or keys 1-3 (Lockwood ch. 1-3)",
        run: { options in ControllerDemo.run(title: "Layers", options, LayersDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, LayersDemo.make) },
        variants: LayersDemo.variants + ["1", "2", "3"])
}
