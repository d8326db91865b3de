import Foundation

extension CAAnimation {
    /// Whether the animation shows one unchanging value throughout its active period: its own
    /// speed is 0 (time stands still for it), or it is a group whose animations all have speed 0
    /// and begin at the group's start. Such an animation needs no frames while it is active.
    var showsOneValueWhileActive: Bool {
        if speed == 0 || speed.isNaN { return true }
        guard let group = self as? CAAnimationGroup else { return false }
        // A child that begins later changes the picture when it begins (and with an autoreversing
        // group, when it stops again); a frozen child shows its value from the group's start on.
        return (group.animations ?? []).allSatisfy { ($0.speed == 0 || $0.speed.isNaN) && $0.beginTime <= 0 }
    }
}
