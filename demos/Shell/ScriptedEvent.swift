import Foundation
import QuartzCore
import UIKit

/// What the user does at a media time in a snapshot (a click, a key, the demo's main action), so
/// that a snapshot or recording shows a demo's interaction without a window.
struct ScriptedEvent {
    /// Seconds since the scene was built.
    let time: CFTimeInterval
    let run: @MainActor () -> Void

    /// The input given on the command line, at time 0 in `window`: `--click X,Y` (a press and
    /// release there), then `--drag X0,Y0,X1,Y1` (a press at the first point moved to the second in
    /// eight steps, and released), through the window's touch input as a pointer's.
    @MainActor
    static func commandLine(_ options: DemoOptions, in window: UIWindow) -> [ScriptedEvent] {
        var events: [ScriptedEvent] = []
        if let point = options.click {
            events.append(ScriptedEvent(time: 0) { [weak window] in window?.click(at: point) })
        }
        if let (from, to) = options.drag {
            events.append(ScriptedEvent(time: 0) { [weak window] in
                window?.drag(from: from, by: CGPoint(x: to.x - from.x, y: to.y - from.y), steps: 8)
            })
        }
        return events
    }
}

/// A snapshot's scene that replays `events` at their times (in the order given when times are
/// equal), after or between the timers of the scene it wraps, if any.
final class ScriptedScene: DemoScene {
    let rootLayer: CALayer
    private let timers: DemoScene?
    private let events: [ScriptedEvent]
    /// Kept alive with the scene (the window whose layer is `rootLayer`).
    private let owned: AnyObject?
    /// How many of the merged fire times have been run.
    private var fired = 0

    init(root: CALayer, events: [ScriptedEvent], timers: DemoScene? = nil, keeping owned: AnyObject? = nil) {
        rootLayer = root
        self.timers = timers
        self.owned = owned
        // A stable sort: events at one time run in the order given.
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The fire times up to `seconds`, ascending: each event's, and the wrapped scene's timers'
    /// (a timer first when both fall at one time).
    private func due(upTo seconds: CFTimeInterval) -> [(time: CFTimeInterval, event: ScriptedEvent?)] {
        let ticks = (timers?.timerFireTimes(upTo: seconds) ?? []).map { (time: $0, event: ScriptedEvent?.none) }
        let scripted = events.filter { $0.time <= seconds }.map { (time: $0.time, event: Optional($0)) }
        var merged: [(time: CFTimeInterval, event: ScriptedEvent?)] = []
        var i = 0, j = 0
        while i < ticks.count || j < scripted.count {
            if j == scripted.count || (i < ticks.count && ticks[i].time <= scripted[j].time) {
                merged.append(ticks[i]); i += 1
            } else {
                merged.append(scripted[j]); j += 1
            }
        }
        return merged
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { due(upTo: seconds).map(\.time) }

    /// Runs the next fire time's event or timers (the clock stands at that time).
    func fireTimers() {
        let all = due(upTo: CACurrentMediaTime())
        guard fired < all.count else { return }
        let next = all[fired]
        fired += 1
        if let event = next.event {
            MainActor.assumeIsolated { event.run() }
        } else {
            timers?.fireTimers()
        }
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
