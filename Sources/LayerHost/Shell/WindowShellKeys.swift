import CoreGraphics
import Foundation
import QuartzCore
import WaylandShell

/// The keys for experimenting with animations in a window (a Linux addition; every demo's window
/// answers them, `scripts/play`'s window too, and a program's `UIWindow` with `answersShellKeys`):
///
/// | key          | action |
/// |--------------|--------|
/// | Space        | pause / resume every animation (the guide's recipe on the root layer) |
/// | Left, Right  | while paused, step one frame (1/60 s) back or forward |
/// | S            | slow motion: the root layer's speed ×0.1, and back |
/// | D            | cycle QuartzCore's debug overlays (`CADebugOverlay`: layer bounds, blended, offscreen, redraw flash, rasterization hits/misses) |
/// | B            | block the main thread for one second (animations keep running on the render thread) |
/// | R            | restart, when the window's owner says how (`restart`) |
/// | V            | start / stop recording what the window shows to `NAME-N.webp` (`WindowRecording`) |
/// | F11          | fullscreen on / off |
/// | Q, Escape    | quit (status 0; a recording under way is written first) |
///
/// Pausing and slow motion act on the host's root layer, whose timing every layer below inherits:
/// a layer's local time is `(parent time − beginTime) × speed + timeOffset`. Each change re-anchors
/// the root at the current media time so the picture never jumps. Main thread.
@MainActor
public final class WindowShellKeys {
    /// One frame at 60 Hz, the step of Left and Right.
    public static let frameStep: CFTimeInterval = 1.0 / 60
    /// The root layer's speed in slow motion.
    public static let slowMotionSpeed: Float = 0.1

    private let host: any LayerHosting
    /// Recordings are named `NAME-N.webp`, N the first free number.
    public var recordingName: String
    /// Where recordings are written (nil: the current directory).
    public var recordingFolder: String?
    /// R: rebuilds what the window shows; nil, R does nothing.
    public var restart: (@MainActor () -> Void)?
    /// Q and Escape, after a recording under way is written: ends the process with status 0 unless set.
    public var quit: @MainActor () -> Void = { exit(0) }
    /// What the keys say they did ("paused", "saved NAME-1.webp …"): printed as `PREFIX: message` unless set.
    public var announce: @MainActor (String) -> Void

    public private(set) var isPaused = false
    public private(set) var isSlowMotion = false
    /// The recording under way (V).
    public private(set) var recording: WindowRecording?

    /// Keys for the tree `host` shows; `messagePrefix` starts each announcement printed on standard output.
    public init(host: any LayerHosting, recordingName: String, messagePrefix: String) {
        self.host = host
        self.recordingName = recordingName
        announce = { message in
            print("\(messagePrefix): \(message)")
            fflush(stdout)
        }
    }

    private var root: CALayer { host.rootLayer }

    /// Acts on `event` when it is one of the keys (a press; held arrows repeat); true when it was.
    @discardableResult
    public func handle(_ event: WaylandKeyEvent) -> Bool {
        guard event.state == .pressed else { return false }
        let keysym = event.keysym.lowercased
        // Held arrows keep stepping; the toggles act once per press.
        if event.isRepeat { return keysym == .left || keysym == .right ? handlePress(keysym) : false }
        return handlePress(keysym)
    }

    private func handlePress(_ keysym: WaylandKeysym) -> Bool {
        switch keysym {
        case .space: isPaused ? resume() : pause()
        case .left: step(by: -Self.frameStep)
        case .right: step(by: Self.frameStep)
        case WaylandKeysym("s"): toggleSlowMotion()
        case WaylandKeysym("d"): cycleOverlay()
        case WaylandKeysym("b"): blockMainThread()
        case WaylandKeysym("r"):
            guard let restart else { return false }
            restart()
        case WaylandKeysym("v"): toggleRecording()
        case .f11: host.window.toggleFullscreen()
        case WaylandKeysym("q"), .escape:
            finishRecording()
            quit()
        default: return false
        }
        return true
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

    /// Back to the root's own timing (running, normal speed), without animation: for a restart.
    public func resetTiming() {
        changeRootTiming {
            root.removeAllAnimations()
            root.speed = 1
            root.timeOffset = 0
            root.beginTime = 0
        }
        isPaused = false
        isSlowMotion = false
    }

    private func changeRootTiming(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    // MARK: Other keys

    /// The next of QuartzCore's debug overlays (none, layer bounds, blended, offscreen, redraw flash,
    /// rasterization hits and misses), drawn by the render thread from the next frame on; the window
    /// redraws at once.
    private func cycleOverlay() {
        let all = CADebugOverlay.allCases
        let overlay = RenderDebugOptions.shared.overlay
        let next = all[((all.firstIndex(of: overlay) ?? 0) + 1) % all.count]
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

    /// V: starts a recording of the root layer, or stops the one under way and writes it.
    private func toggleRecording() {
        if recording != nil {
            finishRecording()
            return
        }
        do {
            let started = try WindowRecording(root: root, path: WindowRecording.freePath(for: recordingName, in: recordingFolder))
            started.didReachLimit = { [weak self] in self?.finishRecording() }
            recording = started
            announce("recording to \(started.path) (V stops)")
        } catch {
            writeStandardError("cannot record: \(error)\n")
        }
    }

    /// Writes the recording under way, if any, and says where (or why not): V, Q and the owner's
    /// orderly ends call it.
    public func finishRecording() {
        guard let recording else { return }
        self.recording = nil
        do {
            let bytes = try recording.finish()
            announce("saved \(recording.path) (\(recording.frameCount) frames at \(WindowRecording.framesPerSecond) fps, \(bytes) bytes)")
        } catch {
            writeStandardError("recording \(recording.path) not saved: \(error)\n")
        }
    }
}
