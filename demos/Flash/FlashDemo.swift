import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo flash`: the window, and a snapshot whose display link is driven at 60 Hz on the frozen
/// media clock (the window's frames drive it in a window).
enum FlashDemo {
    @MainActor
    static func make(_ options: DemoOptions, trace: TraceWriter?) -> FlashViewController {
        let controller = FlashViewController()
        controller.didRenderFrame = { n, frame in
            trace?.write(["type": "displayLink", "callback": n, "frame": frame])
            trace?.flush()
        }
        return controller
    }

    static func run(_ options: DemoOptions) -> Int32 {
        ControllerDemo.run(title: "Flash", options, controller: { options in make(options, trace: DemoTrace.writer) })
    }

    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let controller = make(options, trace: options.openTrace() ?? nil)
            window.rootViewController = controller
            window.layoutIfNeeded()
            window.layer.markTreeAsRendered()
            controller.performAction()
            return FlashScene(window: window, controller: controller)
        }
    }
}

/// A snapshot of the flash: one display-link frame every 1/60 s from 1/60 s on, while the link runs.
final class FlashScene: DemoScene {
    static let frameInterval: CFTimeInterval = 1.0 / 60
    let window: UIWindow
    let controller: FlashViewController
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    init(window: UIWindow, controller: FlashViewController) {
        self.window = window
        self.controller = controller
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        // The link stops after a little over a second; frames after that find it gone.
        let frames = Int((min(seconds, 3) / Self.frameInterval + 1e-9).rounded(.down))
        return frames < 1 ? [] : (1...frames).map { CFTimeInterval($0) * Self.frameInterval }
    }

    func fireTimers() {
        MainActor.assumeIsolated {
            guard controller.link != nil else { return }
            let now = CACurrentMediaTime()
            DisplayLinkClock.shared.frameDidBegin(from: self, timestamp: now, targetTimestamp: now + Self.frameInterval,
                                                  duration: Self.frameInterval)
            // The link's call is queued on the main run loop: one pass runs it.
            _ = RunLoop.main.run(mode: .default, before: Date())
        }
    }
}

extension Demo {
    static let flash = Demo(name: "flash", summary: "a CADisplayLink drives a flash transition from red through a white starburst to a photo, one frame per call, and is invalidated once a second has passed; Space restarts; --trace logs each call (Neuburg ch. 17)",
        preferredSize: FlashViewController.size, run: FlashDemo.run, scene: FlashDemo.scene)
}
