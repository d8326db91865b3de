import CALinuxChipmunk
import CoreGraphics
import Foundation
import UIKit

/// The guide's physics world (Lockwood, chapter 11; seed-examples §7.3.6–7.3.8) over a Chipmunk2D 7
/// `cpSpace`, in the book's coordinates: points, y up, the 300x300 container's bottom-left corner at
/// the origin (the book flips the container's geometry to match; `CratesScene` converts instead).
///
/// - Crates: boxes centred on their bodies (`cpBoxShapeNew`, the book's four-corner polygon offset by
///   half the size), mass 100, moment `cpMomentForBox(100, w, h)`, friction 0.5, elasticity 0.8
///   (§7.3.6). A crate given in top-left view terms `(x, y, w, h)` starts at `(x + w/2, 300 − y − h/2)`.
/// - Walls (§7.3.7): four segments of radius 1 on the static body along the container's edges,
///   collision type 2, friction 0.5, elasticity 0.8 (so crate–wall bounces keep 0.64 of the speed).
/// - Gravity (0, −1000) pt/s² by default.
/// - Dragging (an extension the book suggests): a kinematic "mouse" body moved to the pointer, tied
///   to the grabbed crate by a pivot joint at the grabbed point (Chipmunk's own demos do this), with
///   a bounded force so a dragged crate pushes others instead of passing through them.
///
/// Chipmunk is deterministic for the same sequence of calls: `step(_:)` with the same time steps
/// from the same initial state gives bit-identical body states (`states`).
final class PhysicsWorld {
    /// A crate's frame in the book's top-left container terms (y down from the container's top).
    struct CrateFrame: Equatable {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// One body's state, in physics coordinates (y up).
    struct BodyState: Equatable {
        var x: Double, y: Double, angle: Double
        var vx: Double, vy: Double, angularVelocity: Double
        var width: Double, height: Double
    }

    static let containerSide: Double = 300
    static let mass: Double = 100
    static let friction: Double = 0.5
    static let elasticity: Double = 0.8
    static let gravityMagnitude: Double = 1000
    static let defaultGravity = CGVector(dx: 0, dy: -gravityMagnitude)
    static let wallRadius: Double = 1
    static let wallCollisionType: UInt = 2

    /// Listing 11.3: one crate at (100, 0, 100, 100), no walls.
    static let fallingCrate = [CrateFrame(x: 100, y: 0, width: 100, height: 100)]
    /// Listing 11.4: five crates stacked in the top-left corner.
    static let fiveCrates = [
        CrateFrame(x: 0, y: 0, width: 32, height: 32), CrateFrame(x: 32, y: 0, width: 32, height: 32),
        CrateFrame(x: 64, y: 0, width: 64, height: 64), CrateFrame(x: 128, y: 0, width: 32, height: 32),
        CrateFrame(x: 0, y: 32, width: 64, height: 64),
    ]

    let crateFrames: [CrateFrame]
    let hasWalls: Bool
    private let space: OpaquePointer
    private(set) var bodies: [OpaquePointer] = []
    private var shapes: [OpaquePointer] = []
    private let mouseBody: OpaquePointer
    private var mouseJoint: OpaquePointer?
    private var draggedIndex: Int?
    /// Fixed steps taken so far.
    private(set) var stepCount = 0

    init(crates: [CrateFrame], walls: Bool) {
        crateFrames = crates
        hasWalls = walls
        space = ChipmunkSpace.make()
        mouseBody = cpBodyNewKinematic()
        gravity = Self.defaultGravity
        cpSpaceSetGravity(space, cpv(0, Double(Self.defaultGravity.dy)))   // didSet does not run in init
        if walls {
            let s = Self.containerSide
            let corners = [cpv(0, 0), cpv(s, 0), cpv(s, s), cpv(0, s)]
            let staticBody = cpSpaceGetStaticBody(space)
            for i in 0..<4 {
                let wall = cpSegmentShapeNew(staticBody, corners[i], corners[(i + 1) % 4], Self.wallRadius)!
                cpShapeSetCollisionType(wall, cpCollisionType(Self.wallCollisionType))
                cpShapeSetFriction(wall, Self.friction)
                cpShapeSetElasticity(wall, Self.elasticity)
                cpSpaceAddShape(space, wall)
                shapes.append(wall)
            }
        }
        for frame in crates {
            let body = cpBodyNew(Self.mass, cpMomentForBox(Self.mass, frame.width, frame.height))!
            cpBodySetPosition(body, cpv(frame.x + frame.width / 2, Self.containerSide - frame.y - frame.height / 2))
            cpSpaceAddBody(space, body)
            let shape = cpBoxShapeNew(body, frame.width, frame.height, 0)!
            cpShapeSetFriction(shape, Self.friction)
            cpShapeSetElasticity(shape, Self.elasticity)
            cpSpaceAddShape(space, shape)
            bodies.append(body)
            shapes.append(shape)
        }
    }

    deinit {
        // cpSpaceFree touches the bodies still in the space, so it goes first; it frees none of them.
        cpSpaceFree(space)
        if let mouseJoint { cpConstraintFree(mouseJoint) }
        for shape in shapes { cpShapeFree(shape) }
        for body in bodies { cpBodyFree(body) }
        cpBodyFree(mouseBody)
    }

    /// The space's gravity, pt/s², y up.
    var gravity: CGVector {
        didSet { cpSpaceSetGravity(space, cpv(Double(gravity.dx), Double(gravity.dy))) }
    }

    /// Advances the simulation by `dt` seconds (nothing for `dt <= 0`).
    func step(_ dt: Double) {
        guard dt > 0 else { return }
        cpSpaceStep(space, dt)
        stepCount += 1
    }

    var states: [BodyState] {
        zip(bodies, crateFrames).map { body, frame in
            let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body)
            return BodyState(x: p.x, y: p.y, angle: cpBodyGetAngle(body), vx: v.x, vy: v.y,
                             angularVelocity: cpBodyGetAngularVelocity(body), width: frame.width, height: frame.height)
        }
    }

    // MARK: Dragging

    /// The crate under `point` (physics coordinates), if any.
    func crate(at point: CGPoint) -> Int? {
        var info = cpPointQueryInfo()
        let filter = cpShapeFilterNew(cpGroup(0), ~cpBitmask(0), ~cpBitmask(0))
        guard let shape = cpSpacePointQueryNearest(space, cpv(Double(point.x), Double(point.y)), 0, filter, &info),
              let body = cpShapeGetBody(shape) else { return nil }
        return bodies.firstIndex(of: body)
    }

    /// Grabs crate `index` at `point` (physics coordinates): a pivot joint from the mouse body.
    func beginDrag(crate index: Int, at point: CGPoint) {
        endDrag()
        let body = bodies[index]
        let p = cpv(Double(point.x), Double(point.y))
        cpBodySetPosition(mouseBody, p)
        cpBodySetVelocity(mouseBody, cpvzero)
        let joint = cpPivotJointNew2(mouseBody, body, cpvzero, cpBodyWorldToLocal(body, p))!
        // Strong enough to lift a crate against 1000 pt/s² many times over, bounded so that it does not
        // drive crates through each other; the error is corrected at Chipmunk's demo rate.
        cpConstraintSetMaxForce(joint, Self.mass * 50_000)
        cpConstraintSetErrorBias(joint, pow(1 - 0.15, 60))
        cpSpaceAddConstraint(space, joint)
        mouseJoint = joint
        draggedIndex = index
    }

    /// Moves the grab point to `point` over `dt` seconds (the mouse body's velocity carries the crate).
    func moveDrag(to point: CGPoint, over dt: Double) {
        guard mouseJoint != nil else { return }
        let p = cpv(Double(point.x), Double(point.y))
        let old = cpBodyGetPosition(mouseBody)
        cpBodySetVelocity(mouseBody, dt > 0 ? cpvmult(cpvsub(p, old), 1 / dt) : cpvzero)
        cpBodySetPosition(mouseBody, p)
    }

    /// Lets the dragged crate go.
    func endDrag() {
        guard let joint = mouseJoint else { return }
        cpSpaceRemoveConstraint(space, joint)
        cpConstraintFree(joint)
        mouseJoint = nil
        draggedIndex = nil
        cpBodySetVelocity(mouseBody, cpvzero)
    }

    var isDragging: Bool { mouseJoint != nil }

    // MARK: Dump

    /// One line per crate with every number at full precision (Swift prints the shortest decimal that
    /// reads back to the same `Double`, so equal text means bit-identical states).
    static func dump(_ states: [BodyState]) -> String {
        states.enumerated().map { i, s in
            "crate \(i) \(Int(s.width))x\(Int(s.height)) x=\(s.x) y=\(s.y) angle=\(s.angle) vx=\(s.vx) vy=\(s.vy) w=\(s.angularVelocity)"
        }.joined(separator: "\n")
    }
}

/// Listing 11.5's fixed time step (§7.3.8): each frame runs 1/120 s steps while `lastStep` is behind
/// the frame's time, at most `maxStepsPerFrame` of them (a guard against the spiral of death, which
/// the book describes without code: when the steps cannot keep up, the simulation slows down instead
/// of piling up catch-up work; the clock then jumps to the frame's time and `cappedFrames` counts it).
struct FixedTimeStep {
    static let step: Double = 1.0 / 120
    static let maxStepsPerFrame = 8

    var lastStep: Double
    private(set) var cappedFrames = 0

    init(start: Double) { lastStep = start }

    /// Steps `world` up to `frameTime`; returns the number of steps taken.
    @discardableResult
    mutating func advance(_ world: PhysicsWorld, to frameTime: Double) -> Int {
        var n = 0
        while lastStep < frameTime {
            if n == Self.maxStepsPerFrame {
                lastStep = frameTime
                cappedFrames += 1
                break
            }
            world.step(Self.step)
            lastStep += Self.step
            n += 1
        }
        return n
    }
}
