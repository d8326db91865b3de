import CALinuxChipmunk
import CoreGraphics
import Foundation
import QuartzCore

/// Runs physical behaviors on dynamic items (usually subviews of `referenceView`), on a Chipmunk2D
/// space in the reference view's coordinates.
///
/// While running, a `CADisplayLink` on the main run loop steps the space in fixed 1/120 s steps (as
/// many as the frame's time calls for, at most 8 a frame) and writes each item's `center` and
/// rotation (`transform`) back after every step. When every item has been still for 0.2 s of
/// simulated time the animator pauses: the display link goes away, so nothing runs while nothing
/// moves, and the delegate hears `dynamicAnimatorDidPause(_:)`. Adding, removing or changing a
/// behavior resumes it (`dynamicAnimatorWillResume(_:)`).
@preconcurrency @MainActor
open class UIDynamicAnimator: NSObject {
    /// The fixed simulation step.
    static let stepDuration: TimeInterval = 1.0 / 120
    /// The most steps one frame runs; a slower frame slows the simulation down instead.
    static let maxStepsPerFrame = 8
    /// Below these speeds (points/s, radians/s) an item counts as still.
    static let restSpeed = 1.0, restAngularSpeed = 0.02
    /// How long everything must be still before the animator pauses.
    static let restDuration: TimeInterval = 0.2

    /// The view whose coordinates the animator works in (held weakly, as Apple's).
    open private(set) weak var referenceView: UIView?
    /// The behaviors added with `addBehavior(_:)`, in order.
    open private(set) var behaviors: [UIDynamicBehavior] = []
    /// Told when the animator pauses and resumes.
    open weak var delegate: UIDynamicAnimatorDelegate?
    /// Whether the animator is stepping (false once everything came to rest, or with no behaviors).
    open private(set) var isRunning = false
    /// Simulated seconds the animator has run.
    open private(set) var elapsedTime: TimeInterval = 0

    let world: DynamicsWorld
    private var needsSync = true
    private var restTime: TimeInterval = 0
    private(set) var displayLink: CADisplayLink?
    private var lastFrameTime: CFTimeInterval?
    private var pendingTime: TimeInterval = 0

    /// An animator whose space is `view`'s bounds coordinates.
    public init(referenceView view: UIView) {
        referenceView = view
        world = DynamicsWorld(referenceView: view)
        super.init()
    }

    isolated deinit {
        displayLink?.invalidate()
        for behavior in behaviors { behavior.moveTree(to: nil) }
    }

    /// Adds a behavior (nothing if it is already in this animator or in another one; Apple raises
    /// an exception for the latter) and resumes the animator.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.dynamicAnimator == nil, behavior.parentBehavior == nil,
              !behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.moveTree(to: self)
        behaviors.append(behavior)
        behaviorDidChange()
    }

    /// Removes a behavior (nothing if it is not one of `behaviors`).
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behavior.moveTree(to: nil)
        behaviors.remove(at: index)
        behaviorDidChange()
    }

    /// Removes every behavior; the animator pauses.
    open func removeAllBehaviors() {
        let removed = behaviors
        for behavior in removed { behavior.moveTree(to: nil) }
        behaviors = []
        behaviorDidChange()
    }

    /// The items whose frames (in the reference view's coordinates) meet `rect`.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        allItems.filter { item in
            let p = world.referencePosition(of: item), s = item.bounds.size
            let rotation = CGAffineTransform(rotationAngle: atan2(item.transform.b, item.transform.a))
            let frame = CGRect(x: -s.width / 2, y: -s.height / 2, width: s.width, height: s.height)
                .applying(rotation).offsetBy(dx: p.x, dy: p.y)
            return frame.intersects(rect)
        }
    }

    /// Reads `item`'s centre, rotation and bounds again after the app changed them (the animator
    /// otherwise keeps its own state and overwrites the item's), and resumes.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        syncIfNeeded()
        guard let entry = world.body(for: item) else { return }
        world.refreshShape(entry)
        world.read(entry)
        resume()
    }

    // MARK: Running

    /// Every behavior, children after their parent.
    var allBehaviors: [UIDynamicBehavior] { behaviors.flatMap(\.flattened) }

    /// Every item of every behavior, once each, in the order the behaviors list them.
    var allItems: [UIDynamicItem] {
        var items: [UIDynamicItem] = []
        for behavior in allBehaviors { for item in behavior.dynamicItems { items.appendItem(item) } }
        return items
    }

    /// A behavior was added, removed or changed: the space is rebuilt before the next step, and
    /// the animator resumes (or pauses when it has no behaviors left).
    func behaviorDidChange() {
        needsSync = true
        if behaviors.isEmpty { pause() } else { resume() }
    }

    private func resume() {
        restTime = 0
        guard !isRunning, !behaviors.isEmpty else { return }
        delegate?.dynamicAnimatorWillResume(self)
        isRunning = true
        lastFrameTime = nil
        pendingTime = 0
        let link = CADisplayLink { [weak self] _ in
            MainActor.assumeIsolated { self?.frame(at: CACurrentMediaTime()) }
        }
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    private func pause() {
        displayLink?.invalidate()
        displayLink = nil
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    /// One display frame at media time `time`: the fixed steps up to it.
    private func frame(at time: CFTimeInterval) {
        guard let last = lastFrameTime else {
            lastFrameTime = time
            return
        }
        lastFrameTime = time
        pendingTime += max(0, time - last)
        var steps = 0
        // (A microsecond of slack: 1/60 s of frame time is two steps despite rounding.)
        while pendingTime >= Self.stepDuration - 1e-6, isRunning {
            if steps == Self.maxStepsPerFrame {
                pendingTime = 0
                break
            }
            stepOnce()
            pendingTime -= Self.stepDuration
            steps += 1
        }
    }

    /// Steps the simulation by `seconds` (rounded to whole fixed steps) without the display link, as
    /// the link would; stops early if the animator pauses. For tests.
    func step(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        let count = Int((seconds / Self.stepDuration).rounded())
        for _ in 0..<count {
            guard isRunning else { return }
            stepOnce()
        }
    }

    private func syncIfNeeded() {
        guard needsSync else { return }
        needsSync = false
        let all = allBehaviors
        world.sync(items: allItems)
        // Item properties: the defaults, then each item behavior in order.
        var properties: [ObjectIdentifier: DynamicItemProperties] = [:]
        for case let b as UIDynamicItemBehavior in all {
            for item in b.items { properties[ObjectIdentifier(item)] = b.properties }
        }
        // Collision filters: behavior i's items are in category 2i; they take each other in when its
        // mode has items, and its boundaries (category 2i + 1) when its mode has boundaries.
        var filters: [ObjectIdentifier: (cpBitmask, cpBitmask)] = [:]
        let collisions = all.compactMap { $0 as? UICollisionBehavior }
        for (i, c) in collisions.enumerated() {
            let itemsBit = cpBitmask(1) << cpBitmask(2 * (i % 16)), boundaryBit = itemsBit << 1
            for item in c.items {
                var (categories, mask) = filters[ObjectIdentifier(item)] ?? (0, 0)
                categories |= itemsBit
                if c.collisionMode.contains(.items) { mask |= itemsBit }
                if c.collisionMode.contains(.boundaries) { mask |= boundaryBit }
                filters[ObjectIdentifier(item)] = (categories, mask)
            }
        }
        for item in allItems {
            guard let entry = world.body(for: item) else { continue }
            let id = ObjectIdentifier(item)
            world.apply(properties[id] ?? DynamicItemProperties(), to: entry)
            let (categories, mask) = filters[id] ?? (0, 0)
            world.setFilter(categories: categories, mask: mask, for: entry)
        }
        let bounds = referenceView?.bounds ?? .zero
        var signature: [String] = []
        for (i, c) in collisions.enumerated() {
            signature.append("\(ObjectIdentifier(c).hashValue) \(i) \(c.boundaryVersion) \(c.translatesReferenceBoundsIntoBoundary) \(c.referenceInsets)")
        }
        if collisions.contains(where: { $0.translatesReferenceBoundsIntoBoundary }) { signature.append("\(bounds)") }
        world.setBoundaries(signature: signature) {
            collisions.enumerated().flatMap { i, c in
                let itemsBit = cpBitmask(1) << cpBitmask(2 * (i % 16)), boundaryBit = itemsBit << 1
                return c.boundarySegments(in: bounds).map { (c, $0.id, $0.a, $0.b, $0.radius, boundaryBit, itemsBit) }
            }
        }
        let attachments = all.compactMap { $0 as? UIAttachmentBehavior }
        world.setConstraints(signature: attachments.map { "\(ObjectIdentifier($0).hashValue) \($0.configurationVersion)" }) { world in
            attachments.compactMap { $0.makeConstraint(in: world) }
        }
    }

    /// One fixed step: sync, forces, the space's step, write back, contacts, actions, rest.
    func stepOnce() {
        syncIfNeeded()
        let dt = Self.stepDuration
        let all = allBehaviors
        for behavior in all { behavior.applyForces(in: world, dt: dt) }
        world.applyResistance(dt: dt)
        world.step(dt)
        elapsedTime += dt
        world.writeBack()
        let contacts = world.takeContacts()
        for case let c as UICollisionBehavior in all { c.report(began: contacts.began, ended: contacts.ended) }
        for behavior in all { behavior.action?() }
        guard isRunning, !needsSync else { return }
        if world.isAtRest(speed: Self.restSpeed, angularSpeed: Self.restAngularSpeed)
            && all.allSatisfy({ $0.isSettled(in: world) }) {
            restTime += dt
            if restTime >= Self.restDuration - dt / 2 { pause() }
        } else {
            restTime = 0
        }
    }
}
