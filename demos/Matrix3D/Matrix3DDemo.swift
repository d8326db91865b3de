import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo matrix3d` (Lockwood listings 15.3–15.5): a scrolling 3D matrix of layers; keys 1–3 (or
/// `--variant 1|2|3`) choose every layer of 10×10×10, culling to the visible layers of 100×100×10,
/// or culling with recycling. Each update writes `{"type":"displayed","count","total","recycled"}` to
/// the trace and a line to standard error, as the listings log. `--offset X,Y` starts scrolled there.
@MainActor
final class Matrix3DDemo {
    nonisolated static let sceneSize = CGSize(width: 400, height: 400)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "3D Matrix", options) { host in
            let demo = Matrix3DDemo(host: host, options: options)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let trace = options.openTrace() ?? nil
            return Matrix3DScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), options: options, trace: trace)
        }
    }

    nonisolated static func strategy(_ options: DemoOptions) -> Matrix3DViewController.Strategy {
        options.variant.flatMap(Int.init).flatMap(Matrix3DViewController.Strategy.init(rawValue:)) ?? .recycled
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: Matrix3DScene

    init(host: any LayerHosting, options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = Matrix3DScene(window: window, options: options, trace: DemoTrace.writer)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self, let n = Int(key), let strategy = Matrix3DViewController.Strategy(rawValue: n) else { return }
            scene.show(strategy)
        }
    }
}

/// The window with the matrix's view controller as its root.
final class Matrix3DScene: DemoScene {
    let window: UIWindow
    private let trace: TraceWriter?
    private let offset: CGPoint?
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, options: DemoOptions, trace: TraceWriter?) {
        self.window = window
        self.trace = trace
        offset = options.contentOffset
        show(Matrix3DDemo.strategy(options))
    }

    @MainActor
    func show(_ strategy: Matrix3DViewController.Strategy) {
        let controller = Matrix3DViewController(strategy: strategy)
        controller.didUpdate = { [trace] displayed, total, recycled in
            trace?.write(["type": "displayed", "count": displayed, "total": total, "recycled": recycled])
            trace?.flush()
            writeStandardError("displayed: \(displayed)/\(total) recycled: \(recycled)\n")
        }
        window.rootViewController = controller
        window.layoutIfNeeded()
        if let offset { controller.scrollView.contentOffset = offset }
        CATransaction.flush()
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

extension Demo {
    static let matrix3d = Demo(name: "matrix3d", summary: "a scrolling 3D matrix of layers seen in perspective: every layer of 10x10x10, only the visible ones of 100x100x10, or those recycled from a pool; --variant or keys 1-3, --offset X,Y; logs displayed/total/recycled (Lockwood ch. 15)",
        preferredSize: Matrix3DDemo.sceneSize, run: Matrix3DDemo.run, scene: Matrix3DDemo.scene,
        variants: ["1", "2", "3"])
}
