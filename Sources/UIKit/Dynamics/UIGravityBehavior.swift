import CALinuxChipmunk
import CoreGraphics
import Foundation

/// A constant acceleration on its items, whatever their mass: a magnitude of 1 is 1000 points/s²,
/// downwards (`gravityDirection` (0, 1)) by default.
@preconcurrency @MainActor
open class UIGravityBehavior: UIDynamicBehavior {
    /// UIKit's acceleration for a magnitude of 1, in points/s².
    static let pointsPerSecondSquared = 1000.0

    /// The items gravity pulls.
    open private(set) var items: [UIDynamicItem]

    /// The acceleration, in units of 1000 points/s² ((0, 1) by default). Non-finite components are ignored.
    open var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet {
            if !gravityDirection.dx.isFinite || !gravityDirection.dy.isFinite { gravityDirection = oldValue }
            behaviorDidChange()
        }
    }

    /// The direction of `gravityDirection`, in radians clockwise from the x axis (π/2 by default).
    open var angle: CGFloat {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The length of `gravityDirection` (1 by default).
    open var magnitude: CGFloat {
        get { hypot(gravityDirection.dx, gravityDirection.dy) }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// A behavior pulling `items`.
    public init(items: [UIDynamicItem]) {
        var unique: [UIDynamicItem] = []
        for item in items { unique.appendItem(item) }
        self.items = unique
        super.init()
    }

    /// A behavior with no items yet.
    public convenience override init() { self.init(items: []) }

    /// Sets the direction from an angle (radians, clockwise from the x axis) and a magnitude.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else { return }
        gravityDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }

    /// Adds an item (once).
    open func addItem(_ item: UIDynamicItem) {
        if items.appendItem(item) { behaviorDidChange() }
    }

    /// Removes an item (nothing if it is not there).
    open func removeItem(_ item: UIDynamicItem) {
        if items.removeItem(item) { behaviorDidChange() }
    }

    override var dynamicItems: [UIDynamicItem] { items }

    override func applyForces(in world: DynamicsWorld, dt: Double) {
        let g = cpvclamp(cpv(Double(gravityDirection.dx) * Self.pointsPerSecondSquared, Double(gravityDirection.dy) * Self.pointsPerSecondSquared),
                         DynamicsNumber.maxAcceleration)
        for item in items {
            guard let entry = world.body(for: item), !entry.properties.isAnchored else { continue }
            cpBodyApplyForceAtWorldPoint(entry.body, cpvmult(g, cpBodyGetMass(entry.body)), cpBodyGetPosition(entry.body))
        }
    }
}
