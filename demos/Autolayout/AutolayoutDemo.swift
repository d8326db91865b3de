import CoreGraphics
import Foundation
import QuartzCore
import UIKit

/// `demo autolayout`: the controller of the options' variant; a window runs the example at once.
enum AutolayoutDemo {
    @MainActor
    static func make(_ options: DemoOptions) -> AutolayoutViewController {
        AutolayoutViewController(variant: options.variant.flatMap(AutolayoutViewController.Variant.init(argument:)) ?? .e40)
    }

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        ControllerDemo.run(title: "Autolayout", options, controller: { options in
            let controller = make(options)
            controller.schedulesLayoutProbe = true
            return controller
        })
    }

    /// A snapshot: the example runs at time 0, the forced layout comes at its delay.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let controller = make(options)
            window.rootViewController = controller
            window.layoutIfNeeded()
            window.layer.markTreeAsRendered()
            return AutolayoutSnapshotScene(window: window, controller: controller)
        }
    }
}

/// A snapshot's timeline: the example at 0 s, the forced layout at `layoutProbeDelay`.
final class AutolayoutSnapshotScene: DemoScene {
    let window: UIWindow
    let controller: AutolayoutViewController
    private var fired = 0
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    init(window: UIWindow, controller: AutolayoutViewController) {
        self.window = window
        self.controller = controller
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        [0, AutolayoutViewController.layoutProbeDelay].filter { $0 <= seconds }
    }

    func fireTimers() {
        defer { fired += 1 }
        MainActor.assumeIsolated {
            if fired == 0 { controller.performAction() } else { controller.forceLayout() }
        }
    }
}

extension Demo {
    static let autolayout = Demo(name: "autolayout", summary: "animation under autolayout: a view moved against its constraints jumps back at the next layout, unless the leading constraint is replaced, changed in place or itself animated; throbs with the view's transform and with Core Animation; a fake shrink; --variant e37...e43 (default e40) or keys 1-7, Space runs; 1.5 s in, a forced layout is logged (Neuburg ch. 17, Animation and Autolayout; the project's UIKit lays out as iOS 8+ does: a transform change does not trigger layout, so E41 does not break)",
        preferredSize: AutolayoutViewController.size, run: AutolayoutDemo.run, scene: AutolayoutDemo.scene,
        variants: AutolayoutViewController.Variant.arguments)
}
