import Foundation
import QuartzCore

extension Demo {
    static let gravity = Demo(name: "gravity", summary: "the twelve contentsGravity constants side by side: one 60x40 picture in twelve 120x100 layers (Apple's Core Animation Programming Guide, figures 2-1 and 2-2)",
        preferredSize: GravityScene.sceneSize,
        run: { options in LayerSceneDemo.run(title: "Gravity", options) { root, _ in GravityScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in GravityScene(root: root) } })
}
