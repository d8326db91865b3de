import Foundation
import QuartzCore
import UIKit

/// `demo door`: in manual mode a snapshot drags 100 points to the left at 0.2 s.
enum DoorDemo {
    static let dragTime: CFTimeInterval = 0.2

    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        DoorViewController(listing: options.variant.flatMap(DoorViewController.Listing.init(argument:)) ?? .swing)
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        let door = controller as! DoorViewController
        guard door.listing == .manual else { return [] }
        return [ScriptedEvent(time: dragTime) {
            let start = CGPoint(x: door.view.bounds.midX + 50, y: door.view.bounds.maxY - 20)
            door.view.window?.drag(from: door.view.convert(start, to: nil), by: CGPoint(x: -100, y: 0))
        }]
    }
}

extension Demo {
    static let door = Demo(name: "door", summary: "a door hung on its left edge in perspective: swinging open and shut for ever (autoreverses, repeatDuration infinity), or paused and scrubbed by a horizontal drag through its timeOffset; M or --variant swing|manual; a manual snapshot drags 100 points left at 0.2 s (Lockwood ch. 9)",
        preferredSize: CGSize(width: 380, height: 380),
        run: { options in ControllerDemo.run(title: "Door", options, controller: DoorDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: DoorDemo.make, script: DoorDemo.script) },
        variants: DoorViewController.Listing.arguments)
}
