import CoreGraphics
import Foundation

/// Which back end turns render trees into pixels (a Linux addition: on Apple platforms the render
/// server chooses). `CA_RENDERER=gl` or `CA_RENDERER=software` in the environment chooses for any
/// program; a demo's `--renderer` option overrides it.
public enum CARenderBackend: String, CaseIterable, Sendable {
    /// OpenGL ES through EGL (`GLESRenderer`); where no EGL context can be had, the software renderer
    /// draws instead, after one line on standard error naming what failed.
    case gl
    /// cairo and pixman on the CPU (`SoftwareRenderer`).
    case software

    /// The back end `CA_RENDERER` names, or nil when it is unset (or names neither: one line on
    /// standard error says so).
    public static var environmentChoice: CARenderBackend? {
        guard let value = ProcessInfo.processInfo.environment["CA_RENDERER"], !value.isEmpty else { return nil }
        if let backend = CARenderBackend(rawValue: value.lowercased()) { return backend }
        warnOnce("CA_RENDERER=\(value) is not gl or software; using the default")
        return nil
    }

    /// The back end `CA_RENDERER` names, or `fallback` when it is unset. An unknown value prints one
    /// line on standard error and gives `fallback`.
    public static func fromEnvironment(default fallback: CARenderBackend) -> CARenderBackend {
        guard let value = ProcessInfo.processInfo.environment["CA_RENDERER"], !value.isEmpty else { return fallback }
        if let backend = CARenderBackend(rawValue: value.lowercased()) { return backend }
        warnOnce("CA_RENDERER=\(value) is not gl or software; using \(fallback.rawValue)")
        return fallback
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var warned = Set<String>()

    /// Prints `message` on standard error once per process.
    package static func warnOnce(_ message: String) {
        lock.lock()
        let first = warned.insert(message).inserted
        lock.unlock()
        if first { writeStandardError("\(message)\n") }
    }

    /// The one line on standard error (once per reason) that says GL gave way to software, whichever
    /// step failed: no EGL, no context, no window surface, a failed swap, a lost context.
    package static func reportFallback(_ reason: Any) {
        warnOnce("OpenGL ES renderer unavailable: \(reason); drawing in software")
    }

    /// A renderer of this kind for offscreen drawing: for `.gl`, a `GLESRenderer` when EGL and GLES
    /// work here, otherwise (one line on standard error, once) the software renderer.
    package func makeOffscreenRenderer() -> Renderer {
        switch self {
        case .software:
            return SoftwareRenderer()
        case .gl:
            do {
                return try GLESRenderer.offscreen()
            } catch {
                Self.reportFallback(error)
                return SoftwareRenderer()
            }
        }
    }
}
