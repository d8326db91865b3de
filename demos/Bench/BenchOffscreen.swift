import CoreGraphics
import Foundation
import QuartzCore

/// `demo bench --steps F [--layers N] [--renderer gl|software]`: the benchmark scene rendered offscreen,
/// F frames 1/60 s apart on a frozen clock, each evaluated by a render server and drawn whole into an
/// 800×600 bitmap (the GL back end reads each frame back into it); prints frames per second and CPU
/// time per frame (all threads, the GL driver's included). No compositor is needed: it measures the
/// renderers alone (with a GPU, the GPU's throughput).
enum BenchOffscreen {
    static func run(_ options: DemoOptions) -> Int32 {
        let frames = max(options.steps ?? 300, 1)
        let count = options.layers ?? BenchDemo.defaultLayers
        let backend = options.renderer ?? CARenderBackend.fromEnvironment(default: .gl)
        CAMediaClock.freeze(at: 0)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: BenchScene.windowSize)
        let scene = BenchScene(root: root, count: count)
        CATransaction.flush()
        let renderer = backend.makeOffscreenRenderer()
        let name = (renderer as? GLESRenderer).map { "gl (\($0.rendererName))" } ?? "software"
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        guard let ctx = CGContext(data: nil, width: Int(BenchScene.windowSize.width), height: Int(BenchScene.windowSize.height),
                                  bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else {
            writeStandardError("demo bench: no 800x600 bitmap\n")
            return 1
        }
        // One frame first: uploads and compilation are not what is measured.
        _ = server.draw(in: ctx, scale: 1, atMediaTime: 0)
        let cpu0 = BenchDemo.cpuSeconds(), wall0 = Date()
        for f in 1...frames {
            _ = server.draw(in: ctx, scale: 1, atMediaTime: Double(f) / 60)
        }
        let cpu = BenchDemo.cpuSeconds() - cpu0, wall = Date().timeIntervalSince(wall0)
        print(String(format: "bench offscreen: %d layers, %d frames, renderer %@: %.1f fps, %.2f ms CPU per frame",
                     count, frames, name, Double(frames) / wall, cpu * 1000 / Double(frames)))
        withExtendedLifetime(scene) {}
        return 0
    }
}
