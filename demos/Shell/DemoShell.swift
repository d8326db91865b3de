import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// A demo with keys of its own: they are offered to it before the window and the shell see them.
@MainActor
protocol DemoKeyHandling: AnyObject {
    /// Handles `event` and returns true when it is one of the demo's keys.
    func handle(_ event: WaylandKeyEvent) -> Bool
}

/// A demo's window: its own keys first (`DemoKeyHandling`), then the window's views', then the keys
/// for experimenting every window of the library can answer (`WindowShellKeys`: Space pauses, S slow
/// motion, V records, …), whose R here rebuilds the demo from scratch.
final class DemoShell {
    private let host: any LayerHosting
    private let makeDemo: () -> AnyObject
    /// The running demo (kept alive here; replaced by R).
    private var demo: AnyObject?
    /// The name recordings are given (`NAME-N.webp`): the demo's.
    @MainActor static var demoName = "demo"
    /// The shell's keys.
    let keys: WindowShellKeys
    /// The shell of the demo shown last: a recording under way in it is written on every orderly end.
    @MainActor private static weak var latest: DemoShell?
    @MainActor private static var finishesRecordings = false

    /// Starts the demo with `makeDemo` (which builds its scene in `host.rootLayer` and returns the
    /// object that runs it) and answers the shell keys in the host's window.
    @discardableResult
    static func run(in host: any LayerHosting, _ makeDemo: @escaping () -> AnyObject) -> DemoShell {
        run(in: host, running: makeDemo(), restartWith: makeDemo)
    }

    /// Answers the shell keys for a demo already running (`demo`); R empties the root layer and calls
    /// `makeDemo` to build the scene again (for a demo whose runner outlives its scene, like the bench).
    @discardableResult
    static func run(in host: any LayerHosting, running demo: AnyObject,
                    restartWith makeDemo: @escaping () -> AnyObject) -> DemoShell {
        let shell = MainActor.assumeIsolated { DemoShell(host: host, makeDemo: makeDemo) }
        shell.demo = demo
        // A demo's UIWindow bound to the host takes its keys too: its handler is kept and runs first.
        let previous = host.didReceiveKeyEvent
        host.didReceiveKeyEvent = { [shell] event in
            // The running demo's own keys come first (the demo is replaced by R).
            if let demo = shell.demo as? DemoKeyHandling, demo.handle(event) { return }
            previous?(event)
            shell.keys.handle(event)
        }
        return shell
    }

    @MainActor
    private init(host: any LayerHosting, makeDemo: @escaping () -> AnyObject) {
        self.host = host
        self.makeDemo = makeDemo
        keys = WindowShellKeys(host: host, recordingName: Self.demoName, messagePrefix: "demo")
        keys.quit = { DemoExit.exit(status: 0) }
        keys.restart = { [unowned self] in restart() }
        Self.latest = self
        // SIGTERM, SIGINT, SIGHUP, the window closed, the compositor gone: the recording (V) is kept.
        if !Self.finishesRecordings {
            Self.finishesRecordings = true
            DemoExit.atExit { MainActor.assumeIsolated { DemoShell.latest?.keys.finishRecording() } }
        }
    }

    /// Rebuilds the demo: the old one is released, the root emptied and its timing reset.
    @MainActor
    private func restart() {
        demo = nil
        keys.resetTiming()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in host.rootLayer.sublayers ?? [] { layer.removeFromSuperlayer() }
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        demo = makeDemo()
        CATransaction.commit()
        keys.announce("restarted")
    }
}
