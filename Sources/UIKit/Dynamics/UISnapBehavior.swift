import CALinuxChipmunk
import CoreGraphics
import Foundation

/// Pulls an item to a point with a damped spring, and turns it back upright (rotation 0); the
/// item overshoots a little and settles.
///
/// The spring is UIKit's in spirit, not in its numbers (Apple does not publish them): an
/// acceleration of ω²·distance with ω = 2π·1.5 Hz, whatever the item's mass, damped at a ratio of
/// 0.3 + `damping` (so the default 0.5 overshoots by about 1.5%).
@preconcurrency @MainActor
open class UISnapBehavior: UIDynamicBehavior {
    /// The spring's natural angular frequency, radians/s.
    static let angularFrequency = 2 * Double.pi * 1.5
    /// Closer than this (points, radians) with the item still, the snap counts as done.
    static let settledDistance = 0.5, settledAngle = 0.01

    /// The item snapped.
    let item: UIDynamicItem
    /// Where the item's centre goes, in the reference view's coordinates (non-finite points are ignored).
    open var snapPoint: CGPoint {
        didSet {
            if !snapPoint.x.isFinite || !snapPoint.y.isFinite { snapPoint = oldValue }
            behaviorDidChange()
        }
    }
    /// How much the spring's swing is damped, 0...1 (0.5 by default; values outside are clamped).
    open var damping: CGFloat = 0.5 {
        didSet {
            damping = damping.isFinite ? min(max(damping, 0), 1) : oldValue
            behaviorDidChange()
        }
    }

    /// A behavior snapping `item` to `point`.
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point.x.isFinite && point.y.isFinite ? point : item.center
        super.init()
    }

    override var dynamicItems: [UIDynamicItem] { [item] }

    /// The item's angle, in (−π, π].
    private static func normalized(_ angle: Double) -> Double { angle.isFinite ? remainder(angle, 2 * .pi) : 0 }

    override func applyForces(in world: DynamicsWorld, dt: Double) {
        guard let entry = world.body(for: item), !entry.properties.isAnchored else { return }
        let w = Self.angularFrequency, zeta = 0.3 + Double(damping)
        let p = cpBodyGetPosition(entry.body), v = cpBodyGetVelocity(entry.body)
        let range = -DynamicsNumber.maxPosition...DynamicsNumber.maxPosition
        let target = cpv(DynamicsNumber.clamped(Double(snapPoint.x), range), DynamicsNumber.clamped(Double(snapPoint.y), range))
        let a = cpvsub(cpvmult(cpvsub(target, p), w * w), cpvmult(v, 2 * zeta * w))
        cpBodySetVelocity(entry.body, cpvclamp(cpvadd(v, cpvmult(a, dt)), DynamicsNumber.maxSpeed))
        if entry.properties.allowsRotation {
            let angle = Self.normalized(cpBodyGetAngle(entry.body))
            if angle != cpBodyGetAngle(entry.body) { cpBodySetAngle(entry.body, angle) }
            let omega = cpBodyGetAngularVelocity(entry.body)
            cpBodySetAngularVelocity(entry.body, omega + (-angle * w * w - 2 * zeta * w * omega) * dt)
        }
    }

    override func isSettled(in world: DynamicsWorld) -> Bool {
        guard let entry = world.body(for: item), !entry.properties.isAnchored else { return true }
        let p = cpBodyGetPosition(entry.body)
        return cpvdist(p, cpv(Double(snapPoint.x), Double(snapPoint.y))) < Self.settledDistance
            && (!entry.properties.allowsRotation || abs(Self.normalized(cpBodyGetAngle(entry.body))) < Self.settledAngle)
    }
}
