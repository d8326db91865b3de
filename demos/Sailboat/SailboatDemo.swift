import CoreGraphics
import Foundation
import QuartzCore

extension Demo {
    static let sailboat = Demo(name: "sailboat", summary: "a boat sails an S-shaped course in 8 s: a paced path, a discrete flip about the y axis at each apex and an endless additive rocking, grouped; Space replays (Neuburg ch. 17)",
        preferredSize: SailboatViewController.size,
        run: { options in ControllerDemo.run(title: "Sailboat", options, controller: { _ in SailboatViewController() }) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: { _ in SailboatViewController() }) })
}
