import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's chalkboard (listings 13.3 and 13.4): each touch point adds a 32-point chalk stamp.
/// `full` redraws every stamp in `draw(_:)` after each one (the slow way); `dirty` asks for display
/// of the new stamp's rectangle only and draws the stamps that meet the rectangle it is given.
final class ChalkboardView: UIView {
    static let brushSize: CGFloat = 32
    let usesDirtyRects: Bool
    /// Writes one line per `draw(_:)`: the rectangle and how many stamps it drew.
    var didDraw: ((CGRect, Int) -> Void)?
    private var strokes: [CGPoint] = []
    private let brush = ChalkboardView.chalk()

    init(frame: CGRect, usesDirtyRects: Bool) {
        self.usesDirtyRects = usesDirtyRects
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.12, green: 0.22, blue: 0.16, alpha: 1)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        addBrushStroke(at: point)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        addBrushStroke(at: point)
    }

    private func addBrushStroke(at point: CGPoint) {
        strokes.append(point)
        if usesDirtyRects {
            setNeedsDisplay(brushRect(for: point))
        } else {
            setNeedsDisplay()
        }
    }

    private func brushRect(for point: CGPoint) -> CGRect {
        CGRect(x: point.x - Self.brushSize / 2, y: point.y - Self.brushSize / 2, width: Self.brushSize, height: Self.brushSize)
    }

    override func draw(_ rect: CGRect) {
        var drawn = 0
        for point in strokes {
            let stamp = brushRect(for: point)
            // The full redraw draws every stamp; with dirty rectangles only those meeting `rect`.
            if usesDirtyRects && !rect.intersects(stamp) { continue }
            brush.draw(in: stamp)
            drawn += 1
        }
        didDraw?(rect, drawn)
    }

    /// The chalk stamp: a soft, speckled white disc.
    static func chalk() -> UIImage {
        let side = brushSize
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { _ in
            var seed: UInt32 = 7
            for y in 0..<Int(side) {
                for x in 0..<Int(side) {
                    seed = seed &* 1_103_515_245 &+ 12345
                    let dx = CGFloat(x) + 0.5 - side / 2, dy = CGFloat(y) + 0.5 - side / 2
                    let falloff = max(0, 1 - (dx * dx + dy * dy).squareRoot() / (side / 2))
                    let grain = CGFloat((seed >> 16) & 0xFF) / 255
                    UIColor(white: 1, alpha: falloff * (grain > 0.45 ? 0.9 : 0.15)).setFill()
                    UIRectFill(CGRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
    }
}

/// `demo chalk`: the chalkboard filling the window; `--variant full|dirty` or V switches (the board
/// starts again); `--drag X0,Y0,X1,Y1` draws one stroke through the window's touch input, a frame per
/// touch report; `--trace FILE` writes `{"type":"draw","x","y","width","height","stamps"}` per draw.
@MainActor
final class ChalkDemo {
    nonisolated static let sceneSize = CGSize(width: 300, height: 300)
    nonisolated static let variants = ["full", "dirty"]

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Chalkboard", options) { host in
            let demo = ChalkDemo(host: host, options: options)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let scene = ChalkScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)),
                                   dirty: options.variant == "dirty", trace: options.openTrace() ?? nil)
            scene.window.layer.markTreeAsRendered()
            if let drag = options.drag { scene.drag(drag) }
            return scene
        }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: ChalkScene
    private let drag: (CGPoint, CGPoint)?

    init(host: any LayerHosting, options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = ChalkScene(window: window, dirty: options.variant == "dirty", trace: DemoTrace.writer)
        drag = options.drag
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self, key.lowercased() == "v" else { return }
            scene.show(dirty: !scene.board.usesDirtyRects)
        }
        if let drag { scene.drag(drag) }
    }
}

/// The window's contents: one chalkboard filling it.
final class ChalkScene: DemoScene {
    let window: UIWindow
    private(set) var board: ChalkboardView
    private let trace: TraceWriter?
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, dirty: Bool, trace: TraceWriter?) {
        self.window = window
        self.trace = trace
        board = ChalkboardView(frame: window.bounds, usesDirtyRects: dirty)
        show(dirty: dirty)
    }

    @MainActor
    func show(dirty: Bool) {
        board.removeFromSuperview()
        board = ChalkboardView(frame: window.bounds, usesDirtyRects: dirty)
        board.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        board.didDraw = { [trace] rect, stamps in
            trace?.write(["type": "draw", "x": Double(rect.minX), "y": Double(rect.minY),
                          "width": Double(rect.width), "height": Double(rect.height), "stamps": stamps])
            trace?.flush()
        }
        window.addSubview(board)
        CATransaction.flush()
    }

    /// A press at `drag.0` and moves to `drag.1` in about 4-point steps, each report its own frame.
    @MainActor
    func drag(_ drag: (CGPoint, CGPoint)) {
        let (from, to) = drag
        let steps = max(1, Int((hypot(to.x - from.x, to.y - from.y) / 4).rounded()))
        window.dispatchTouches([.init(id: 1, phase: .began, location: from)])
        CATransaction.flush()
        for k in 1...steps {
            let t = CGFloat(k) / CGFloat(steps)
            window.dispatchTouches([.init(id: 1, phase: .moved,
                                          location: CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))])
            CATransaction.flush()
        }
        window.dispatchTouches([.init(id: 1, phase: .ended, location: to)])
        CATransaction.flush()
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

extension Demo {
    static let chalk = Demo(name: "chalk", summary: "a chalkboard of 32-point brush stamps, redrawn whole after each stamp or only in the new stamp's dirty rectangle; --variant full|dirty or V switches; --drag X0,Y0,X1,Y1 injects a stroke, --trace logs each draw(_:) (Lockwood ch. 13)",
        preferredSize: ChalkDemo.sceneSize, run: ChalkDemo.run, scene: ChalkDemo.scene, variants: ChalkDemo.variants)
}
