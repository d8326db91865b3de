import CoreGraphics
import Foundation
import QuartzCore

/// `demo compass`' view controller for the options' variant.
enum CompassDemo {
    @MainActor
    static func make(_ options: DemoOptions) -> CompassViewController {
        CompassViewController(variant: options.variant.flatMap(CompassViewController.Variant.init(argument:)) ?? .e23)
    }
}

extension Demo {
    static let compass = Demo(name: "compass", summary: "the compass arrow turned and shaken: implicit turn, a slower transaction, the clunk timing function, explicit turns, waggles (plain, additive with a value function, damped keyframes) and a grouped turn-then-waggle; --variant e23 (default), e24...e29, e31, e33 or keys 1-9; click or Space runs (Neuburg ch. 17)",
        preferredSize: CompassViewController.size,
        run: { options in ControllerDemo.run(title: "Compass", options, controller: CompassDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: CompassDemo.make) },
        variants: CompassViewController.Variant.arguments)
}
