import Foundation

/// Files the demos write at start for listings that load a file (a movie, a texture): in the
/// temporary folder, named for the process, and removed when the process exits normally.
enum RunTimeAsset {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []

    /// Where to write the asset `name` (e.g. "Ship.webp"); it is removed at exit.
    static func url(named name: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("demo-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        lock.withLock {
            if paths.isEmpty { atexit { RunTimeAsset.removeAll() } }
            if !paths.contains(url.path) { paths.append(url.path) }
        }
        return url
    }

    private static func removeAll() {
        for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
