import CoreGraphics
import Foundation
import QuartzCore

/// `demo actions`' view controller for the options' variant.
enum ActionsDemo {
    static let sceneSize = CGSize(width: 400, height: 400)

    @MainActor
    static func make(_ options: DemoOptions) -> ActionsViewController {
        ActionsViewController(variant: options.variant.flatMap(ActionsViewController.Variant.init(argument:)) ?? .l75)
    }
}

extension Demo {
    static let actions = Demo(name: "actions", summary: "layer actions: a view's null action outside animation blocks, a delegate's push for new contents, removal with actions disabled, a subclass without a position action, a 5-s action beating the transaction, a delegate's waggly path, a class's default push, pop-in on order-in, pop-out and removal; --variant l7-5 (default), l6-1, l6-2, e44...e49 or keys 1-9; click or Space runs (Lockwood ch. 7; Core Animation Programming Guide; Neuburg ch. 17)",
        preferredSize: ActionsDemo.sceneSize,
        run: { options in ControllerDemo.run(title: "Actions", options, controller: ActionsDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: ActionsDemo.make) },
        variants: ActionsViewController.Variant.arguments)
}
