import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let borderGroup = Demo(name: "border-group", summary: "a CAAnimationGroup of two paced keyframe animations: border width through nine values at constant speed, border colour green, red, blue; 5 s; Space replays (Core Animation Programming Guide, listing 3-4)",
        run: { options in LayerSceneDemo.run(title: "Border Group", options) { root, _ in BorderGroupScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in BorderGroupScene(root: root) } })
}
