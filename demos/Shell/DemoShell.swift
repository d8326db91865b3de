import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// The keys every demo answers in its window, for experimenting with the animations:
///
/// | key          | action |
/// |--------------|--------|
/// | Space        | pause / resume every animation (the guide's recipe on the root layer) |
/// | Left, Right  | while paused, step one frame (1/60 s) back or forward |
/// | S            | slow motion: the root layer's speed ×0.1, and back |
/// | D            | cycle QuartzCore's debug overlays (`CADebugOverlay`: layer bounds, blended, offscreen, redraw flash, rasterization hits/misses) |
/// | B            | block the main thread for one second (animations keep running on the render thread) |
/// | R            | restart the demo: its scene is rebuilt from scratch |
/// | V            | start / stop recording what the demo shows to `NAME-N.webp` (`WindowRecording`) |
/// | F11          | fullscreen on / off |
/// | Q, Escape    | quit (status 0) |
///
/// Pausing and slow motion act on the host's root layer, whose timing every layer below inherits:
/// a layer's local time is `(parent time − beginTime) × speed + timeOffset`. Each change re-anchors
/// the root at the current media time so the picture never jumps.
/// A demo with keys of its own: they are offered to it before the window and the shell see them.
@MainActor
protocol DemoKeyHandling: AnyObject {
    /// Handles `event` and returns true when it is one of the demo's keys.
    func handle(_ event: WaylandKeyEvent) -> Bool
}

final class DemoShell {
    /// One frame at 60 Hz, the step of Left and Right.
    static let frameStep: CFTimeInterval = 1.0 / 60
    /// The root layer's speed in slow motion.
    static let slowMotionSpeed: Float = 0.1

    private let host: any LayerHosting
    private let makeDemo: () -> AnyObject
    /// The running demo (kept alive here; replaced by R).
    private var demo: AnyObject?
    /// The name recordings are given (`NAME-N.webp`): the demo's.
    @MainActor static var demoName = "demo"
    private(set) var isPaused = false
    /// The recording under way (V).
    private var recording: WindowRecording?
    private(set) var isSlowMotion = false
    /// The overlay every window's render thread draws (`RenderDebugOptions.shared`).
    var overlay: CADebugOverlay { RenderDebugOptions.shared.overlay }

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
        let shell = DemoShell(host: host, makeDemo: makeDemo)
        shell.demo = demo
        // A demo's UIWindow bound to the host takes its keys too: its handler is kept and runs first.
        let previous = host.didReceiveKeyEvent
        host.didReceiveKeyEvent = { [shell] event in
            // The running demo's own keys come first (the demo is replaced by R).
            if let demo = shell.demo as? DemoKeyHandling, MainActor.assumeIsolated({ demo.handle(event) }) { return }
            previous?(event)
            shell.handle(event)
        }
        return shell
    }

    private init(host: any LayerHosting, makeDemo: @escaping () -> AnyObject) {
        self.host = host
        self.makeDemo = makeDemo
    }

    private var root: CALayer { host.rootLayer }

    func handle(_ event: WaylandKeyEvent) {
        guard event.state == .pressed else { return }
        let keysym = event.keysym.lowercased
        // Held arrows keep stepping; the toggles act once per press.
        if event.isRepeat, keysym != .left, keysym != .right { return }
        switch keysym {
        case .space: isPaused ? resume() : pause()
        case .left: step(by: -Self.frameStep)
        case .right: step(by: Self.frameStep)
        case WaylandKeysym("s"): toggleSlowMotion()
        case WaylandKeysym("d"): cycleOverlay()
        case WaylandKeysym("b"): blockMainThread()
        case WaylandKeysym("r"): restart()
        case WaylandKeysym("v"): MainActor.assumeIsolated { toggleRecording() }
        case .f11: host.window.toggleFullscreen()
        case WaylandKeysym("q"), .escape: quit()
        default: break
        }
    }

    // MARK: Timing of the root layer

    /// The guide's pause: the root's clock stops at the current local time.
    private func pause() {
        let pausedTime = root.convertTime(CACurrentMediaTime(), from: nil)
        changeRootTiming {
            root.speed = 0
            root.timeOffset = pausedTime
        }
        isPaused = true
        announce("paused (Left/Right step a frame, Space resumes)")
    }

    /// The guide's resume: the clock runs on from where it stopped. At normal speed this is the recipe
    /// itself (`beginTime = convertTime(now) − pausedTime` after zeroing); in slow motion the begin time
    /// is divided out of the slower speed.
    private func resume() {
        let pausedTime = root.timeOffset
        let speed: Float = isSlowMotion ? Self.slowMotionSpeed : 1
        changeRootTiming {
            root.speed = speed
            root.timeOffset = 0
            root.beginTime = 0
            let timeSincePause = root.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            root.beginTime = timeSincePause / CFTimeInterval(speed)
        }
        isPaused = false
        announce("resumed")
    }

    /// One frame back or forward while paused (the local time is `timeOffset` then).
    private func step(by delta: CFTimeInterval) {
        guard isPaused else { return }
        changeRootTiming { root.timeOffset += delta }
    }

    /// Slow motion on or off, continuous: the root is re-anchored at the current local time
    /// (`beginTime` = now, `timeOffset` = local time now), so only the rate changes from here on.
    private func toggleSlowMotion() {
        isSlowMotion.toggle()
        announce(isSlowMotion ? "slow motion (×\(Self.slowMotionSpeed))" : "normal speed")
        guard !isPaused else { return }  // resume picks the speed up
        let now = CACurrentMediaTime()
        let localNow = root.convertTime(now, from: nil)
        changeRootTiming {
            root.beginTime = now
            root.timeOffset = localNow
            root.speed = isSlowMotion ? Self.slowMotionSpeed : 1
        }
    }

    private func changeRootTiming(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    // MARK: Other keys

    /// The next of QuartzCore's debug overlays (none, layer bounds, blended, offscreen, redraw flash,
    /// rasterization hits and misses),
    /// drawn by the render thread from the next frame on; the window redraws at once.
    private func cycleOverlay() {
        let all = CADebugOverlay.allCases
        let next = all[(all.firstIndex(of: overlay)! + 1) % all.count]
        RenderDebugOptions.shared.overlay = next
        host.window.setNeedsDisplay()
        announce("debug overlay: \(next.rawValue)")
    }

    /// Sleeps on the main thread for a second; the render thread keeps the animations going.
    private func blockMainThread() {
        let start = CACurrentMediaTime()
        Thread.sleep(forTimeInterval: 1)
        host.window.trace?.write(["type": "block", "start": start, "end": CACurrentMediaTime()])
    }

    /// Rebuilds the demo: the old one is released, the root emptied and its timing reset.
    private func restart() {
        demo = nil
        changeRootTiming {
            root.removeAllAnimations()
            for layer in root.sublayers ?? [] { layer.removeFromSuperlayer() }
            root.speed = 1
            root.timeOffset = 0
            root.beginTime = 0
        }
        isPaused = false
        isSlowMotion = false
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        demo = makeDemo()
        CATransaction.commit()
        announce("restarted")
    }

    /// V: starts a recording of the demo's root layer, or stops the one under way and writes it.
    @MainActor
    private func toggleRecording() {
        if let recording {
            self.recording = nil
            do {
                let bytes = try recording.finish()
                announce("saved \(recording.path) (\(recording.frameCount) frames at \(WindowRecording.framesPerSecond) fps, \(bytes) bytes)")
            } catch {
                writeStandardError("demo: recording \(recording.path) not saved: \(error)\n")
            }
            return
        }
        do {
            let started = try WindowRecording(root: root, path: WindowRecording.freePath(for: Self.demoName))
            started.didReachLimit = { [weak self] in MainActor.assumeIsolated { self?.toggleRecording() } }
            recording = started
            announce("recording to \(started.path) (V stops)")
        } catch {
            writeStandardError("demo: cannot record: \(error)\n")
        }
    }

    private func quit() {
        MainActor.assumeIsolated { DemoExit.exit(status: 0) }
    }

    private func announce(_ message: String) {
        print("demo: \(message)")
        fflush(stdout)
    }
}
