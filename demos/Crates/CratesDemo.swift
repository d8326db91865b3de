import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// The guide's crates in a window: a `CratesScene` in a `UIWindow` bound to the host, stepped by a
/// `CADisplayLink` on the main run loop.
///
/// | input | action |
/// |-------|--------|
/// | 1, 2, 3 | variant: L11.3 one falling crate, L11.4 walls and five crates, L11.5 fixed time step (default) |
/// | arrows | gravity 1000 pt/s² towards that side of the screen (Up: crates fall up) |
/// | 0 | zero gravity |
/// | R | reset the crates (default gravity) |
/// | drag a crate | a pivot joint from a kinematic body at the pointer pulls it (`PhysicsWorld.beginDrag`) |
/// | drag the background | tilts gravity: 1000 · (dx, −dy) / 120, clamped to 1000, from the container's centre |
///
/// Space (pause) and S (slow motion) are the shell's and act on the physics too (its clock is the root
/// layer's time); the shell's Left/Right frame stepping gives way to the gravity arrows, and its R to
/// the reset. Crate drags write `{"type":"drag","phase":"began"|"ended","crate":i,"x":…,"y":…}` to
/// the trace (the crate's centre in container points, y down).
///
/// `demo crates --steps N [--dump]` runs N fixed 1/120 s steps of the variant without a window and
/// prints the body states (`headless`).
@MainActor
final class CratesDemo: DemoKeyHandling {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        MainActor.assumeIsolated { runOnMain(options) }
    }

    private static func runOnMain(_ options: DemoOptions) -> Int32 {
        guard let host = DemoHost.open(title: "Crates", options) else { return 1 }
        final class Current { var demo: CratesDemo? }
        let current = Current()
        DemoShell.run(in: host) {
            MainActor.assumeIsolated {
                current.demo?.stop()
                let demo = CratesDemo(host: host, variant: current.demo?.scene.variant ?? variant(options))
                demo.start()
                current.demo = demo
                return demo
            }
        }
        DemoHost.runMainLoop()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points (its clock starts at media time 0).
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(origin: .zero, size: size))
            let scene = CratesScene(root: root, variant: variant(options))
            scene.layout(for: size)
            return scene
        }
    }

    /// `--variant`: fixed-step (L11.5) unless another is asked for (by name or as 1, 2, 3).
    nonisolated static func variant(_ options: DemoOptions) -> CratesScene.Variant {
        options.variant.flatMap(CratesScene.Variant.init(name:)) ?? .fixedStep
    }

    /// The names `--variant` accepts, the default first.
    nonisolated static let variantNames = CratesScene.Variant.allCases.map(\.rawValue) + ["1", "2", "3"]

    /// `--steps N [--dump]`: N fixed steps from the variant's initial state under default gravity,
    /// no window; prints a summary line and, with `--dump`, every body's state at full precision.
    nonisolated static func headless(_ options: DemoOptions) -> Int32 {
        let steps = options.steps ?? 600
        let world = variant(options).makeWorld()
        for _ in 0..<steps { world.step(FixedTimeStep.step) }
        let states = world.states
        let maxSpeed = states.map { ($0.vx * $0.vx + $0.vy * $0.vy).squareRoot() }.max() ?? 0
        let maxSpin = states.map { abs($0.angularVelocity) }.max() ?? 0
        print("crates \(variant(options).rawValue): \(steps) steps of 1/120 s (\(Double(steps) / 120) s), "
              + "gravity (\(world.gravity.dx), \(world.gravity.dy)); max speed \(maxSpeed) pt/s, max spin \(maxSpin) rad/s")
        if options.dump { print(PhysicsWorld.dump(states)) }
        return 0
    }

    private let host: any LayerHosting
    private let window: UIWindow
    let scene: CratesScene
    private var link: CADisplayLink?
    /// The crate being dragged, or nil; `tilting` while the background is dragged.
    private var dragged: Int?
    private var tilting = false

    init(host: any LayerHosting, variant: CratesScene.Variant) {
        self.host = host
        window = UIWindow(host: host)
        scene = CratesScene(root: window, variant: variant)
    }

    func start() {
        layout(for: host.rootLayer.bounds.size)
        let resize = host.didResize
        host.didResize = { [weak self] size in
            resize?(size)
            MainActor.assumeIsolated { self?.layout(for: size) }
        }
        let pan = UIPanGestureRecognizer { [weak self] r in
            MainActor.assumeIsolated { if let r = r as? UIPanGestureRecognizer { self?.pan(r) } }
        }
        window.addGestureRecognizer(pan)
        window.makeKey()
        scene.reset(variant: scene.variant)
        // The link ends with the demo (the shell's R, or the gallery showing another demo).
        let link = CADisplayLink { [weak self] link in
            guard let self else { return link.invalidate() }
            MainActor.assumeIsolated { self.frame() }
        }
        link.add(to: .main, forMode: .common)
        self.link = link
        announce("variant \(scene.variant.listing) (\(scene.variant.rawValue))")
    }

    func stop() {
        link?.invalidate()
        link = nil
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }

    private func frame() {
        let capped = scene.cappedFrames
        scene.frame(at: scene.now)
        if scene.cappedFrames != capped {
            announce("physics fell behind: at most \(FixedTimeStep.maxStepsPerFrame) steps per frame, the rest dropped")
        }
    }

    // MARK: Input

    /// The demo's keys; false for the others (left to the shell).
    func handle(_ event: WaylandKeyEvent) -> Bool {
        let keysym = event.keysym.lowercased
        let gravity: [WaylandKeysym: CGVector] = [
            .up: CGVector(dx: 0, dy: PhysicsWorld.gravityMagnitude), .down: CGVector(dx: 0, dy: -PhysicsWorld.gravityMagnitude),
            .left: CGVector(dx: -PhysicsWorld.gravityMagnitude, dy: 0), .right: CGVector(dx: PhysicsWorld.gravityMagnitude, dy: 0),
            WaylandKeysym("0"): CGVector(dx: 0, dy: 0),
        ]
        let variants: [WaylandKeysym: CratesScene.Variant] = [
            WaylandKeysym("1"): .falling, WaylandKeysym("2"): .walls, WaylandKeysym("3"): .fixedStep,
        ]
        guard gravity[keysym] != nil || variants[keysym] != nil || keysym == WaylandKeysym("r") else { return false }
        guard event.state == .pressed, !event.isRepeat else { return true }
        if let g = gravity[keysym] {
            scene.world.gravity = g
            DemoTrace.writer?.write(["type": "gravity", "x": Double(g.dx), "y": Double(g.dy), "time": CACurrentMediaTime()])
            announce("gravity (\(g.dx), \(g.dy))")
        } else if let v = variants[keysym] {
            dragged = nil
            scene.reset(variant: v)
            announce("variant \(v.listing) (\(v.rawValue))")
        } else {
            dragged = nil
            scene.reset(variant: scene.variant)
            announce("reset")
        }
        return true
    }

    private func pan(_ recognizer: UIPanGestureRecognizer) {
        let p = recognizer.location(in: scene.container)
        switch recognizer.state {
        case .began:
            // The pan begins a few points after the press: grab what was under the press.
            let t = recognizer.translation(in: scene.container)
            let start = CGPoint(x: p.x - t.x, y: p.y - t.y)
            if let index = scene.beginDrag(atContainerPoint: start) {
                dragged = index
                scene.moveDrag(toContainerPoint: p)
                traceDrag("began", crate: index)
            } else {
                tilting = true
                scene.tilt(towardContainerPoint: p)
            }
        case .changed:
            if dragged != nil { scene.moveDrag(toContainerPoint: p) } else if tilting { scene.tilt(towardContainerPoint: p) }
        default:
            if let index = dragged {
                scene.endDrag()
                traceDrag("ended", crate: index)
            } else if tilting {
                let g = scene.world.gravity
                DemoTrace.writer?.write(["type": "gravity", "x": Double(g.dx), "y": Double(g.dy), "time": CACurrentMediaTime()])
            }
            dragged = nil
            tilting = false
        }
    }

    private func traceDrag(_ phase: String, crate index: Int) {
        let c = scene.crateViews[index].center
        DemoTrace.writer?.write(["type": "drag", "phase": phase, "crate": index, "x": Double(c.x), "y": Double(c.y),
                                 "time": CACurrentMediaTime()])
        announce("drag \(phase): crate \(index) at (\(Int(c.x.rounded())), \(Int(c.y.rounded())))")
    }

    private func announce(_ message: String) {
        print("demo crates: \(message)")
        fflush(stdout)
    }
}

extension Demo {
    static let crates = Demo(name: "crates", summary: "crates with Chipmunk 2D physics: walls, gravity from the arrows, drag a crate (Lockwood ch. 11; keys 1-3)",
        preferredSize: CGSize(width: 480, height: 480), run: CratesDemo.run, scene: CratesDemo.scene,
        variants: CratesDemo.variantNames, headless: CratesDemo.headless)
}
