import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// A listing's view controller with keys of its own in the demo's window (letters; the digits
/// choose variants).
@MainActor
protocol DemoKeyResponder: AnyObject {
    /// The characters (lowercase) the controller answers.
    var demoKeys: Set<String> { get }
    /// Acts on the character `key`, one of `demoKeys`, pressed once.
    func pressKey(_ key: String)
}

/// Runs a demo written as the book's listings are: a view controller (the listing) as the root of
/// a window. Its variants are controllers too: `make(argument)` builds the one of `--variant` (nil:
/// the default) or of a digit key, nil when there is no such variant. Letter keys go to the root
/// controller when it is a `DemoKeyResponder`; they come before the shell's keys (S, R, D…).
@MainActor
final class ControllerDemo: DemoKeyHandling {
    typealias Make = @MainActor (_ variant: String?) -> UIViewController?

    nonisolated static func run(title: String, _ options: DemoOptions, _ make: @escaping Make) -> Int32 {
        DemoHost.run(title: title, options) { host in
            let demo = ControllerDemo(host: host, options: options, make: make)
            demo.start()
            return demo
        }
    }

    /// The scene of an offscreen snapshot of `size` points: the controller of `--variant`, then the
    /// options' scripted input (`--click`, `--drag`) through the window's touch input.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize, _ make: Make) -> DemoScene {
        MainActor.assumeIsolated {
            let scene = ControllerScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)),
                                        controller: make(options.variant) ?? UIViewController())
            scene.play(options)
            return scene
        }
    }

    private let host: WaylandLayerHost
    private let window: UIWindow
    private let scene: ControllerScene
    private let make: Make
    private let options: DemoOptions

    init(host: WaylandLayerHost, options: DemoOptions, make: @escaping Make) {
        self.host = host
        self.make = make
        self.options = options
        window = UIWindow(frame: host.rootLayer.bounds)
        scene = ControllerScene(window: window, controller: make(options.variant) ?? UIViewController())
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        scene.play(options)
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard let key = event.text?.lowercased(), !key.isEmpty else { return false }
        if Int(key) != nil {
            guard event.state == .pressed, !event.isRepeat else { return true }
            guard let controller = make(key) else { return false }
            scene.show(controller)
            return true
        }
        guard let responder = window.rootViewController as? DemoKeyResponder, responder.demoKeys.contains(key) else {
            return false
        }
        if event.state == .pressed, !event.isRepeat { responder.pressKey(key) }
        return true
    }
}

/// A window whose root view controller is a listing's.
final class ControllerScene: DemoScene {
    let window: UIWindow
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, controller: UIViewController) {
        self.window = window
        show(controller)
    }

    @MainActor
    func show(_ controller: UIViewController) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        window.rootViewController = controller
        window.layoutIfNeeded()
        CATransaction.commit()
    }

    /// `--click X,Y`: a press and release there; `--drag X0,Y0,X1,Y1`: a press at the first point,
    /// moved to the second in eight steps and released: the window's own touch path, as a pointer's.
    @MainActor
    func play(_ options: DemoOptions) {
        if let point = options.click {
            window.dispatchTouches([.init(id: 1, phase: .began, location: point, type: .indirectPointer)])
            window.dispatchTouches([.init(id: 1, phase: .ended, location: point, type: .indirectPointer)])
        }
        if let (from, to) = options.drag {
            window.dispatchTouches([.init(id: 2, phase: .began, location: from, type: .indirectPointer)])
            for k in 1...8 {
                let t = CGFloat(k) / 8
                let point = CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
                window.dispatchTouches([.init(id: 2, phase: .moved, location: point, type: .indirectPointer)])
            }
            window.dispatchTouches([.init(id: 2, phase: .ended, location: to, type: .indirectPointer)])
        }
        CATransaction.flush()
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

/// What a listing reports (its alerts, a touched view): one line on standard error, and a
/// `{"type":"log","text":…}` line in the `--trace` file.
func demoLog(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
    DemoTrace.writer?.write(["type": "log", "text": text])
    DemoTrace.writer?.flush()
}
