import Foundation

/// A physical behavior of some dynamic items, run by a `UIDynamicAnimator`; a behavior may group
/// child behaviors, which run with it.
///
/// The concrete behaviors (gravity, collision, snap, push, attachment, item properties) describe
/// what they want; the animator turns that into a Chipmunk2D space it steps.
@preconcurrency @MainActor
open class UIDynamicBehavior: NSObject {
    /// The behaviors added with `addChildBehavior(_:)`, in order.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Called after every step of the animator the behavior is in (every 1/120 s of simulated time).
    open var action: (() -> Void)?
    /// The animator the behavior (or its parent) is in.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?
    /// The behavior this one is a child of.
    weak var parentBehavior: UIDynamicBehavior?

    /// A behavior with no children, to group others or to run an `action` each step.
    public override init() { super.init() }

    /// Adds a child behavior, which runs with this one (ignored if it already has a parent, or is
    /// this behavior or one of its ancestors).
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.parentBehavior == nil, !isSelfOrAncestor(behavior),
              !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.parentBehavior = self
        if let dynamicAnimator { behavior.moveTree(to: dynamicAnimator) }
        behaviorDidChange()
    }

    /// Removes a child behavior (nothing if it is not one).
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parentBehavior = nil
        if dynamicAnimator != nil { behavior.moveTree(to: nil) }
        behaviorDidChange()
    }

    /// Called when the behavior is added to an animator (`dynamicAnimator` not yet set) or removed
    /// from one (with nil). Does nothing by default.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    private func isSelfOrAncestor(_ behavior: UIDynamicBehavior) -> Bool {
        var node: UIDynamicBehavior? = self
        while let n = node {
            if n === behavior { return true }
            node = n.parentBehavior
        }
        return false
    }

    /// Tells this behavior and its children they move to `animator`, then sets it.
    func moveTree(to animator: UIDynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.moveTree(to: animator) }
    }

    /// This behavior and its descendants, parents first.
    var flattened: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }

    /// Tells the animator something changed: it syncs its space and resumes.
    func behaviorDidChange() { dynamicAnimator?.behaviorDidChange() }

    // MARK: What the animator asks every behavior

    /// The items this behavior moves or constrains (none for the base class).
    var dynamicItems: [UIDynamicItem] { [] }

    /// Applies this behavior's forces and velocity changes before a step of `dt` seconds.
    func applyForces(in world: DynamicsWorld, dt: Double) {}

    /// Whether the behavior lets the animator pause once every item is still (a snap not yet at
    /// its point, an instantaneous push not yet given, do not).
    func isSettled(in world: DynamicsWorld) -> Bool { true }
}

/// Identity of dynamic items, for lists that hold each item once.
extension Array where Element == UIDynamicItem {
    func containsItem(_ item: UIDynamicItem) -> Bool { contains { $0 === item } }

    /// Appends `item` unless it is already there; returns whether it was added.
    @discardableResult
    mutating func appendItem(_ item: UIDynamicItem) -> Bool {
        guard !containsItem(item) else { return false }
        append(item)
        return true
    }

    /// Removes `item` if it is there; returns whether it was.
    @discardableResult
    mutating func removeItem(_ item: UIDynamicItem) -> Bool {
        guard let i = firstIndex(where: { $0 === item }) else { return false }
        remove(at: i)
        return true
    }
}
