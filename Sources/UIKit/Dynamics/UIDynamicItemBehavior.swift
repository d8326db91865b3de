import CALinuxChipmunk
import CoreGraphics
import Foundation

/// The physical properties of its items (bounce, friction, density, damping, rotation, anchoring),
/// and a way to read and change their velocities. Items in no item behavior have the defaults.
/// Where several item behaviors hold an item, the one added last wins.
@preconcurrency @MainActor
open class UIDynamicItemBehavior: UIDynamicBehavior {
    /// The items the properties apply to.
    open private(set) var items: [UIDynamicItem]
    /// Bounciness: 0 (the default) keeps none of the speed into a collision, 1 all of it.
    open var elasticity: CGFloat = 0 { didSet { changed() } }
    /// Sliding friction (0 by default).
    open var friction: CGFloat = 0 { didSet { changed() } }
    /// Mass per area: an item's mass is density × width × height / 10 000 (1 by default).
    open var density: CGFloat = 1 { didSet { changed() } }
    /// Linear velocity damping, per second (0 by default).
    open var resistance: CGFloat = 0 { didSet { changed() } }
    /// Angular velocity damping, per second (0 by default).
    open var angularResistance: CGFloat = 0 { didSet { changed() } }
    /// Whether collisions and offset forces turn the items (true by default).
    open var allowsRotation = true { didSet { changed() } }
    /// Whether the items stay where they are, as obstacles others collide with (false by default).
    open var isAnchored = false { didSet { changed() } }
    /// Kept for source compatibility; electric charge has no effect here (it has none without a field in UIKit either).
    open var charge: CGFloat = 0

    /// Velocities asked for before the item had a body (the behavior was not yet in an animator).
    private var pendingLinear: [ObjectIdentifier: CGPoint] = [:]
    private var pendingAngular: [ObjectIdentifier: CGFloat] = [:]

    /// A behavior for `items`.
    public init(items: [UIDynamicItem]) {
        var unique: [UIDynamicItem] = []
        for item in items { unique.appendItem(item) }
        self.items = unique
        super.init()
    }

    /// A behavior with no items yet.
    public convenience override init() { self.init(items: []) }

    /// Adds an item (once).
    open func addItem(_ item: UIDynamicItem) {
        if items.appendItem(item) { behaviorDidChange() }
    }

    /// Removes an item (nothing if it is not there).
    open func removeItem(_ item: UIDynamicItem) {
        if items.removeItem(item) {
            pendingLinear[ObjectIdentifier(item)] = nil
            pendingAngular[ObjectIdentifier(item)] = nil
            behaviorDidChange()
        }
    }

    /// Adds `velocity` (points/s) to the item's linear velocity (ignored for items not in the
    /// behavior and for non-finite velocities).
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        guard items.containsItem(item), velocity.x.isFinite, velocity.y.isFinite else { return }
        if let entry = dynamicAnimator?.world.body(for: item) {
            guard !entry.properties.isAnchored else { return }
            dynamicAnimator?.world.addVelocity(cpv(Double(velocity.x), Double(velocity.y)), to: entry)
        } else {
            let old = pendingLinear[ObjectIdentifier(item)] ?? .zero
            pendingLinear[ObjectIdentifier(item)] = CGPoint(x: old.x + velocity.x, y: old.y + velocity.y)
        }
        behaviorDidChange()
    }

    /// The item's linear velocity, points/s (zero for items not in the behavior).
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        guard items.containsItem(item) else { return .zero }
        if let entry = dynamicAnimator?.world.body(for: item) {
            let v = cpBodyGetVelocity(entry.body)
            return CGPoint(x: v.x, y: v.y)
        }
        return pendingLinear[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds `velocity` (radians/s, clockwise positive) to the item's angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        guard items.containsItem(item), velocity.isFinite else { return }
        if let entry = dynamicAnimator?.world.body(for: item) {
            guard !entry.properties.isAnchored else { return }
            dynamicAnimator?.world.addAngularVelocity(Double(velocity), to: entry)
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += velocity
        }
        behaviorDidChange()
    }

    /// The item's angular velocity, radians/s (0 for items not in the behavior).
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        guard items.containsItem(item) else { return 0 }
        if let entry = dynamicAnimator?.world.body(for: item) { return CGFloat(cpBodyGetAngularVelocity(entry.body)) }
        return pendingAngular[ObjectIdentifier(item)] ?? 0
    }

    private func changed() { behaviorDidChange() }

    /// The properties as the space takes them.
    var properties: DynamicItemProperties {
        DynamicItemProperties(elasticity: Double(elasticity), friction: Double(friction), density: Double(density),
                              resistance: Double(resistance), angularResistance: Double(angularResistance),
                              allowsRotation: allowsRotation, isAnchored: isAnchored)
    }

    override var dynamicItems: [UIDynamicItem] { items }

    override func applyForces(in world: DynamicsWorld, dt: Double) {
        guard !pendingLinear.isEmpty || !pendingAngular.isEmpty else { return }
        for item in items {
            guard let entry = world.body(for: item), !entry.properties.isAnchored else { continue }
            if let v = pendingLinear.removeValue(forKey: ObjectIdentifier(item)) {
                world.addVelocity(cpv(Double(v.x), Double(v.y)), to: entry)
            }
            if let w = pendingAngular.removeValue(forKey: ObjectIdentifier(item)) {
                world.addAngularVelocity(Double(w), to: entry)
            }
        }
    }

    override func isSettled(in world: DynamicsWorld) -> Bool { pendingLinear.isEmpty && pendingAngular.isEmpty }
}
