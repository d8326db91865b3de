import CoreGraphics
import Foundation
import QuartzCore
import UIKit

/// `demo image-bench`: listing 14.6 (bench, the default, key 1) or 14.7 (hybrid, key 2), with the
/// files they load written at start.
enum ImageBenchDemo {
    static let variants = ["bench", "hybrid", "1", "2"]
    /// How long a snapshot of the bench waits for its seven results at most.
    static let settleTimeout: TimeInterval = 120

    @MainActor
    static func make(_ argument: String?, _ options: DemoOptions) -> UIViewController? {
        switch argument ?? "bench" {
        case "bench", "1": return ImageBenchViewController(minimumDuration: options.seconds ?? 1)
        case "hybrid", "2": return HybridImageViewController()
        default: return nil
        }
    }

    /// Writes the files; false after a message when that fails.
    @MainActor
    static func writeFiles() -> Bool {
        do {
            try ImageBenchFiles.write()
            return true
        } catch {
            writeStandardError("demo image-bench: cannot write the images in \(ImageBenchFiles.directory.path): \(error)\n")
            return false
        }
    }

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        guard MainActor.assumeIsolated({ writeFiles() }) else { return 1 }
        return ControllerDemo.run(title: "Image Bench", options) { make($0, options) }
    }

    /// A snapshot: the bench's results are waited for (the main run loop runs until the seven rows
    /// are filled), so that the picture shows them.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            _ = writeFiles()
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let controller = make(options.variant, options) ?? UIViewController()
            window.rootViewController = controller
            window.layoutIfNeeded()
            if let bench = controller as? ImageBenchViewController {
                let deadline = Date(timeIntervalSinceNow: settleTimeout)
                while bench.finishedRows < bench.items.count, Date() < deadline {
                    _ = RunLoop.main.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.05)))
                }
                window.layoutIfNeeded()
                CATransaction.flush()
            }
            return ScriptedScene(root: window.layer, events: [], keeping: window)
        }
    }
}

extension Demo {
    static let imageBench = Demo(name: "image-bench", summary: "image loading: PNG against JPEG (quality 0.6) at seven sizes, each loaded and drawn for at least 1 s on a background queue (--seconds S changes it), and a hybrid image, a JPEG's colours masked by a PNG converted to gray; --variant bench|hybrid or keys 1-2 (Lockwood ch. 14, listings 14.6 and 14.7; the files are generated into a temporary folder at start instead of shipping in the bundle)",
        preferredSize: CGSize(width: 480, height: 360), run: ImageBenchDemo.run, scene: ImageBenchDemo.scene,
        variants: ImageBenchDemo.variants)
}
