import Foundation
import XCTest

/// A private sway on wlroots' headless back end (pixman renderer), started as scripts/headless.sh's
/// `start_sway` starts it: one output HEADLESS-1 of `width` x `height` at (0,0), 60 Hz, no borders, no
/// Xwayland, a black background (swaybg, when installed), no input devices (`WLR_LIBINPUT_NO_DEVICES=1`;
/// the pointer comes from `wl-pointer-tool`, keys from `wtype`), screenshots with `grim`, commands with
/// `swaymsg`.
///
/// sway refuses to run as root. As root it runs as the unprivileged system user `wlci` (created when
/// missing), and the test process still connects: the runtime directory belongs to wlci with the test
/// process's group, mode 2770 (setgid, so the sockets sway creates there get that group), and sway runs
/// with umask 007, so its Wayland and IPC sockets are `srwxrwx--- wlci:<our group>`. The demo, grim,
/// wtype, swaymsg and wl-pointer-tool run as root and connect through the group (they would even
/// without CAP_DAC_OVERRIDE).
///
/// Every wait is bounded; `stop()` ends sway (IPC exit, then SIGTERM, then SIGKILL) and removes its files.
final class HeadlessSway {
    static var swayExecutable: URL? { findExecutable("sway") }
    static let unprivilegedUser = "wlci"

    let width: Int
    let height: Int
    let scratch: ScratchDirectory
    let runtimeDirectory: URL
    /// `runuser` (as root) or `sh` running sway.
    let process: ChildProcess
    /// Found once sway is up (named by its IPC socket).
    private(set) var display = ""
    private(set) var ipcSocket = ""
    /// sway's own pid (from its IPC socket's name): as root, `process` is runuser, which does not exec.
    private(set) var swayPID: Int32 = 0

    /// The environment a client of this compositor runs with (absolute WAYLAND_DISPLAY, SWAYSOCK).
    var clientEnvironment: [String: String] {
        environment(with: ["WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": runtimeDirectory.path,
                           "SWAYSOCK": ipcSocket, "WAYLAND_SOCKET": nil, "DISPLAY": nil, "WAYLAND_DEBUG": nil])
    }

    /// Starts sway and waits (at most `timeout` seconds) for its sockets and its black background.
    init(width: Int = 800, height: Int = 600, timeout: TimeInterval = 10) throws {
        guard let sway = Self.swayExecutable else { throw Failure("sway is not installed") }
        self.width = width
        self.height = height
        scratch = try ScratchDirectory("e2e-sway")
        runtimeDirectory = scratch.url.appendingPathComponent("run")
        let asRoot = geteuid() == 0
        let hasSwaybg = findExecutable("swaybg") != nil
        let config = scratch.url.appendingPathComponent("sway.cfg")
        try ([
            "xwayland disable",
            "output HEADLESS-1 resolution \(width)x\(height) position 0 0",
            hasSwaybg ? "output HEADLESS-1 bg #000000 solid_color" : "",
            "default_border none",
            "default_floating_border none",
            "focus_follows_mouse no",
        ].joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)

        // wlci must read the config and write its log: the scratch directory is opened to it.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
        let swayEnvironment = [
            "PATH": "/usr/bin:/bin", "HOME": scratch.url.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        let launch = "umask \(asRoot ? "007" : "077"); exec \"$0\" -c \"$1\""
        do {
            if asRoot {
                try Self.ensureUnprivilegedUser()
                try Self.run("/usr/bin/install", ["-d", "-o", Self.unprivilegedUser, "-g", "\(getegid())", "-m", "2770",
                                                   runtimeDirectory.path])
                process = try ChildProcess(
                    name: "sway", executable: URL(fileURLWithPath: "/usr/sbin/runuser"),
                    arguments: ["-u", Self.unprivilegedUser, "--", "/usr/bin/env", "-i"]
                        + swayEnvironment.map { "\($0.key)=\($0.value)" }
                        + ["/bin/sh", "-c", launch, sway.path, config.path],
                    environment: environment(with: [:]), logDirectory: scratch.url)
            } else {
                try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                process = try ChildProcess(name: "sway", executable: URL(fileURLWithPath: "/bin/sh"),
                                           arguments: ["-c", launch, sway.path, config.path],
                                           environment: swayEnvironment, logDirectory: scratch.url)
            }
        } catch {
            scratch.remove()
            throw error
        }

        var found = (wayland: "", ipc: "")
        let up = poll(timeout: timeout, interval: 0.05) {
            guard process.isRunning else { return true }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) { found.ipc = ipc }
            if let wl = names.first(where: { $0.range(of: #"^wayland-[0-9]+$"#, options: .regularExpression) != nil }) {
                found.wayland = wl
            }
            return !found.ipc.isEmpty && !found.wayland.isEmpty
        }
        guard up, process.isRunning else {
            let log = process.stderr + process.stdout
            stop()
            throw Failure("sway did not start within \(timeout) s; its log:\n\(log.suffix(2000))")
        }
        display = runtimeDirectory.appendingPathComponent(found.wayland).path
        ipcSocket = runtimeDirectory.appendingPathComponent(found.ipc).path
        // sway-ipc.<uid>.<pid>.sock
        swayPID = Int32(found.ipc.split(separator: ".").dropFirst(2).first ?? "") ?? 0

        // Ready when IPC answers and (with swaybg) the background has turned black.
        var lastProblem = ""
        let ready = poll(timeout: timeout, interval: 0.1) {
            guard process.isRunning else { return true }
            do {
                let outputs = try swaymsg(["-t", "get_outputs"])
                guard outputs.contains("HEADLESS-1") else { lastProblem = "no HEADLESS-1 in get_outputs"; return false }
                guard hasSwaybg else { return true }
                let shot = try screenshot()
                let corner = shot[0, 0]
                lastProblem = "background pixel (0,0) is \(corner), waiting for swaybg's black"
                return corner.isBlack
            } catch {
                lastProblem = "\(error)"
                return false
            }
        }
        guard ready, process.isRunning else {
            let log = self.log
            stop()
            throw Failure("sway did not become ready within \(timeout) s (\(lastProblem)); its log:\n\(log.suffix(2000))")
        }
    }

    /// Creates the unprivileged user sway runs as when the tests run as root.
    private static func ensureUnprivilegedUser() throws {
        if getpwnam(unprivilegedUser) != nil { return }
        try run("/usr/sbin/useradd", ["-M", "-r", "-s", "/usr/sbin/nologin", unprivilegedUser])
    }

    /// Runs a short setup command (bounded), throwing with its output when it fails.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], environment env: [String: String]? = nil,
                    timeout: TimeInterval = 10) throws -> String {
        let logs = try ScratchDirectory("e2e-cmd")
        defer { logs.remove() }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let child = try ChildProcess(name: name, executable: URL(fileURLWithPath: path), arguments: arguments,
                                     environment: env ?? environment(with: [:]), logDirectory: logs.url)
        guard child.waitForExit(timeout: timeout) else {
            child.stop()
            throw Failure("\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        guard child.termination == .exit(0) else {
            throw Failure("\(name) \(arguments.joined(separator: " ")) failed (\(child.termination.map { "\($0)" } ?? "?")): \(child.stderr)\(child.stdout)")
        }
        return child.stdout
    }

    /// Runs `swaymsg` with `arguments` against this sway and returns its output; throws when it fails.
    @discardableResult
    func swaymsg(_ arguments: [String], timeout: TimeInterval = 5) throws -> String {
        guard let swaymsg = findExecutable("swaymsg") else { throw Failure("swaymsg is not installed (it comes with sway)") }
        return try Self.run(swaymsg.path, ["-s", ipcSocket] + arguments, environment: clientEnvironment, timeout: timeout)
    }

    /// A screenshot of the whole output with grim (bounded by `timeout` seconds).
    func screenshot(timeout: TimeInterval = 10) throws -> PNGPixels {
        guard let grim = findExecutable("grim") else { throw Failure("grim is not installed (apt-get install grim)") }
        let file = scratch.url.appendingPathComponent("shot-\(UUID().uuidString.prefix(8)).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.run(grim.path, [file.path], environment: clientEnvironment, timeout: timeout)
        return try PNGPixels(contentsOf: file)
    }

    /// Types with wtype (bounded); `arguments` are wtype's own (e.g. ["q"], ["-k", "Escape"]).
    ///
    /// The seat has a keyboard only while wtype's virtual keyboard exists, and a client binds its
    /// wl_keyboard only once the seat announces one: keys sent at once can arrive before any client
    /// keyboard exists and be lost. So wtype first sleeps `settle` milliseconds (`-s`).
    func type(_ arguments: [String], settle: Int = 250, timeout: TimeInterval = 5) throws {
        guard let wtype = findExecutable("wtype") else { throw Failure("wtype is not installed (apt-get install wtype)") }
        try Self.run(wtype.path, ["-s", "\(settle)"] + arguments, environment: clientEnvironment, timeout: timeout)
    }

    /// Drives the virtual pointer with the wl-pointer-tool built next to the tests (see its usage).
    func pointer(_ arguments: [String], timeout: TimeInterval = 10) throws {
        let tool = try PointerTool.locate().get()
        try Self.run(tool.path, arguments, environment: clientEnvironment, timeout: timeout)
    }

    /// The rectangle (in the output layout) of the window of the client with process id `pid`, from the tree.
    func windowRect(pid: Int32) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let json = try swaymsg(["-t", "get_tree", "-r"])
        guard let tree = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        func search(_ node: [String: Any]) -> [String: Any]? {
            if (node["pid"] as? Int).map(Int32.init) == pid { return node }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] {
                    if let found = search(child) { return found }
                }
            }
            return nil
        }
        guard let node = search(tree), let rect = node["rect"] as? [String: Any],
              let x = rect["x"] as? Int, let y = rect["y"] as? Int,
              let w = rect["width"] as? Int, let h = rect["height"] as? Int else { return nil }
        return (x, y, w, h)
    }

    /// Kills sway at once, as a crash would.
    func kill() {
        if swayPID > 0 { Glibc.kill(swayPID, SIGKILL) }
        process.waitForExit(timeout: 5)
        if process.isRunning { process.stop() }
    }

    /// Stops sway (IPC exit, SIGTERM, then SIGKILL) and removes its files.
    func stop() {
        if swayPID > 0, process.isRunning {
            _ = try? swaymsg(["exit"], timeout: 2)
            if !process.waitForExit(timeout: 2) {
                Glibc.kill(swayPID, SIGTERM)
                if !process.waitForExit(timeout: 2) { Glibc.kill(swayPID, SIGKILL) }
            }
        }
        process.stop()
        scratch.remove()
    }

    /// sway's log (as root it comes through runuser's stdout/stderr).
    var log: String { process.stderr + process.stdout }
}

/// The `wl-pointer-tool` executable built with the tests, next to `demo`.
enum PointerTool {
    static func locate() -> Result<URL, Failure> {
        let url = DemoBinary.buildDirectory.appendingPathComponent("wl-pointer-tool")
        if FileManager.default.isExecutableFile(atPath: url.path) { return .success(url) }
        return .failure(Failure("wl-pointer-tool is not at \(url.path): build it with the tests (`swift build --build-tests`)"))
    }
}
