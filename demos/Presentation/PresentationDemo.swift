import Foundation
import QuartzCore
import UIKit

/// `demo presentation`: a snapshot clicks at `target` at 0 s, then at 1 s on the middle of the
/// square as drawn then.
enum PresentationDemo {
    static let target = CGPoint(x: 400, y: 400)
    static let secondClick: CFTimeInterval = 1
    static let variants = ["presentation", "model"]

    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        PresentationViewController(hitTestsModel: options.variant == "model", seed: options.seed ?? 1,
                                   screenSize: options.size)
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        let controller = controller as! PresentationViewController
        return [
            ScriptedEvent(time: 0) { controller.view.window?.click(at: target) },
            ScriptedEvent(time: secondClick) {
                let drawn = controller.colorLayer.presentation()?.position ?? controller.colorLayer.position
                controller.view.window?.click(at: controller.view.convert(drawn, to: nil))
            },
        ]
    }
}

extension Demo {
    static let presentation = Demo(name: "presentation", summary: "presentation vs model: a click moves the red square there over 4 s, a click on the moving square (its presentation layer's hitTest) recolours it; M or --variant model hit-tests the model layer instead; a snapshot clicks at (400, 400) at 0 s and on the square at 1 s (Lockwood ch. 7)",
        run: { options in ControllerDemo.run(title: "Presentation", options, controller: PresentationDemo.make) },
        scene: { options, size in
            ControllerDemo.scene(options, size: size, controller: PresentationDemo.make, script: PresentationDemo.script)
        },
        variants: PresentationDemo.variants)
}
