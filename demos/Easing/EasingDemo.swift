import Foundation
import QuartzCore
import UIKit

/// `demo easing`: a snapshot clicks at `target` at 0 s.
enum EasingDemo {
    static let target = CGPoint(x: 400, y: 400)

    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        EasingViewController(variant: options.variant.flatMap(EasingVariant.init(argument:)) ?? .easeOut,
                             screenSize: options.size)
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        [ScriptedEvent(time: 0) { controller.view.window?.click(at: target) }]
    }
}

extension Demo {
    static let easing = Demo(name: "easing", summary: "easing: a click moves the red square there in 1 s with a CATransaction timing function (easeOut, linear, easeIn, easeInEaseOut, default, the clock tick) or a UIView animation's curveEaseOut; G graphs the curve; --variant or keys 1-8; a snapshot clicks at (400, 400) at 0 s (Lockwood ch. 10)",
        run: { options in ControllerDemo.run(title: "Easing", options, controller: EasingDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: EasingDemo.make, script: EasingDemo.script) },
        variants: EasingVariant.arguments)
}
