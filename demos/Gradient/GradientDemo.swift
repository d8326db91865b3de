import CoreGraphics
import Foundation
import QuartzCore

/// `demo gradient`'s scene for the options' variant.
enum GradientDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        GradientScene(root: root, variant: options.variant.flatMap(GradientScene.Variant.init(argument:)) ?? .twoColors)
    }
}

extension Demo {
    static let gradient = Demo(name: "gradient", summary: "CAGradientLayer: red to blue along the diagonal, then red, yellow and green at locations 0, 0.25, 0.5; --variant or keys 1-2 (Lockwood ch. 6)",
        preferredSize: CGSize(width: GradientScene.side, height: GradientScene.side),
        run: { options in LayerSceneDemo.run(title: "Gradient", options, GradientDemo.make) },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, GradientDemo.make) },
        variants: GradientScene.Variant.arguments)
}
