import CALinuxChipmunk
import CoreGraphics
import Foundation

/// The Chipmunk2D space of one `UIDynamicAnimator`: a body and a shape for each item the behaviors
/// hold, the collision behaviors' boundaries on the static body, the attachments' constraints.
///
/// The space is in the reference view's bounds coordinates (points, y down; Chipmunk does not care
/// which way y goes) and has no gravity of its own: each gravity behavior pushes its own items.
/// Mass is density × area / 10 000, so a 100×100 item of density 1 weighs 1, as in UIKit.
@MainActor
final class DynamicsWorld {
    /// One item's body and shape.
    final class Body {
        let item: UIDynamicItem
        let body: OpaquePointer
        var shape: OpaquePointer
        /// The size and kind of shape `shape` was built for.
        var size: CGSize
        var boundsType: UIDynamicItemCollisionBoundsType
        var area: Double
        var properties = DynamicItemProperties()

        init(item: UIDynamicItem, body: OpaquePointer, shape: OpaquePointer, size: CGSize,
             boundsType: UIDynamicItemCollisionBoundsType, area: Double) {
            self.item = item
            self.body = body
            self.shape = shape
            self.size = size
            self.boundsType = boundsType
            self.area = area
        }
    }

    /// A contact that began or ended during a step, reported after it.
    enum ContactEvent {
        case items(UIDynamicItem, UIDynamicItem, CGPoint?)
        case boundary(UIDynamicItem, UICollisionBehavior, BoundaryID, CGPoint?)
    }

    /// A boundary shape's owner: the reference-bounds boundary, or one added with an identifier.
    enum BoundaryID {
        case referenceBounds
        case identified(any NSCopying)
    }

    let space: OpaquePointer
    private(set) var bodies: [ObjectIdentifier: Body] = [:]
    /// The bodies in the order their items joined, for deterministic stepping.
    private(set) var order: [ObjectIdentifier] = []
    private var shapeOwners: [OpaquePointer: ObjectIdentifier] = [:]
    private var boundaryShapes: [OpaquePointer: (behavior: UICollisionBehavior, id: BoundaryID)] = [:]
    private var boundarySignature: [String] = []
    private var constraints: [OpaquePointer] = []
    private var constraintSignature: [String] = []
    private var began: [ContactEvent] = []
    private var ended: [ContactEvent] = []
    private var recordsContacts = true
    weak var referenceView: UIView?

    init(referenceView: UIView?) {
        self.referenceView = referenceView
        space = ChipmunkSpace.make()
        cpSpaceSetIterations(space, 20)
        // Overlaps are corrected at 30% each 1/60 s (Chipmunk: 10%), so that an item at rest on a
        // boundary lies on it by the time the animator pauses.
        cpSpaceSetCollisionBias(space, pow(1 - 0.3, 60))
        cpSpaceSetCollisionSlop(space, 0.05)
        let handler = cpSpaceAddDefaultCollisionHandler(space)!
        handler.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        handler.pointee.beginFunc = { arbiter, _, data in
            guard let arbiter, let data else { return cpBool(1) }
            MainActor.assumeIsolated {
                Unmanaged<DynamicsWorld>.fromOpaque(data).takeUnretainedValue().record(arbiter, began: true)
            }
            return cpBool(1)
        }
        handler.pointee.separateFunc = { arbiter, _, data in
            guard let arbiter, let data else { return }
            MainActor.assumeIsolated {
                Unmanaged<DynamicsWorld>.fromOpaque(data).takeUnretainedValue().record(arbiter, began: false)
            }
        }
    }

    /// Frees the space and everything in it; the world is unusable afterwards.
    func invalidate() {
        recordsContacts = false
        removeConstraints()
        removeBoundaries()
        for id in order { removeBody(id) }
    }

    isolated deinit {
        invalidate()
        cpSpaceFree(space)
    }

    // MARK: Bodies

    func body(for item: UIDynamicItem) -> Body? { bodies[ObjectIdentifier(item)] }

    /// Makes the bodies exactly those of `items`: new items get a body from their current state,
    /// items no longer held lose theirs.
    func sync(items: [UIDynamicItem]) {
        let wanted = Set(items.map { ObjectIdentifier($0) })
        let stale = order.filter { !wanted.contains($0) }
        // A constraint must not outlive its bodies; the animator rebuilds the constraints after this.
        if !stale.isEmpty { removeConstraints() }
        for id in stale { removeBody(id) }
        for item in items where bodies[ObjectIdentifier(item)] == nil { addBody(for: item) }
    }

    private func addBody(for item: UIDynamicItem) {
        let body = cpBodyNew(1, 1)!
        cpSpaceAddBody(space, body)
        let (shape, size, type, area) = makeShape(for: item, on: body)
        let entry = Body(item: item, body: body, shape: shape, size: size, boundsType: type, area: area)
        let id = ObjectIdentifier(item)
        bodies[id] = entry
        order.append(id)
        applyMass(entry)
        read(entry)
    }

    private func removeBody(_ id: ObjectIdentifier) {
        guard let entry = bodies.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        cpSpaceRemoveShape(space, entry.shape)
        shapeOwners[entry.shape] = nil
        cpShapeFree(entry.shape)
        cpSpaceRemoveBody(space, entry.body)
        cpBodyFree(entry.body)
    }

    /// The shape of `item`'s collision bounds on `body` (at least 1×1 point).
    private func makeShape(for item: UIDynamicItem, on body: OpaquePointer)
        -> (OpaquePointer, CGSize, UIDynamicItemCollisionBoundsType, Double) {
        let raw = item.bounds.size
        let w = max(DynamicsNumber.finite(Double(raw.width)).magnitude, 1)
        let h = max(DynamicsNumber.finite(Double(raw.height)).magnitude, 1)
        let type = item.collisionBoundsType
        var shape: OpaquePointer?
        var area = w * h
        switch type {
        case .rectangle:
            break
        case .ellipse:
            area = Double.pi * w * h / 4
            if w == h {
                shape = cpCircleShapeNew(body, w / 2, cpvzero)
            } else {
                let verts = (0..<24).map { i -> cpVect in
                    let a = Double(i) / 24 * 2 * .pi
                    return cpv(cos(a) * w / 2, sin(a) * h / 2)
                }
                shape = cpPolyShapeNew(body, Int32(verts.count), verts, cpTransformIdentity, 0)
            }
        case .path:
            let verts = Self.points(of: item.collisionBoundingPath.cgPath).map { cpv(Double($0.x), Double($0.y)) }
                .filter { $0.x.isFinite && $0.y.isFinite }
            if verts.count >= 3 {
                let hullArea = abs(cpAreaForPoly(Int32(verts.count), verts, 0))
                if hullArea >= 1 {
                    shape = cpPolyShapeNew(body, Int32(verts.count), verts, cpTransformIdentity, 0)
                    area = cpAreaForPoly(cpPolyShapeGetCount(shape!), Self.vertices(of: shape!), 0).magnitude
                }
            }
        }
        let made = shape ?? cpBoxShapeNew(body, w, h, 0)!
        cpShapeSetFilter(made, cpShapeFilterNew(cpGroup(0), 0, 0))
        cpSpaceAddShape(space, made)
        shapeOwners[made] = ObjectIdentifier(item)
        return (made, CGSize(width: w, height: h), type, area)
    }

    private static func vertices(of shape: OpaquePointer) -> [cpVect] {
        (0..<cpPolyShapeGetCount(shape)).map { cpPolyShapeGetVert(shape, $0) }
    }

    /// The end points of a path's elements, curves flattened to 8 segments each.
    static func points(of path: CGPath) -> [CGPoint] {
        var points: [CGPoint] = []
        for element in BezierElement.elements(of: path) {
            let start = points.last ?? .zero
            switch element.kind {
            case 2, 3:
                for i in 1...8 {
                    let t = CGFloat(i) / 8
                    points.append(bezierPoint(start, element.points, t))
                }
            default:
                points.append(contentsOf: element.points)
            }
        }
        return points
    }

    private static func bezierPoint(_ p0: CGPoint, _ controls: [CGPoint], _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        if controls.count == 2 {
            let (c, p) = (controls[0], controls[1])
            return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
        }
        let (c1, c2, p) = (controls[0], controls[1], controls[2])
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
    }

    /// Rebuilds `entry`'s shape from its item's current bounds, if they changed.
    func refreshShape(_ entry: Body) {
        let s = entry.item.bounds.size
        guard CGSize(width: max(abs(s.width), 1), height: max(abs(s.height), 1)) != entry.size
                || entry.item.collisionBoundsType != entry.boundsType || entry.boundsType == .path else { return }
        let filter = cpShapeGetFilter(entry.shape)
        cpSpaceRemoveShape(space, entry.shape)
        shapeOwners[entry.shape] = nil
        cpShapeFree(entry.shape)
        let (shape, size, type, area) = makeShape(for: entry.item, on: entry.body)
        entry.shape = shape
        entry.size = size
        entry.boundsType = type
        entry.area = area
        cpShapeSetFilter(shape, filter)
        apply(entry.properties, to: entry)
    }

    /// Sets `entry`'s mass and moment from its density, area and rotation.
    private func applyMass(_ entry: Body) {
        guard !entry.properties.isAnchored else { return }
        let density = entry.properties.density > 0 ? entry.properties.density : 1e-6
        let mass = DynamicsNumber.clamped(density * entry.area / 10_000, 1e-9...1e12)
        cpBodySetMass(entry.body, mass)
        let (w, h) = (Double(entry.size.width), Double(entry.size.height))
        let moment: Double
        if !entry.properties.allowsRotation {
            moment = .infinity
        } else {
            switch entry.boundsType {
            case .rectangle: moment = cpMomentForBox(mass, w, h)
            case .ellipse: moment = mass * (w * w + h * h) / 16
            case .path:
                let verts = cpPolyShapeGetCount(entry.shape) >= 3 ? Self.vertices(of: entry.shape) : []
                moment = verts.isEmpty ? cpMomentForBox(mass, w, h) : cpMomentForPoly(mass, Int32(verts.count), verts, cpvzero, 0)
            }
        }
        cpBodySetMoment(entry.body, max(moment, 1e-9))
    }

    /// Sets `entry`'s material, mass and body type.
    func apply(_ properties: DynamicItemProperties, to entry: Body) {
        let changedType = properties.isAnchored != entry.properties.isAnchored
        entry.properties = properties
        cpShapeSetElasticity(entry.shape, DynamicsNumber.clamped(properties.elasticity, 0...1))
        cpShapeSetFriction(entry.shape, DynamicsNumber.clamped(properties.friction, 0...1e6))
        if changedType {
            cpBodySetType(entry.body, properties.isAnchored ? CP_BODY_TYPE_KINEMATIC : CP_BODY_TYPE_DYNAMIC)
            cpBodySetVelocity(entry.body, cpvzero)
            cpBodySetAngularVelocity(entry.body, 0)
        }
        applyMass(entry)
    }

    /// Sets the collision filter of `entry`'s shape.
    func setFilter(categories: cpBitmask, mask: cpBitmask, for entry: Body) {
        cpShapeSetFilter(entry.shape, cpShapeFilterNew(cpGroup(0), categories, mask))
    }

    // MARK: Items' state

    /// Moves `entry`'s body to its item's centre and rotation (keeping its velocity).
    func read(_ entry: Body) {
        let p = referencePosition(of: entry.item)
        let range = -DynamicsNumber.maxPosition...DynamicsNumber.maxPosition
        cpBodySetPosition(entry.body, cpv(DynamicsNumber.clamped(DynamicsNumber.finite(Double(p.x)), range),
                                          DynamicsNumber.clamped(DynamicsNumber.finite(Double(p.y)), range)))
        let t = entry.item.transform
        cpBodySetAngle(entry.body, DynamicsNumber.finite(atan2(Double(t.b), Double(t.a))))
        if let space = cpBodyGetSpace(entry.body) { cpSpaceReindexShapesForBody(space, entry.body) }
    }

    /// Writes every moving body's centre and rotation to its item.
    func writeBack() {
        for id in order {
            guard let entry = bodies[id], !entry.properties.isAnchored else { continue }
            let p = cpBodyGetPosition(entry.body)
            guard p.x.isFinite, p.y.isFinite else { continue }
            setReferencePosition(CGPoint(x: p.x, y: p.y), of: entry.item)
            let angle = cpBodyGetAngle(entry.body)
            if angle.isFinite { entry.item.transform = CGAffineTransform(rotationAngle: CGFloat(angle)) }
        }
    }

    /// An item's centre in the reference view's coordinates (a view item in another superview is
    /// converted).
    func referencePosition(of item: UIDynamicItem) -> CGPoint {
        if let view = item as? UIView, let superview = view.superview, let referenceView, superview !== referenceView {
            return superview.convert(view.center, to: referenceView)
        }
        return item.center
    }

    private func setReferencePosition(_ point: CGPoint, of item: UIDynamicItem) {
        if let view = item as? UIView, let superview = view.superview, let referenceView, superview !== referenceView {
            view.center = referenceView.convert(point, to: superview)
        } else {
            item.center = point
        }
    }

    /// Whether every moving body is slower than `speed` points/s and `angularSpeed` radians/s.
    func isAtRest(speed: Double, angularSpeed: Double) -> Bool {
        for id in order {
            guard let entry = bodies[id], !entry.properties.isAnchored else { continue }
            let v = cpBodyGetVelocity(entry.body)
            if !(cpvlength(v) < speed) || !(abs(cpBodyGetAngularVelocity(entry.body)) < angularSpeed) { return false }
        }
        return true
    }

    /// Damps every body's velocities by its resistances over `dt` seconds.
    func applyResistance(dt: Double) {
        for id in order {
            guard let entry = bodies[id], !entry.properties.isAnchored else { continue }
            let r = DynamicsNumber.nonNegative(entry.properties.resistance)
            let ar = DynamicsNumber.nonNegative(entry.properties.angularResistance)
            if r > 0 { cpBodySetVelocity(entry.body, cpvmult(cpBodyGetVelocity(entry.body), 1 / (1 + r * dt))) }
            if ar > 0 { cpBodySetAngularVelocity(entry.body, cpBodyGetAngularVelocity(entry.body) / (1 + ar * dt)) }
        }
    }

    /// Advances the space by `dt` seconds.
    func step(_ dt: Double) {
        cpSpaceStep(space, dt)
        for id in order {
            guard let entry = bodies[id], !entry.properties.isAnchored else { continue }
            let v = cpBodyGetVelocity(entry.body)
            if cpvlength(v) > DynamicsNumber.maxSpeed {
                cpBodySetVelocity(entry.body, cpvclamp(v, DynamicsNumber.maxSpeed))
            }
            let w = cpBodyGetAngularVelocity(entry.body)
            if abs(w) > DynamicsNumber.maxAngularSpeed {
                cpBodySetAngularVelocity(entry.body, DynamicsNumber.clamped(w, -DynamicsNumber.maxAngularSpeed...DynamicsNumber.maxAngularSpeed))
            }
        }
    }

    /// Adds `dv` (clamped) to a body's velocity, keeping it under the speed limit.
    func addVelocity(_ dv: cpVect, to entry: Body) {
        let v = cpvadd(cpBodyGetVelocity(entry.body), cpvclamp(dv, DynamicsNumber.maxSpeed))
        cpBodySetVelocity(entry.body, cpvclamp(v, DynamicsNumber.maxSpeed))
    }

    /// Adds `dw` (clamped) to a body's angular velocity, keeping it under the limit.
    func addAngularVelocity(_ dw: Double, to entry: Body) {
        let limit = DynamicsNumber.maxAngularSpeed
        cpBodySetAngularVelocity(entry.body, DynamicsNumber.clamped(cpBodyGetAngularVelocity(entry.body) + DynamicsNumber.clamped(dw, -limit...limit), -limit...limit))
    }

    // MARK: Boundaries

    /// Rebuilds the boundary segments when their description `signature` changed.
    func setBoundaries(signature: [String], _ segments: () -> [(UICollisionBehavior, BoundaryID, CGPoint, CGPoint, Double, cpBitmask, cpBitmask)]) {
        guard signature != boundarySignature else { return }
        removeBoundaries()
        boundarySignature = signature
        let staticBody = cpSpaceGetStaticBody(space)
        for (behavior, id, a, b, radius, categories, mask) in segments() {
            let pa = cpv(DynamicsNumber.finite(Double(a.x)), DynamicsNumber.finite(Double(a.y)))
            let pb = cpv(DynamicsNumber.finite(Double(b.x)), DynamicsNumber.finite(Double(b.y)))
            guard let shape = cpSegmentShapeNew(staticBody, pa, pb, radius) else { continue }
            cpShapeSetElasticity(shape, 1)
            cpShapeSetFriction(shape, 1)
            cpShapeSetFilter(shape, cpShapeFilterNew(cpGroup(0), categories, mask))
            cpSpaceAddShape(space, shape)
            boundaryShapes[shape] = (behavior, id)
        }
    }

    private func removeBoundaries() {
        let wasRecording = recordsContacts
        recordsContacts = false
        for shape in boundaryShapes.keys {
            cpSpaceRemoveShape(space, shape)
            cpShapeFree(shape)
        }
        boundaryShapes = [:]
        boundarySignature = []
        recordsContacts = wasRecording
    }

    // MARK: Constraints

    /// Rebuilds the constraints when their description `signature` changed.
    func setConstraints(signature: [String], _ make: (DynamicsWorld) -> [OpaquePointer]) {
        guard signature != constraintSignature else { return }
        removeConstraints()
        constraintSignature = signature
        constraints = make(self)
        for c in constraints { cpSpaceAddConstraint(space, c) }
    }

    private func removeConstraints() {
        for c in constraints {
            cpSpaceRemoveConstraint(space, c)
            cpConstraintFree(c)
        }
        constraints = []
        constraintSignature = []
    }

    // MARK: Contacts

    private func record(_ arbiter: OpaquePointer, began isBegin: Bool) {
        guard recordsContacts else { return }
        var a: OpaquePointer?, b: OpaquePointer?
        cpArbiterGetShapes(arbiter, &a, &b)
        guard let a, let b else { return }
        let point: CGPoint? = isBegin && cpArbiterGetCount(arbiter) > 0
            ? { let p = cpArbiterGetPointA(arbiter, 0); return CGPoint(x: p.x, y: p.y) }() : nil
        let event: ContactEvent
        if let ia = shapeOwners[a].flatMap({ bodies[$0] }), let ib = shapeOwners[b].flatMap({ bodies[$0] }) {
            event = .items(ia.item, ib.item, point)
        } else if let item = (shapeOwners[a] ?? shapeOwners[b]).flatMap({ bodies[$0] }),
                  let boundary = boundaryShapes[a] ?? boundaryShapes[b] {
            event = .boundary(item.item, boundary.behavior, boundary.id, point)
        } else {
            return
        }
        if isBegin { began.append(event) } else { ended.append(event) }
    }

    /// The contacts that began and ended since the last call.
    func takeContacts() -> (began: [ContactEvent], ended: [ContactEvent]) {
        defer { began = []; ended = [] }
        return (began, ended)
    }
}
