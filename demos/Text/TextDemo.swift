import CoreGraphics
import Foundation
import QuartzCore

/// `demo text`'s scene for the options' variant, at the screen's scale.
enum TextDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        TextScene(root: root, variant: options.variant.flatMap(TextScene.Variant.init(argument:)) ?? .plain,
                  scale: root.contentsScale)
    }
}

extension Demo {
    static let text = Demo(name: "text", summary: "CATextLayer: a justified, wrapped paragraph; the same as an attributed string with \"ipsum\" red and underlined; a view backed by a text layer; --variant or keys 1-3 (Lockwood ch. 6)",
        preferredSize: CGSize(width: TextScene.side, height: TextScene.side),
        run: { options in LayerSceneDemo.run(title: "Text", options, TextDemo.make) },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, TextDemo.make) },
        variants: TextScene.Variant.arguments)
}
