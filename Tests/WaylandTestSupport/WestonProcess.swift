#if os(Linux)
import Foundation
import Glibc
import XCTest

/// A private headless weston for one test: its own XDG_RUNTIME_DIR (mode 0700) and socket.
/// Every wait is bounded; `stop()` kills it for sure and removes the directory.
public final class WestonProcess {
    public let runtimeDirectory: String
    public let socketName = "wayland-test"
    public var socketPath: String { runtimeDirectory + "/" + socketName }
    private let process = Process()
    private let logPath: String

    /// The weston binary on PATH (or the usual places), nil when weston is not installed.
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/weston" } + ["/usr/bin/weston", "/usr/local/bin/weston"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts weston headless (pixman renderer) and waits up to `timeout` seconds for its socket.
    /// Throws `XCTSkip` when weston is not installed.
    public init(width: Int = 320, height: Int = 240, timeout: TimeInterval = 10) throws {
        guard let executable = Self.executable else { throw XCTSkip("weston is not installed") }
        var template = Array("/tmp/waylandshell-tests.XXXXXX".utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        runtimeDirectory = String(cString: directory)
        chmod(runtimeDirectory, 0o700)
        logPath = runtimeDirectory + "/weston.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)

        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--backend=headless-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                             "--socket=\(socketName)", "--idle-time=0"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        process.environment = environment
        let logHandle = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()

        let deadline = Date() + timeout
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning else { throw TestFailure("weston exited early:\n\(self.log)") }
            guard Date() < deadline else {
                stop()
                throw TestFailure("weston's socket did not appear within \(timeout) s:\n\(self.log)")
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM (the compositor goes away under its clients).
    public func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Terminates weston (SIGKILL after 3 s), waits for it, and removes the runtime directory.
    public func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date() + 3
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            let hardDeadline = Date() + 2
            while process.isRunning && Date() < hardDeadline { usleep(20_000) }
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Runs `body` with an environment variable set (or unset for nil), restoring the old value after.
public func withEnvironment<T>(_ name: String, _ value: String?, _ body: () throws -> T) rethrows -> T {
    let old = getenv(name).map { String(cString: $0) }
    if let value { setenv(name, value, 1) } else { unsetenv(name) }
    defer { if let old { setenv(name, old, 1) } else { unsetenv(name) } }
    return try body()
}

/// Runs the main run loop until `condition` holds or `timeout` seconds pass; returns the condition.
@discardableResult
public func runMainLoop(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
    let deadline = Date() + timeout
    while !condition() {
        guard Date() < deadline else { return false }
        RunLoop.main.run(until: min(deadline, Date() + 0.02))
    }
    return true
}
#endif
