import CALinuxChipmunk
import CoreGraphics
import Foundation

/// Ties an item to a fixed anchor point, or two items to each other: a rigid rod of `length` when
/// `frequency` is 0 (the default), a damped spring of that rest length otherwise.
///
/// The rod is a Chipmunk pin joint and the spring a damped spring whose stiffness makes the item
/// (or the pair's reduced mass) oscillate at `frequency` Hz, damped at the ratio `damping` along
/// the line between the attachment points (motion across it, a swing, is not damped).
@preconcurrency @MainActor
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What an attachment ties its item to.
    public enum AttachmentType: Int, Sendable {
        /// Another item.
        case items
        /// A point of the reference view.
        case anchor
    }

    /// The one or two items attached.
    open private(set) var items: [UIDynamicItem]
    /// Whether the attachment is to an anchor or between items.
    public let attachedBehaviorType: AttachmentType
    /// The anchor, in the reference view's coordinates (for items attached to each other, (0, 0)).
    /// Non-finite points are ignored.
    open var anchorPoint: CGPoint {
        didSet {
            if !anchorPoint.x.isFinite || !anchorPoint.y.isFinite { anchorPoint = oldValue }
            changed()
        }
    }
    /// The distance kept between the attachment points (their distance at creation by default;
    /// negative or non-finite values are ignored).
    open var length: CGFloat { didSet { if !(length >= 0) || !length.isFinite { length = oldValue }; changed() } }
    /// The spring's damping ratio (0 by default; negative or non-finite values are ignored).
    open var damping: CGFloat = 0 { didSet { if !(damping >= 0) || !damping.isFinite { damping = oldValue }; changed() } }
    /// The spring's frequency in Hz; 0 (the default) makes the attachment rigid.
    open var frequency: CGFloat = 0 { didSet { if !(frequency >= 0) || !frequency.isFinite { frequency = oldValue }; changed() } }
    /// Kept for source compatibility; no friction torque is applied here.
    open var frictionTorque: CGFloat = 0

    private let offsets: [UIOffset]
    /// Counts changes, for the animator to rebuild the constraint.
    private(set) var configurationVersion = 0

    /// Ties `item`'s centre to `point` (reference view coordinates).
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Ties the point `offset` from `item`'s centre (in its own coordinates) to `point`.
    public init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        offsets = [Self.finite(offset)]
        anchorPoint = point.x.isFinite && point.y.isFinite ? point : item.center
        length = 0
        super.init()
        length = Self.distance(Self.attachmentPoint(of: item, offset: offsets[0]), anchorPoint)
    }

    /// Ties two items' centres together.
    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    /// Ties the point `offset1` from `item1`'s centre to the point `offset2` from `item2`'s.
    public init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
                offsetFromCenter offset2: UIOffset) {
        items = item1 === item2 ? [item1] : [item1, item2]
        attachedBehaviorType = .items
        offsets = [Self.finite(offset1), Self.finite(offset2)]
        anchorPoint = .zero
        length = 0
        super.init()
        length = Self.distance(Self.attachmentPoint(of: item1, offset: offsets[0]), Self.attachmentPoint(of: item2, offset: offsets[1]))
    }

    private static func finite(_ o: UIOffset) -> UIOffset {
        o.horizontal.isFinite && o.vertical.isFinite ? o : .zero
    }

    private static func attachmentPoint(of item: UIDynamicItem, offset: UIOffset) -> CGPoint {
        let t = item.transform, angle = atan2(t.b, t.a)
        let p = CGPoint(x: offset.horizontal, y: offset.vertical).applying(CGAffineTransform(rotationAngle: angle.isFinite ? angle : 0))
        return CGPoint(x: item.center.x + p.x, y: item.center.y + p.y)
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let d = hypot(a.x - b.x, a.y - b.y)
        return d.isFinite ? d : 0
    }

    private func changed() {
        configurationVersion += 1
        behaviorDidChange()
    }

    override var dynamicItems: [UIDynamicItem] { items }

    /// The constraint for the current settings (nil when an item has no body, or the attachment
    /// ties an item to itself).
    func makeConstraint(in world: DynamicsWorld) -> OpaquePointer? {
        guard let first = world.body(for: items[0]) else { return nil }
        let a: OpaquePointer, anchorA: cpVect, massA: Double
        switch attachedBehaviorType {
        case .anchor:
            a = cpSpaceGetStaticBody(world.space)
            anchorA = cpv(Double(anchorPoint.x), Double(anchorPoint.y))
            massA = .infinity
        case .items:
            guard items.count == 2, let second = world.body(for: items[1]) else { return nil }
            a = second.body
            anchorA = cpv(Double(offsets[1].horizontal), Double(offsets[1].vertical))
            massA = cpBodyGetMass(second.body)
        }
        let b = first.body
        let anchorB = cpv(Double(offsets[0].horizontal), Double(offsets[0].vertical))
        if frequency > 0 {
            let massB = cpBodyGetMass(b)
            var reduced = massA.isFinite ? massA * massB / (massA + massB) : massB
            if !reduced.isFinite || reduced <= 0 { reduced = 1 }
            let omega = 2 * Double.pi * Double(frequency)
            let stiffness = reduced * omega * omega
            return cpDampedSpringNew(a, b, anchorA, anchorB, Double(length), stiffness, 2 * Double(damping) * (stiffness * reduced).squareRoot())
        }
        guard let joint = cpPinJointNew(a, b, anchorA, anchorB) else { return nil }
        cpPinJointSetDist(joint, Double(length))
        return joint
    }
}
