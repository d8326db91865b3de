import Foundation

/// A child process whose stdout and stderr go to files in a scratch directory (so a chatty child can
/// never block on a full pipe), with bounded waits and a terminate-then-kill stop.
///
/// Every wait takes a timeout in seconds; nothing here blocks without one.
final class ChildProcess {
    let process = Process()
    let name: String
    let stdoutURL: URL
    let stderrURL: URL

    /// Starts `executable` with `arguments`. `environment` replaces the child's environment entirely.
    init(name: String, executable: URL, arguments: [String], environment: [String: String],
         workingDirectory: URL? = nil, logDirectory: URL) throws {
        self.name = name
        stdoutURL = logDirectory.appendingPathComponent("\(name).stdout")
        stderrURL = logDirectory.appendingPathComponent("\(name).stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Waits up to `timeout` seconds for the process to end; true when it has.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// SIGTERM, then SIGKILL when it is still running after `grace` seconds; waits (bounded) for the end.
    func stop(grace: TimeInterval = 2) {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        if waitForExit(timeout: grace) { return }
        kill(pid, SIGKILL)
        waitForExit(timeout: 5)
    }

    /// How it ended: `.exit(status)` or `.signal(number)`; nil while it runs.
    var termination: Termination? {
        guard !process.isRunning else { return nil }
        switch process.terminationReason {
        case .exit: return .exit(process.terminationStatus)
        case .uncaughtSignal: return .signal(process.terminationStatus)
        @unknown default: return .exit(process.terminationStatus)
        }
    }

    enum Termination: Equatable, CustomStringConvertible {
        case exit(Int32)
        case signal(Int32)
        var description: String {
            switch self {
            case .exit(let status): return "exit status \(status)"
            case .signal(let number): return "signal \(number)"
            }
        }
    }

    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// The non-empty lines of stderr.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// The current environment with the given changes (nil removes a variable).
func environment(with changes: [String: String?]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for (key, value) in changes { env[key] = value }
    return env
}

/// Polls `condition` every `interval` seconds until it holds or `timeout` seconds pass.
func poll(timeout: TimeInterval, interval: TimeInterval = 0.1, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}

/// Finds an executable on PATH (and in the usual system directories).
func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
    for dir in dirs where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
        return URL(fileURLWithPath: "\(dir)/\(name)")
    }
    return nil
}

/// A private scratch directory, mode 0700 (usable as XDG_RUNTIME_DIR), removed by `remove()`.
final class ScratchDirectory {
    let url: URL
    init(_ prefix: String) throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }
    func subdirectory(_ name: String) throws -> URL {
        let sub = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return sub
    }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
