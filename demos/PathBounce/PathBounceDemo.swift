import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let pathBounce = Demo(name: "path-bounce", summary: "a layer bounces along a CGPath of two cubic arcs with a 5-s CAKeyframeAnimation, one keyframe segment per arc; Space replays (Core Animation Programming Guide, listing 3-3)",
        preferredSize: PathBounceScene.size,
        run: { options in LayerSceneDemo.run(title: "Path Bounce", options) { root, _ in PathBounceScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in PathBounceScene(root: root) } })
}
