import CoreGraphics
import Foundation

extension CALayer {
    func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else { return }
        let copy = anim.copy() as! CAAnimation
        var key = key
        if copy is CATransition { key = kCATransition }
        if let property = copy as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key }
        if copy.duration <= 0 || !copy.duration.isFinite { copy.duration = CATransaction.animationDuration() }
        if let key { detachAnimations { $0.key == key } }
        let attached = AttachedAnimation(key: key, animation: copy)
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let path = basic.keyPath {
            attached.previousValue = previousPresentationValues[path]
        }
        attachedAnimations.append(attached)
        CATransaction.animationAdded(attached, to: self)
    }

    func attachedAnimation(forKey key: String) -> CAAnimation? {
        attachedAnimations.last { $0.key == key }?.animation
    }

    func attachedAnimationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animations matching `predicate`; each one's delegate hears `finished == false`
    /// (unless it already stopped) and its transactions stop waiting for it.
    func detachAnimations(where predicate: (AttachedAnimation) -> Bool) {
        guard !isPresentationCopy else { return }
        let removed = attachedAnimations.filter(predicate)
        guard !removed.isEmpty else { return }
        attachedAnimations.removeAll(where: predicate)
        CATransaction.layerDidChange(self)
        for attached in removed { AnimationScheduler.shared.stop(attached, finished: false) }
    }

    /// Whether any attached animation may still change the presentation at local time `t` or later.
    func hasAnimations(affectingTimeFrom t: CFTimeInterval) -> Bool {
        attachedAnimations.contains { attached in
            guard let timing = attached.timing else { return true }
            return MediaTimingMath.endTime(timing) > t
                || timing.fillMode == .forwards || timing.fillMode == .both
        }
    }
}

extension CALayer {
    /// Whether an animation was added somewhere in this tree since the last commit.
    var hasUncommittedAnimations: Bool {
        var found = false
        visitTree { layer in found = found || layer.attachedAnimations.contains { $0.timing == nil } }
        return found
    }

    /// The product of the speeds from this layer up to its root (0: its time stands still).
    var effectiveSpeed: Float {
        var speed: Float = 1
        var layer: CALayer? = self
        while let l = layer { speed *= l.speed; layer = l.timingParent }
        return speed
    }

    /// Calls `body` for this layer, its sublayers and masks, recursively.
    func visitTree(_ body: (CALayer) -> Void) {
        body(self)
        for child in children { child.visitTree(body) }
        maskLayer?.visitTree(body)
    }
}
