import Foundation
import UIKit

extension Demo {
    static let color = Demo(name: "color", summary: "a blue layer changes colour: implicit (0.25 s), a 1-s transaction, disabled actions, a completion block, a backing layer, UIView's actionForLayer (log), a push action, CABasicAnimation snap-back and its fixes, keyframes with and without easing; --variant or keys 1-9, 0, -, =; Space or the button changes the colour; a snapshot presses it at 0 s (Lockwood ch. 7, 8, 10)",
        preferredSize: CGSize(width: 320, height: 360),
        run: { options in ControllerDemo.run(title: "Color", options, controller: makeColor) },
        scene: { options, size in
            ControllerDemo.scene(options, size: size, controller: makeColor) { controller, _ in
                [ScriptedEvent(time: 0) {
                    let button = (controller as! ColorViewController).button
                    button.window?.click(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
                },
                 // The clock stops when the 1-s fades end, so that listing 7.3's completion block runs then.
                 ScriptedEvent(time: 1) {}]
            }
        },
        variants: ColorListing.arguments)

    @MainActor private static func makeColor(_ options: DemoOptions) -> UIViewController {
        ColorViewController(listing: options.variant.flatMap(ColorListing.init(argument:)) ?? .implicit, seed: options.seed ?? 1)
    }
}
