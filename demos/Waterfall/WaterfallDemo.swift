import CoreGraphics
import Foundation
import QuartzCore

/// `demo waterfall`'s scene for the options' stage (`--seed N`, default 1).
enum WaterfallDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        WaterfallScene(root: root, stage: options.variant.flatMap(WaterfallScene.Stage.init(argument:)) ?? .boring,
                       seed: UInt32(truncatingIfNeeded: options.seed ?? 1))
    }
}

extension Demo {
    static let waterfall = Demo(name: "waterfall", summary: "CAEmitterLayer: Neuburg's emitter stages (boring, hose, waterfall, varied, keypath, animated, splash, line); --variant or keys 1-8 (Neuburg ch. 17)",
        preferredSize: CGSize(width: WaterfallScene.side, height: WaterfallScene.side),
        run: { options in LayerSceneDemo.run(title: "Waterfall", options, WaterfallDemo.make) },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, WaterfallDemo.make) },
        variants: WaterfallScene.Stage.arguments)
}
