import Foundation
import QuartzCore
import UIKit

/// `demo spin`: a snapshot clicks Start at 0 s (listings 8.15 and 9.1), and Stop at `stopTime`
/// (8.15).
enum SpinDemo {
    static let stopTime: CFTimeInterval = 1

    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        SpinViewController(listing: options.variant.flatMap(SpinViewController.Listing.init(argument:)) ?? .rotation)
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        let spin = controller as! SpinViewController
        func click(_ button: UIButton) {
            button.window?.click(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        }
        switch spin.listing {
        case .transform, .rotation: return []
        case .startStop: return [ScriptedEvent(time: 0) { click(spin.startButton) }, ScriptedEvent(time: stopTime) { click(spin.stopButton) }]
        case .repeats: return [ScriptedEvent(time: 0) { click(spin.startButton) }]
        }
    }
}

extension Demo {
    static let spin = Demo(name: "spin", summary: "a ship turned by \"transform\" (half a turn) and by the virtual \"transform.rotation\" key path (a whole turn), started and stopped by animation key (Start/Stop buttons, the delegate logs finished YES/NO), duration and repeat count from text fields; --variant or keys 1-4; a snapshot clicks Start at 0 s and Stop at 1 s (Lockwood ch. 8, 9)",
        preferredSize: CGSize(width: 360, height: 480),
        run: { options in ControllerDemo.run(title: "Spin", options, controller: SpinDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: SpinDemo.make, script: SpinDemo.script) },
        variants: SpinViewController.Listing.arguments)
}
