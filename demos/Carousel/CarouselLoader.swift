import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The carousel's image loading as the trace sees it, and the work still under way.
///
/// Every strategy loads through `load(_:index:)`, which calls `UIImage(contentsOfFile:)` as the
/// listings do. In this project that call reads the file *and decodes it* at once (cairo for PNG,
/// libjpeg for JPEG, into the `CGImage`'s pixels; nothing is decompressed later when the image is
/// drawn, unlike iOS, which defers it), so the thread that calls it is the thread that decodes. Trace
/// lines (thread-safe): `{"type":"load","strategy","index","main"}` before, and
/// `{"type":"decode","strategy","index","main","ms","width","height"}` after, with the decode's wall time;
/// `{"type":"redraw","strategy","index","main"}` for the forced-decompression redraws (listings 14.3,
/// 14.5) and `{"type":"show","strategy","index","cached"}` when a cell gets its image.
final class CarouselLoader: @unchecked Sendable {
    let paths: [String]
    let strategy: Int
    private let trace: TraceWriter?

    // Main thread only.
    /// Background loads whose results have not come back to the main thread.
    private var loadsInFlight = 0

    init(paths: [String], strategy: Int, trace: TraceWriter?) {
        self.paths = paths
        self.strategy = strategy
        self.trace = trace
    }

    private func write(_ line: [String: Any?]) {
        trace?.write(line)
        trace?.flush()
    }

    /// Loads and decodes image `index` on the calling thread (`UIImage(contentsOfFile:)`).
    func load(index: Int) -> UIImage? {
        let main = Thread.isMainThread
        write(["type": "load", "strategy": strategy, "index": index, "main": main])
        let start = DispatchTime.now().uptimeNanoseconds
        let image = UIImage(contentsOfFile: paths[index])
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        write(["type": "decode", "strategy": strategy, "index": index, "main": main, "ms": (ms * 100).rounded() / 100,
               "width": image?.cgImage?.width ?? 0, "height": image?.cgImage?.height ?? 0])
        return image
    }

    /// Notes a redraw of a loaded image into a new context (forcing decompression on iOS).
    func redrew(index: Int) {
        write(["type": "redraw", "strategy": strategy, "index": index, "main": Thread.isMainThread])
    }

    func shown(index: Int, cached: Bool) {
        write(["type": "show", "strategy": strategy, "index": index, "cached": cached])
    }

    // MARK: Work under way (main thread)

    /// A background load starts; `loadEnded` when its result reached the main thread.
    @MainActor func loadBegan() { loadsInFlight += 1 }
    @MainActor func loadEnded() { loadsInFlight -= 1 }

    /// Whether background loads are still under way.
    @MainActor var isBusy: Bool { loadsInFlight > 0 }
}
