import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let constraints = Demo(name: "constraints", summary: "CAConstraintLayoutManager (an OS X class, added to QuartzCore here): layerA stays centred, layerB fills the space under it down to 10 points above the bottom; resize the window (Core Animation Programming Guide, listings 4-1 and 4-2; the container is geometry-flipped to get OS X's y-up coordinates)",
        preferredSize: ConstraintsScene.preferredSize,
        run: { options in LayerSceneDemo.run(title: "Constraints", options) { root, _ in ConstraintsScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ConstraintsScene(root: root) } })
}
