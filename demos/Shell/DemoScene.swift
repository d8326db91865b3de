import Foundation
import QuartzCore

/// A demo's layer tree, built without a window so that it can be rendered offscreen.
///
/// The window path drives its timers with Foundation `Timer`s; `Snapshot` drives them by hand on a
/// frozen media clock: it asks for the media times (seconds since the scene was built) at which
/// they would fire, and calls `fireTimers()` with the clock set to each of them in turn.
protocol DemoScene: AnyObject {
    /// The root of the scene, sized to the snapshot.
    var rootLayer: CALayer { get }
    /// The times, in seconds since the scene was built, at which its timers fire in `0...seconds`, ascending.
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval]
    /// Runs what the timers run, at the current media time.
    func fireTimers()
}
