import Foundation

/// The `demo` executable built with the tests: it lies next to the test bundle (`swift build
/// --build-tests` builds both into the same directory, e.g. `.build/debug`).
enum DemoBinary {
    /// The directory holding the running test bundle.
    static var buildDirectory: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The `demo` executable, or a message saying where it was looked for.
    static func locate() -> Result<URL, Failure> {
        let url = buildDirectory.appendingPathComponent("demo")
        if FileManager.default.isExecutableFile(atPath: url.path) { return .success(url) }
        return .failure(Failure("""
            the demo executable is not at \(url.path): build it with the tests \
            (`swift build --build-tests`, which scripts/test runs) before `swift test`
            """))
    }

    /// Where the tests leave screenshots and logs for a person to look at (inside the build directory).
    static var artifactsDirectory: URL { buildDirectory.appendingPathComponent("end-to-end") }
}
