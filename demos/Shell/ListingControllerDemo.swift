import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// A listing's view controller that answers keys of its own (variants 1-9, the "button" on Space…).
@MainActor
protocol ListingKeys: AnyObject {
    /// Handles a press of the key that types `text` (" " for Space); false when it is not the
    /// controller's, so the shell's keys (pause, slow motion, quit…) still work.
    func pressKey(_ text: String) -> Bool
}

/// What the user does at a media time in a snapshot (a click, a key), in the order given.
struct ScriptedEvent {
    let time: CFTimeInterval
    let run: @MainActor () -> Void
}

/// A demo whose scene is one view controller as a window's root, the way a listing's app is: in a
/// window (keys go to the controller first when it adopts `ListingKeys`) or offscreen for
/// `--snapshot`, where `script` lists the clicks and keys to replay at their times.
@MainActor
final class ListingControllerDemo: DemoKeyHandling {
    typealias Make = @MainActor (DemoOptions) -> UIViewController
    typealias Script = @MainActor (UIViewController, DemoOptions) -> [ScriptedEvent]

    nonisolated static func run(title: String, _ options: DemoOptions, _ make: @escaping Make) -> Int32 {
        DemoHost.run(title: title, options) { host in
            // The controllers see the window's size as the options' (the screen's, on iOS).
            var shown = options
            shown.size = host.rootLayer.bounds.size
            return ListingControllerDemo(host: host, controller: make(shown))
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize, _ make: @escaping Make,
                                  script: Script? = nil) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            // A snapshot draws this tree: its layers animate as a shown window's do.
            window.layer.markTreeAsRendered()
            let controller = make(options)
            window.rootViewController = controller
            window.layoutIfNeeded()
            CATransaction.flush()
            return ListingControllerScene(window: window, events: script?(controller, options) ?? [])
        }
    }

    private let window: UIWindow
    private let controller: UIViewController

    init(host: WaylandLayerHost, controller: UIViewController) {
        self.controller = controller
        window = UIWindow(frame: host.rootLayer.bounds)
        window.bind(to: host)
        window.makeKey()
        // Bound first, so that the screen is the window when the controller's view loads.
        window.rootViewController = controller
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard let keys = controller as? ListingKeys, let text = event.text, !text.isEmpty else { return false }
        guard event.state == .pressed else { return false }
        if event.isRepeat { return false }
        return keys.pressKey(text)
    }
}

/// The offscreen window of a `ListingControllerDemo`, replaying its scripted events.
final class ListingControllerScene: DemoScene {
    let window: UIWindow
    private let events: [ScriptedEvent]
    private var next = 0
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    init(window: UIWindow, events: [ScriptedEvent]) {
        self.window = window
        self.events = events.sorted { $0.time < $1.time }
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        events.map(\.time).filter { $0 <= seconds }
    }

    func fireTimers() {
        guard next < events.count else { return }
        let event = events[next]
        next += 1
        MainActor.assumeIsolated { event.run() }
    }
}

extension UIWindow {
    /// A click at `point` (window coordinates) through the window's touch input, as the pointer's.
    func click(at point: CGPoint) {
        dispatchTouches([UIWindow.TouchInput(id: 1, phase: .began, location: point, type: .indirectPointer)])
        dispatchTouches([UIWindow.TouchInput(id: 1, phase: .ended, location: point, type: .indirectPointer)])
    }

    /// A press-drag from `start` by `translation` in `steps` moves, through the window's touch input.
    func drag(from start: CGPoint, by translation: CGPoint, steps: Int = 10) {
        dispatchTouches([UIWindow.TouchInput(id: 1, phase: .began, location: start, type: .indirectPointer)])
        for k in 1...steps {
            let f = CGFloat(k) / CGFloat(steps)
            let point = CGPoint(x: start.x + translation.x * f, y: start.y + translation.y * f)
            dispatchTouches([UIWindow.TouchInput(id: 1, phase: .moved, location: point, type: .indirectPointer)])
        }
        let end = CGPoint(x: start.x + translation.x, y: start.y + translation.y)
        dispatchTouches([UIWindow.TouchInput(id: 1, phase: .ended, location: end, type: .indirectPointer)])
    }
}
