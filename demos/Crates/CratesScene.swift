import CoreGraphics
import Foundation
import QuartzCore
import UIKit

/// The guide's crates (Lockwood, chapter 11; seed-examples §7.3.6–7.3.8) as views: a white 300x300
/// container view and one view per crate, whose `center` and `transform` follow its Chipmunk body
/// (`PhysicsWorld`) after each frame's physics. Used by the window (`CratesDemo`, a `UIWindow` root,
/// a display link calling `frame(at:)`) and by offscreen snapshots (`Snapshot`, a plain root view,
/// frames replayed at 60 Hz on the frozen media clock).
///
/// Physics uses the book's y-up coordinates with the origin at the container's bottom-left; the book
/// flips the container (`geometryFlipped`) so that views can use them directly. Here the conversion is
/// explicit — view centre `(x, 300 − y)`, rotation `−angle` — so the crate art stays upright and the
/// container's coordinates are the ordinary top-left ones for hit testing and dragging.
///
/// The clock is the root layer's local time (`convertTime(CACurrentMediaTime(), from: nil)`), so the
/// shell's pause (Space) stops the physics and slow motion (S) slows it.
@MainActor
final class CratesScene {
    enum Variant: String, CaseIterable {
        /// Listing 11.5 (§7.3.8): walls, five crates, gravity control, fixed 1/120 s steps (the default).
        case fixedStep = "fixed-step"
        /// Listing 11.3 (§7.3.6): one 100-point crate falling out of the container; one step per frame
        /// of the measured frame duration.
        case falling
        /// Listing 11.4 (§7.3.7): walls and five crates, one step per frame of the measured duration.
        case walls

        /// Keys 1–3 (and `--variant 1|2|3`): the listings in the book's order.
        init?(key: String) {
            switch key {
            case "1": self = .falling
            case "2": self = .walls
            case "3": self = .fixedStep
            default: return nil
            }
        }

        init?(name: String) {
            if let v = Variant(rawValue: name) ?? Variant(key: name) { self = v } else { return nil }
        }

        var listing: String {
            switch self {
            case .falling: return "L11.3"
            case .walls: return "L11.4"
            case .fixedStep: return "L11.5"
            }
        }

        /// A new world in this variant's initial state.
        func makeWorld() -> PhysicsWorld {
            self == .falling ? PhysicsWorld(crates: PhysicsWorld.fallingCrate, walls: false)
                             : PhysicsWorld(crates: PhysicsWorld.fiveCrates, walls: true)
        }
    }

    static let containerSize = CGSize(width: PhysicsWorld.containerSide, height: PhysicsWorld.containerSide)
    /// The rate at which snapshots replay display-link frames.
    static let snapshotFrameRate: Double = 60

    let root: UIView
    var rootLayer: CALayer { root.layer }
    let container = UIView(frame: CGRect(origin: .zero, size: containerSize))
    private(set) var crateViews: [UIView] = []
    private(set) var variant: Variant
    private(set) var world: PhysicsWorld
    private var clock = FixedTimeStep(start: 0)
    /// The time of the last frame (the measured-duration variants step by the difference).
    private var lastFrameTime: Double = 0
    /// Where the dragged crate's grab point should go, in physics coordinates.
    private var dragTarget: CGPoint?
    /// Device pixels per point of the surface the root is shown on (the window's buffer scale).
    var pixelScale: CGFloat = 1
    private var artScale: CGFloat = 0

    init(root: UIView, variant: Variant) {
        self.root = root
        self.variant = variant
        world = variant.makeWorld()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.backgroundColor = UIColor(white: 0.9, alpha: 1)
        container.backgroundColor = .white
        root.addSubview(container)
        CATransaction.commit()
        reset(variant: variant)
    }

    /// The root layer's local time: the scene's clock.
    var now: Double { rootLayer.convertTime(CACurrentMediaTime(), from: nil) }

    /// Rebuilds the world in `variant`'s initial state (default gravity) starting at `now`.
    func reset(variant: Variant) {
        endDrag()
        self.variant = variant
        world = variant.makeWorld()
        let t = now
        clock = FixedTimeStep(start: t)
        lastFrameTime = t
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for view in crateViews { view.removeFromSuperview() }
        crateViews = world.crateFrames.map { frame in
            let view = UIView(frame: CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
            view.accessibilityIdentifier = "crate"
            container.addSubview(view)
            return view
        }
        CATransaction.commit()
        artScale = 0
        drawArt()
        updateViews()
    }

    /// Scales and centres the 300-point container in a root of `size` points (80% of the shorter
    /// side, as the ball does), redrawing the crates at the resulting pixel density.
    func layout(for size: CGSize) {
        let k = max(0.8 * min(size.width, size.height), 1) / Self.containerSize.width
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.center = CGPoint(x: size.width / 2, y: size.height / 2)
        container.transform = CGAffineTransform(scaleX: k, y: k)
        CATransaction.commit()
        drawArt()
    }

    private var containerScale: CGFloat { container.transform.a }

    private func drawArt() {
        let scale = containerScale * pixelScale
        guard scale != artScale else { return }
        artScale = scale
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for view in crateViews {
            view.layer.contents = CratesArt.crate(size: view.bounds.size, scale: scale)
            view.layer.contentsScale = scale
        }
        CATransaction.commit()
    }

    // MARK: Frames

    /// One display-link frame at scene time `time`: the physics catches up to it (fixed steps, or one
    /// step of the time since the last frame), then every crate view follows its body once.
    /// Returns the number of physics steps taken.
    @discardableResult
    func frame(at time: Double) -> Int {
        let frameDt = time - lastFrameTime
        lastFrameTime = time
        if let target = dragTarget {
            world.moveDrag(to: target, over: max(frameDt, FixedTimeStep.step))
        }
        let steps: Int
        switch variant {
        case .fixedStep:
            steps = clock.advance(world, to: time)
        case .falling, .walls:
            world.step(frameDt)
            steps = frameDt > 0 ? 1 : 0
        }
        updateViews()
        return steps
    }

    /// Each crate view's centre and rotation from its body (actions disabled: views follow exactly).
    func updateViews() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (view, state) in zip(crateViews, world.states) {
            view.center = Self.viewPoint(CGPoint(x: state.x, y: state.y))
            view.transform = CGAffineTransform(rotationAngle: CGFloat(-state.angle))
        }
        CATransaction.commit()
    }

    var cappedFrames: Int { clock.cappedFrames }

    // MARK: Coordinates and input

    /// Physics (y up) to container (y down) coordinates; the map is its own inverse.
    static func viewPoint(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x, y: containerSize.height - p.y) }
    static func physicsPoint(_ p: CGPoint) -> CGPoint { viewPoint(p) }

    /// Starts dragging the crate under container point `p`; returns its index, or nil when `p` is on
    /// no crate.
    func beginDrag(atContainerPoint p: CGPoint) -> Int? {
        let q = Self.physicsPoint(p)
        guard let index = world.crate(at: q) else { return nil }
        world.beginDrag(crate: index, at: q)
        dragTarget = q
        return index
    }

    func moveDrag(toContainerPoint p: CGPoint) {
        guard world.isDragging else { return }
        dragTarget = Self.physicsPoint(p)
    }

    func endDrag() {
        dragTarget = nil
        world.endDrag()
    }

    /// §7.3.7's drag-to-tilt: gravity = 1000 · (dx, −dy) / 120, at most 1000 long, for (dx, dy) = the
    /// pointer minus the container's centre, in container points.
    func tilt(towardContainerPoint p: CGPoint) {
        let dx = p.x - Self.containerSize.width / 2, dy = p.y - Self.containerSize.height / 2
        var g = CGVector(dx: PhysicsWorld.gravityMagnitude * dx / 120, dy: -PhysicsWorld.gravityMagnitude * dy / 120)
        let length = (g.dx * g.dx + g.dy * g.dy).squareRoot()
        if length > PhysicsWorld.gravityMagnitude {
            g = CGVector(dx: g.dx / length * PhysicsWorld.gravityMagnitude, dy: g.dy / length * PhysicsWorld.gravityMagnitude)
        }
        world.gravity = g
    }
}

extension CratesScene: @preconcurrency DemoScene {
    /// The display link's frames at 60 Hz from the scene's start, plus `seconds` itself, so that the
    /// snapshot shows the physics at exactly that time.
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard seconds > 0 else { return [] }
        let n = Int((seconds * Self.snapshotFrameRate).rounded(.down))
        var times = (1...max(n, 1)).map { Double($0) / Self.snapshotFrameRate }.filter { $0 <= seconds }
        if times.last != seconds { times.append(seconds) }
        return times
    }

    func fireTimers() { frame(at: now) }
}
