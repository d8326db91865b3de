import Foundation

/// Apple's target-action timers, which swift-corelibs-foundation's `Timer` does not offer (it has
/// only the block-based ones): each is a block timer whose block calls the method the selector names
/// on the target with the timer (`SelectorDispatch`). As on Apple's platforms the timer holds its
/// target strongly until it is invalidated (a repeating one) or has fired (a one-shot one).
/// `userInfo` is not kept: Foundation's `Timer` here offers no way to set it, so it reads nil.
extension Timer {
    /// A timer calling `aSelector` on `aTarget` every `ti` seconds (or once), scheduled on the
    /// current run loop in the default mode.
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let timer = Timer(timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// A timer calling `aSelector` on `aTarget`, to be added to a run loop.
    public convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                            userInfo: Any?, repeats yesOrNo: Bool) {
        let target = TimerTarget(type(of: aTarget) is AnyClass ? aTarget as AnyObject : nil)
        self.init(timeInterval: ti, repeats: yesOrNo) { timer in
            guard let object = target.object else { return }
            SelectorDispatch.perform(aSelector, on: object, with: [timer])
            if !yesOrNo { target.object = nil }
        }
    }

    /// A timer firing first at `date`, calling `aSelector` on `aTarget`.
    public convenience init(fireAt date: Date, interval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                            userInfo: Any?, repeats yesOrNo: Bool) {
        let target = TimerTarget(type(of: aTarget) is AnyClass ? aTarget as AnyObject : nil)
        self.init(fire: date, interval: ti, repeats: yesOrNo) { timer in
            guard let object = target.object else { return }
            SelectorDispatch.perform(aSelector, on: object, with: [timer])
            if !yesOrNo { target.object = nil }
        }
    }
}

/// A timer's target, held strongly by its block until the timer is done with it.
private final class TimerTarget: @unchecked Sendable {
    var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}
