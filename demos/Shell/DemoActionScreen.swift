import Foundation
import QuartzCore
import WaylandShell

/// A demo screen (a view controller or a layer scene) with one main action: the book's button, or a
/// replay. Space runs it in a window; a window runs it once shown, and a snapshot at each of
/// `snapshotActionTimes`, when the demo is about the action (a replay starts playing at once).
@MainActor
protocol DemoActionScreen: DemoKeyResponder {
    /// Runs the demo's main action.
    func performAction()
    /// When a snapshot runs the action, in seconds since the scene was built.
    var snapshotActionTimes: [CFTimeInterval] { get }
    /// Whether a window runs the action once it shows.
    var runsActionWhenShown: Bool { get }
}

extension DemoActionScreen {
    func handleKey(_ event: WaylandKeyEvent) -> Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { [0] }
    var runsActionWhenShown: Bool { true }

    /// The action at each of `snapshotActionTimes`, for a snapshot's script.
    var scriptedActions: [ScriptedEvent] {
        snapshotActionTimes.map { time in ScriptedEvent(time: time) { self.performAction() } }
    }

    /// Runs the action on the main run loop's next turn, when the window runs it once shown.
    func performWhenShown() {
        guard runsActionWhenShown else { return }
        RunLoop.main.perform { MainActor.assumeIsolated { self.performAction() } }
    }
}
