#if os(Linux)
import Foundation
import Glibc

/// Writes a trace as JSON lines, one object per line (a Linux addition behind `demo … --trace FILE`).
///
/// Thread-safe: the render thread writes `{"type":"frame",…}` lines, the main thread input and
/// action lines. Times are seconds of `CACurrentMediaTime()` (CLOCK_MONOTONIC).
///
/// The path is opened as any Unix tool opens an output file (`open(2)` with `O_WRONLY|O_CREAT|O_TRUNC`):
/// a symlink is followed, a FIFO or a character device (`/dev/stdout`) is written to, and only a
/// regular file is truncated. Lines are buffered and written with `write(2)`: at least every 64
/// lines, at once when nothing was written for `maximumDelay`, on `flush()` (a window's render
/// thread flushes before it sleeps, so a killed program loses at most about a frame's lines) and on
/// `close()`, which also runs at `exit()` for writers still open. A write that fails (a full disk)
/// stops the tracing with one line on standard error naming the file and the error; the program
/// goes on.
public final class TraceWriter: @unchecked Sendable {
    /// The path the trace was opened at (as given).
    public let path: String
    private let lock = NSLock()
    private var fd: Int32
    private var buffer = Data()
    private var pendingLines = 0
    private var lastWriteOut: Double = 0
    /// Closed, or stopped by a write error: later lines are dropped.
    private var isClosed = false

    /// Lines wait at most this long (seconds) for later ones to share their write, counted from the
    /// previous write; a line after a quiet spell is written at once.
    static let maximumDelay = 0.1
    /// Lines written together at most.
    static let maximumPendingLines = 64

    /// Opens (creating with mode 0644, truncating a regular file) the file at `path`.
    /// - Throws: `TraceWriterError` naming the path and the reason (`strerror`).
    public init(path: String) throws {
        self.path = path
        let opened = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw TraceWriterError(path: path, errno: errno) }
        fd = opened
        Self.ignoreBrokenPipeIfPipe(opened)
        TraceWriterRegistry.add(self)
    }

    deinit { close() }

    /// Writes one line: `object` as JSON (keys sorted; values: strings, numbers, booleans, nil or
    /// `NSNull` for null, arrays and dictionaries of those).
    public func write(_ object: [String: Any?]) {
        let clean = object.mapValues { $0 ?? NSNull() }
        guard let data = try? JSONSerialization.data(withJSONObject: clean, options: [.sortedKeys]) else { return }
        append(data)
    }

    /// Writes one line: `value` encoded as JSON.
    public func write<Value: Encodable>(_ value: Value) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return }
        append(data)
    }

    /// Whether lines still reach the file (false once closed or stopped by a write error).
    public var isWriting: Bool {
        lock.lock(); defer { lock.unlock() }
        return !isClosed
    }

    private func append(_ line: Data) {
        lock.lock(); defer { lock.unlock() }
        guard !isClosed else { return }
        buffer.append(line)
        buffer.append(0x0A)
        pendingLines += 1
        if pendingLines >= Self.maximumPendingLines || Self.monotonicNow() - lastWriteOut >= Self.maximumDelay {
            writeOut()
        }
    }

    /// Writes the buffered lines to the file (nothing when none wait: no system call).
    public func flush() {
        lock.lock(); defer { lock.unlock() }
        writeOut()
    }

    /// Flushes and closes the file; later writes are ignored.
    public func close() {
        lock.lock(); defer { lock.unlock() }
        closeLocked()
    }

    /// `close()`, waiting at most `seconds` for a writer blocked on its file (a FIFO nobody reads):
    /// the exit path must not hang on it.
    func close(waitingAtMost seconds: Double) {
        guard lock.lock(before: Date(timeIntervalSinceNow: seconds)) else { return }
        defer { lock.unlock() }
        closeLocked()
    }

    private func closeLocked() {
        guard !isClosed else { return }
        writeOut()
        stop()
    }

    private func stop() {
        isClosed = true
        buffer = Data()
        pendingLines = 0
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    /// Writes the whole buffer (retrying after signals and short writes); on an error says so once
    /// and stops tracing.
    private func writeOut() {
        guard !buffer.isEmpty, !isClosed else { return }
        lastWriteOut = Self.monotonicNow()
        let failure: Int32? = buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        pendingLines = 0
        if let failure {
            Diagnostics.error("trace \(path): \(WaylandError.errorString(failure)); tracing stopped")
            stop()
        }
    }

    /// A pipe or socket whose reader goes away must end the tracing (EPIPE), not the program: the
    /// default action of SIGPIPE is set to ignore (a handler the program installed is kept).
    private static func ignoreBrokenPipeIfPipe(_ fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return }
        let type = status.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFSOCK else { return }
        var current = sigaction()
        guard sigaction(SIGPIPE, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { return }
        signal(SIGPIPE, SIG_IGN)
    }

    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A trace file that cannot be opened.
public struct TraceWriterError: Error, CustomStringConvertible {
    public let path: String
    /// The reason, as `strerror` words it ("Permission denied").
    public let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = WaylandError.errorString(code)
    }

    public var description: String { "\(path): \(reason)" }
}

/// The open trace writers, closed (flushed) when the program calls `exit()` without closing them:
/// every way out of the program keeps what was traced.
private enum TraceWriterRegistry {
    private static let lock = NSLock()
    private final class Weak { weak var writer: TraceWriter?; init(_ w: TraceWriter) { writer = w } }
    nonisolated(unsafe) private static var writers: [Weak] = []
    nonisolated(unsafe) private static var installed = false

    static func add(_ writer: TraceWriter) {
        lock.lock(); defer { lock.unlock() }
        writers.removeAll { $0.writer == nil }
        writers.append(Weak(writer))
        if !installed {
            installed = true
            atexit { TraceWriterRegistry.closeAll() }
        }
    }

    static func closeAll() {
        lock.lock()
        let open = writers.compactMap(\.writer)
        lock.unlock()
        for writer in open { writer.close(waitingAtMost: 1) }
    }
}
#endif
