import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// The guide's cube in a window, as views: a `CubeScene` in a `UIWindow` bound to the host, re-laid
/// out when the window changes size.
///
/// | input | action |
/// |-------|--------|
/// | click | a tap: on face 3's button it fires (trace `{"type":"action","target":"button","event":"touchUpInside"}`, face 3 flashes); on a face, that face reports the hit (`{"type":"action","target":"face N","event":"hit"}`) |
/// | drag  | turns the camera (yaw from the horizontal movement, pitch from the vertical) |
/// | C     | camera face-on / corner-on |
/// | L     | lighting overlays on / off |
/// | X     | cycles the touch fix: none (the guide's bug: face 5 takes the button's clicks), a, b |
///
/// Camera changes write `{"type":"camera","yaw":…,"pitch":…}` (radians) to the trace.
@MainActor
final class CubeDemo: DemoKeyHandling {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        MainActor.assumeIsolated { runOnMain(options) }
    }

    private static func runOnMain(_ options: DemoOptions) -> Int32 {
        let fix: CubeScene.TouchFix
        switch touchFix(options) {
        case .success(let f): fix = f
        case .failure(let message):
            writeStandardError("demo cube: \(message)\n")
            return 2
        }
        guard let host = DemoHost.open(title: "Cube", options) else { return 1 }
        UIControl.actionTrace = DemoTrace.writer
        // The running demo (replaced by the shell's R), for the demo keys below.
        final class Current { var demo: CubeDemo? }
        let current = Current()
        DemoShell.run(in: host) {
            MainActor.assumeIsolated {
                let cube = CubeDemo(host: host, camera: camera(options), touchFix: current.demo?.scene.touchFix ?? fix)
                cube.start()
                current.demo = cube
                return cube
            }
        }
        DemoHost.runMainLoop()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(origin: .zero, size: size))
            let fix = (try? touchFix(options).get()) ?? .none
            let scene = CubeScene(root: root, camera: camera(options), touchFix: fix)
            scene.layout(for: size)
            return scene
        }
    }

    /// `--variant`/`--camera`: corner-on (S5.b) unless face-on is asked for.
    nonisolated static func camera(_ options: DemoOptions) -> CubeScene.Camera {
        options.variant.flatMap(CubeScene.Camera.init(rawValue:)) ?? .cornerOn
    }

    struct OptionError: Error { let message: String }

    /// `--fix none|a|b` (default none: the guide's bug).
    nonisolated static func touchFix(_ options: DemoOptions) -> Result<CubeScene.TouchFix, OptionError> {
        guard let name = options.touchFix else { return .success(.none) }
        guard let fix = CubeScene.TouchFix(rawValue: name) else {
            return .failure(OptionError(message: "--fix expects none, a or b, got '\(name)'"))
        }
        return .success(fix)
    }

    private let host: any LayerHosting
    private let window: UIWindow
    let scene: CubeScene
    /// The camera angles when the drag began.
    private var dragStart: (yaw: CGFloat, pitch: CGFloat) = (0, 0)
    /// Radians of camera turn per point dragged.
    static let dragRate: CGFloat = 0.01

    init(host: any LayerHosting, camera: CubeScene.Camera, touchFix: CubeScene.TouchFix) {
        self.host = host
        window = UIWindow(host: host)
        scene = CubeScene(root: window, camera: camera, touchFix: touchFix)
    }

    func start() {
        layout(for: host.rootLayer.bounds.size)
        let resize = host.didResize
        host.didResize = { [weak self] size in
            resize?(size)
            MainActor.assumeIsolated { self?.layout(for: size) }
        }
        scene.button.addAction(UIAction(title: "Press Me") { [weak self] _ in self?.buttonFired() }, for: .touchUpInside)
        for face in scene.faces {
            face.onHit = { [weak self] face in self?.faceHit(face) }
        }
        // Drags anywhere in the window turn the camera (the container only covers a square of it).
        let pan = UIPanGestureRecognizer { [weak self] r in
            MainActor.assumeIsolated { if let r = r as? UIPanGestureRecognizer { self?.pan(r) } }
        }
        window.addGestureRecognizer(pan)
        window.makeKey()
        announce("touch fix \(scene.touchFix.rawValue), camera \(scene.camera.rawValue)")
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }

    // MARK: Input

    /// The demo's keys; false for the others (left to the shell).
    func handle(_ event: WaylandKeyEvent) -> Bool {
        let keysym = event.keysym.lowercased
        guard [WaylandKeysym("c"), WaylandKeysym("l"), WaylandKeysym("x")].contains(keysym) else { return false }
        guard event.state == .pressed, !event.isRepeat else { return true }
        switch keysym {
        case WaylandKeysym("c"):
            scene.camera = scene.camera == .cornerOn ? .faceOn : .cornerOn
            traceCamera()
            announce("camera \(scene.camera.rawValue)")
        case WaylandKeysym("l"):
            scene.isLit.toggle()
            announce("lighting \(scene.isLit ? "on" : "off")")
        default:
            let all = CubeScene.TouchFix.allCases
            scene.touchFix = all[(all.firstIndex(of: scene.touchFix)! + 1) % all.count]
            DemoTrace.writer?.write(["type": "fix", "fix": scene.touchFix.rawValue, "time": CACurrentMediaTime()])
            announce("touch fix \(scene.touchFix.rawValue)")
        }
        return true
    }

    private func pan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            dragStart = (scene.yaw, scene.pitch)
            fallthrough
        case .changed, .ended:
            let t = recognizer.translation(in: window)
            scene.setCamera(yaw: dragStart.yaw + t.x * Self.dragRate, pitch: dragStart.pitch - t.y * Self.dragRate)
            if recognizer.state == .ended { traceCamera() }
        default:
            break
        }
    }

    private func buttonFired() {
        announce("button fired (touch fix \(scene.touchFix.rawValue))")
        // Feedback: face 3 flashes yellow and fades back to white.
        let face = scene.faces[2]
        face.backgroundColor = UIColor(red: 1, green: 0.85, blue: 0.2, alpha: 1)
        UIView.animate(withDuration: 0.6) { face.backgroundColor = .white }
    }

    private func faceHit(_ face: CubeFaceView) {
        DemoTrace.writer?.write(["type": "action", "target": "face \(face.number)", "event": "hit",
                                 "time": CACurrentMediaTime()])
        announce("hit face \(face.number)")
    }

    private func traceCamera() {
        DemoTrace.writer?.write(["type": "camera", "yaw": Double(scene.yaw), "pitch": Double(scene.pitch),
                                 "time": CACurrentMediaTime()])
    }

    private func announce(_ message: String) {
        print("demo cube: \(message)")
        fflush(stdout)
    }
}

extension Demo {
    static let cube = Demo(name: "cube", summary: "six face views in perspective, lit, a button on face 3 (Lockwood ch. 5; --variant face-on, --fix none|a|b)",
        preferredSize: CubeScene.containerSize, run: CubeDemo.run, scene: CubeDemo.scene,
        variants: CubeScene.Camera.allCases.map(\.rawValue))
}
