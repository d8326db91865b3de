import Foundation
import LayerHost
import QuartzCore
import UIKit

/// `demo sketch` (Lockwood listings 13.1 and 13.2): press and drag to draw red 5-point strokes, with
/// Core Graphics in `draw(_:)` (variant `cg`, key 1) or with a `CAShapeLayer` (variant `shape`,
/// key 2); V switches between them (the drawing starts again). `--drag X0,Y0,X1,Y1` draws one
/// stroke as an injected drag through the window's touch input (for snapshots and tests).
@MainActor
final class SketchDemo {
    enum Variant: String, CaseIterable {
        case coreGraphics = "cg", shapeLayer = "shape"
        nonisolated static var arguments: [String] { allCases.map(\.rawValue) + ["1", "2"] }

        nonisolated init?(argument: String) {
            switch argument {
            case "cg", "1": self = .coreGraphics
            case "shape", "2": self = .shapeLayer
            default: return nil
            }
        }
    }

    nonisolated static let sceneSize = CGSize(width: 300, height: 300)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Sketch", options) { host in
            let demo = SketchDemo(host: host, variant: variant(options))
            demo.start(drag: options.drag)
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let scene = SketchScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), variant: variant(options))
            if let drag = options.drag { scene.drag(drag) }
            return scene
        }
    }

    nonisolated static func variant(_ options: DemoOptions) -> Variant {
        options.variant.flatMap(Variant.init(argument:)) ?? .coreGraphics
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: SketchScene

    init(host: any LayerHosting, variant: Variant) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = SketchScene(window: window, variant: variant)
    }

    func start(drag: (CGPoint, CGPoint)?) {
        window.bind(to: host)
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self else { return }
            switch key.lowercased() {
            case "v": scene.show(scene.variant == .coreGraphics ? .shapeLayer : .coreGraphics)
            default: if let variant = Variant(argument: key) { scene.show(variant) }
            }
        }
        if let drag { scene.drag(drag) }
    }
}

/// The window's contents: one sketch view filling it, on white.
final class SketchScene: DemoScene {
    let window: UIWindow
    private(set) var variant: SketchDemo.Variant
    private var sketchView: UIView?
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, variant: SketchDemo.Variant) {
        self.window = window
        self.variant = variant
        window.backgroundColor = .white
        show(variant)
    }

    /// Replaces the sketch view with an empty one of `variant`.
    @MainActor
    func show(_ variant: SketchDemo.Variant) {
        self.variant = variant
        sketchView?.removeFromSuperview()
        let frame = window.bounds
        let view: UIView = variant == .coreGraphics ? CoreGraphicsSketchView(frame: frame) : ShapeLayerSketchView(frame: frame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(view)
        sketchView = view
        DemoTrace.writer?.write(["type": "variant", "name": variant.rawValue])
    }

    /// A press at `drag.0`, moved to `drag.1` in eight steps, released there: the window's own touch path.
    @MainActor
    func drag(_ drag: (CGPoint, CGPoint)) {
        let (from, to) = drag
        window.dispatchTouches([.init(id: 1, phase: .began, location: from)])
        for k in 1...8 {
            let t = CGFloat(k) / 8
            let point = CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            window.dispatchTouches([.init(id: 1, phase: .moved, location: point)])
        }
        window.dispatchTouches([.init(id: 1, phase: .ended, location: to)])
        CATransaction.flush()
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

extension Demo {
    static let sketch = Demo(name: "sketch", summary: "press and drag to draw red 5-point strokes with Core Graphics in draw(_:) or with a CAShapeLayer; --variant cg|shape or keys 1-2, V switches (Lockwood ch. 13); --drag X0,Y0,X1,Y1 injects one stroke",
        preferredSize: SketchDemo.sceneSize, run: SketchDemo.run, scene: SketchDemo.scene,
        variants: SketchDemo.Variant.arguments)
}
