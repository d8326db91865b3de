import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let reflection = Demo(name: "reflection", summary: "a view whose CAReplicatorLayer reflects its contents 2 points below it at 40% opacity (Lockwood ch. 6)",
        preferredSize: ReflectionScene.sceneSize,
        run: { options in LayerSceneDemo.run(title: "Reflection", options) { root, _ in ReflectionScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ReflectionScene(root: root) } })
}
