import Foundation

/// A private weston on the headless back end (pixman renderer), for running the real `demo` under a real
/// compositor and taking screenshots of its output.
///
/// The shell is weston's desktop shell with a plain black background and no panel. (weston 10's
/// kiosk shell never shows a window on the headless back end: it maps windows only when activating
/// them on a seat, and headless weston has no seat.) The desktop shell places a new window at a
/// random position in the output unless the window is as large as the output; the tests find the
/// window in the screenshot as the non-black rectangle, so they do not depend on where it lands.
final class HeadlessWeston {
    static let socketName = "wayland-e2e"

    let width: Int
    let height: Int
    let scratch: ScratchDirectory
    let runtimeDirectory: URL
    let process: ChildProcess

    /// The absolute path of the compositor's socket, for WAYLAND_DISPLAY.
    var display: String { runtimeDirectory.appendingPathComponent(Self.socketName).path }

    /// The environment a client of this compositor runs with.
    var clientEnvironment: [String: String] {
        environment(with: ["WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": runtimeDirectory.path,
                           "DISPLAY": nil])
    }

    static var westonExecutable: URL? { findExecutable("weston") }

    /// Starts weston and waits (at most `timeout` seconds) for its socket.
    init(width: Int = 800, height: Int = 600, timeout: TimeInterval = 10) throws {
        guard let weston = Self.westonExecutable else { throw Failure("weston is not installed") }
        self.width = width
        self.height = height
        scratch = try ScratchDirectory("e2e-weston")
        runtimeDirectory = try scratch.subdirectory("run")
        let config = scratch.url.appendingPathComponent("weston.ini")
        try """
            [core]
            idle-time=0
            [shell]
            background-color=0xff000000
            background-image=
            panel-position=none
            locking=false
            animation=none
            close-animation=none
            startup-animation=none
            focus-animation=none
            [input-method]
            path=

            """.write(to: config, atomically: true, encoding: .utf8)
        let env = environment(with: ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": nil,
                                     "WAYLAND_SOCKET": nil, "DISPLAY": nil])
        process = try ChildProcess(
            name: "weston", executable: weston,
            arguments: ["--backend=headless-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                        "--socket=\(Self.socketName)", "--idle-time=0", "--debug", "--config=\(config.path)"],
            environment: env, logDirectory: scratch.url)
        let socket = display
        let up = poll(timeout: timeout, interval: 0.05) {
            !process.isRunning || FileManager.default.fileExists(atPath: socket)
        }
        guard up, process.isRunning else {
            let log = process.stderr + process.stdout
            stop()
            throw Failure("weston did not start within \(timeout) s; its log:\n\(log.suffix(2000))")
        }
        Thread.sleep(forTimeInterval: 0.3) // the shell finishes loading just after the socket appears
    }

    /// Takes a screenshot of the whole output with weston-screenshooter (bounded by `timeout` seconds)
    /// and returns its pixels.
    func screenshot(timeout: TimeInterval = 10) throws -> PNGPixels {
        guard let shooter = findExecutable("weston-screenshooter") else {
            throw Failure("weston-screenshooter is not installed (it comes with weston)")
        }
        // weston-screenshooter writes wayland-screenshot-<time>.png into its working directory.
        let dir = try scratch.subdirectory("shot-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let child = try ChildProcess(name: "screenshooter", executable: shooter, arguments: [],
                                     environment: clientEnvironment, workingDirectory: dir, logDirectory: dir)
        guard child.waitForExit(timeout: timeout) else {
            child.stop()
            throw Failure("weston-screenshooter did not finish within \(timeout) s")
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        guard let png = files.first(where: { $0.hasPrefix("wayland-screenshot") && $0.hasSuffix(".png") }) else {
            throw Failure("weston-screenshooter wrote no screenshot (\(child.termination.map { "\($0)" } ?? "?")): \(child.stderr)")
        }
        return try PNGPixels(contentsOf: dir.appendingPathComponent(png))
    }

    /// Kills the compositor at once, as a crash would.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.pid, SIGKILL)
        process.waitForExit(timeout: 5)
    }

    /// Stops the compositor (SIGTERM, then SIGKILL) and removes its files.
    func stop() {
        process.stop()
        scratch.remove()
    }

    var log: String { process.stderr + process.stdout }
}

/// An error with a message, for setup that fails.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
