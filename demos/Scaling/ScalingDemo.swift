import Foundation
import QuartzCore

extension Demo {
    static let scaling = Demo(name: "scaling", summary: "scaling filters: a tiny pixel-art creature magnified and a picture of fine rings minified with kCAFilterLinear, kCAFilterNearest and kCAFilterTrilinear (Lockwood ch. 4)",
        preferredSize: ScalingScene.sceneSize,
        run: { options in LayerSceneDemo.run(title: "Scaling", options) { root, _ in ScalingScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ScalingScene(root: root) } })
}
