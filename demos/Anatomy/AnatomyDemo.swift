import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let anatomy = Demo(name: "anatomy", summary: "a layer's style properties in render order, one more per tile: geometry, background, contents, an overflowing sublayer, the border above it, shadow, opacity, mask (Core Animation Programming Guide, appendix A)",
        preferredSize: AnatomyScene.size,
        run: { options in LayerSceneDemo.run(title: "Anatomy", options) { root, _ in AnatomyScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in AnatomyScene(root: root) } })
}
