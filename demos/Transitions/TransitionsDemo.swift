import CoreGraphics
import Foundation
import QuartzCore

/// `demo transitions`' view controller for the options' variant.
enum TransitionsDemo {
    @MainActor
    static func make(_ options: DemoOptions) -> TransitionsViewController {
        TransitionsViewController(style: options.variant.flatMap(TransitionsViewController.Style.init(argument:)) ?? .fade)
    }
}

extension Demo {
    static let transitions = Demo(name: "transitions", summary: "an image view switching pictures with a CATransition (fade, moveIn, push, reveal) or UIView.transition (flip, curl); --variant fade (default), move-in, push, reveal, flip, curl or keys 1-6, T cycles, arrows choose the direction, Space or the Switch Image button switches; a snapshot switches at 0.5 s (Lockwood ch. 8)",
        preferredSize: TransitionsViewController.size,
        run: { options in ControllerDemo.run(title: "Transitions", options, controller: TransitionsDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: TransitionsDemo.make) },
        variants: TransitionsViewController.Style.arguments)
}
