import CALinuxChipmunk
import CoreGraphics
import Foundation

/// A force on its items: continuous (an acceleration while `active`), or instantaneous (one
/// impulse each time `active` becomes true, after which it turns false again).
///
/// A magnitude of 1 accelerates a 100×100 item of density 1 (mass 1) by 100 points/s² when
/// continuous, and gives it 100 points/s at once when instantaneous; heavier items move less.
@preconcurrency @MainActor
open class UIPushBehavior: UIDynamicBehavior {
    /// How a push applies its force.
    public enum Mode: Int, Sendable {
        /// A force on every step while active.
        case continuous
        /// One impulse when it becomes active.
        case instantaneous
    }

    /// UIKit's force (mass·points/s²) or impulse (mass·points/s) for a magnitude of 1.
    static let unit = 100.0

    /// The items pushed.
    open private(set) var items: [UIDynamicItem]
    /// How the force is applied.
    public let mode: Mode
    /// Whether the push acts (true by default; an instantaneous push turns it false once given).
    open var active = true {
        didSet {
            if active && !oldValue && mode == .instantaneous { needsImpulse = true }
            behaviorDidChange()
        }
    }
    /// The force, in units of `magnitude` ((0, 0) by default). Non-finite components are ignored.
    open var pushDirection = CGVector(dx: 0, dy: 0) {
        didSet {
            if !pushDirection.dx.isFinite || !pushDirection.dy.isFinite { pushDirection = oldValue }
            storedAngle = pushDirection == CGVector(dx: 0, dy: 0) ? storedAngle : atan2(pushDirection.dy, pushDirection.dx)
            behaviorDidChange()
        }
    }
    /// The direction of the force, radians clockwise from the x axis (0 by default).
    open var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    /// The strength of the force (0 by default): the length of `pushDirection`.
    open var magnitude: CGFloat {
        get { hypot(pushDirection.dx, pushDirection.dy) }
        set { setAngle(angle, magnitude: newValue) }
    }

    private var storedAngle: CGFloat = 0
    private var needsImpulse = true
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    /// A push on `items`, active from the start.
    public init(items: [UIDynamicItem], mode: Mode) {
        var unique: [UIDynamicItem] = []
        for item in items { unique.appendItem(item) }
        self.items = unique
        self.mode = mode
        super.init()
    }

    /// Sets the force from an angle (radians, clockwise from the x axis) and a magnitude.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        guard angle.isFinite, magnitude.isFinite else { return }
        pushDirection = CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
        storedAngle = angle
    }

    /// Adds an item (once).
    open func addItem(_ item: UIDynamicItem) {
        if items.appendItem(item) { behaviorDidChange() }
    }

    /// Removes an item (nothing if it is not there).
    open func removeItem(_ item: UIDynamicItem) {
        if items.removeItem(item) {
            offsets[ObjectIdentifier(item)] = nil
            behaviorDidChange()
        }
    }

    /// Where on the item the force acts, from its centre in its own (rotating) coordinates
    /// (`.zero` by default: no turning).
    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset { offsets[ObjectIdentifier(item)] ?? .zero }

    /// Sets where on the item the force acts (non-finite offsets are ignored).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        guard items.containsItem(item), offset.horizontal.isFinite, offset.vertical.isFinite else { return }
        offsets[ObjectIdentifier(item)] = offset
        behaviorDidChange()
    }

    override var dynamicItems: [UIDynamicItem] { items }

    override func applyForces(in world: DynamicsWorld, dt: Double) {
        guard active else { return }
        if mode == .instantaneous && !needsImpulse { return }
        let f = cpvclamp(cpv(Double(pushDirection.dx) * Self.unit, Double(pushDirection.dy) * Self.unit), DynamicsNumber.maxAcceleration)
        for item in items {
            guard let entry = world.body(for: item), !entry.properties.isAnchored else { continue }
            let o = offsets[ObjectIdentifier(item)] ?? .zero
            let point = cpBodyLocalToWorld(entry.body, cpv(Double(o.horizontal), Double(o.vertical)))
            if mode == .continuous {
                cpBodyApplyForceAtWorldPoint(entry.body, f, point)
            } else {
                cpBodyApplyImpulseAtWorldPoint(entry.body, f, point)
            }
        }
        if mode == .instantaneous {
            needsImpulse = false
            active = false
        }
    }

    override func isSettled(in world: DynamicsWorld) -> Bool { !(mode == .instantaneous && active && needsImpulse) }
}
