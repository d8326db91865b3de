import Foundation

/// Hears a dynamic animator start and stop.
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: NSObjectProtocol {
    /// The animator is about to run again (a behavior was added or changed while it was paused).
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item has come to rest (or the last behavior was removed): the animator stopped stepping.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}
