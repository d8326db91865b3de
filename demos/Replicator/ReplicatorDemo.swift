import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let replicator = Demo(name: "replicator", summary: "CAReplicatorLayer: a ring of ten squares, each turned 36 degrees and a little redder (Lockwood ch. 6)",
        preferredSize: CGSize(width: ReplicatorScene.sceneSide, height: ReplicatorScene.sceneSide),
        run: { options in LayerSceneDemo.run(title: "Replicator", options) { root, _ in ReplicatorScene(root: root) } },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ReplicatorScene(root: root) } })
}
