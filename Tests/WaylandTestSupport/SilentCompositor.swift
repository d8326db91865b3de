#if os(Linux)
import Foundation
import Glibc

/// A Unix socket where a compositor's would be that accepts connections and never answers: a hung
/// or stopped compositor, or something else listening there. `runtimeDirectory` is private (0700).
public final class SilentCompositor {
    public let runtimeDirectory: String
    public let socketName = "wayland-silent"
    public var socketPath: String { runtimeDirectory + "/" + socketName }
    private let listener: Int32
    private var accepted: [Int32] = []
    private var isStopped = false

    public init() throws {
        runtimeDirectory = NSTemporaryDirectory() + "silent-compositor-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listener >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((runtimeDirectory + "/" + socketName).utf8CString)
        guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { throw TestFailure("socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            path.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            let message = String(cString: strerror(errno))
            close(listener)
            throw TestFailure("bind/listen \(socketPath): \(message)")
        }
    }

    /// Accepts the connections waiting in the backlog (and keeps them open, silent); returns how many
    /// connections it holds in all.
    @discardableResult
    public func acceptPending() -> Int {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { break }
            accepted.append(fd)
        }
        return accepted.count
    }

    /// Closes every connection and the socket, and removes the directory.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        for fd in accepted { close(fd) }
        accepted = []
        close(listener)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
#endif
