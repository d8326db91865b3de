import Foundation
import QuartzCore
import UIKit

/// `demo snapshot`: a snapshot clicks "Perform Transition" at 0 s and lets the clock stop at 1 s,
/// when the animation's completion removes the cover.
enum SnapshotCoverDemo {
    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        SnapshotCoverViewController(seed: options.seed ?? 1)
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        let button = (controller as! SnapshotCoverViewController).button
        return [
            ScriptedEvent(time: 0) {
                button.window?.click(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
            },
            ScriptedEvent(time: 1) {},
        ]
    }
}

extension Demo {
    static let snapshot = Demo(name: "snapshot", summary: "a custom transition: the view drawn into an image with render(in:), the image in a cover view that shrinks, turns 90° and fades over 1 s above the view's new random colour, then is removed; the button or Space runs it, a snapshot clicks it at 0 s (Lockwood ch. 8)",
        preferredSize: CGSize(width: 360, height: 360),
        run: { options in ControllerDemo.run(title: "Snapshot Transition", options, controller: SnapshotCoverDemo.make) },
        scene: { options, size in
            ControllerDemo.scene(options, size: size, controller: SnapshotCoverDemo.make, script: SnapshotCoverDemo.script)
        })
}
