#if os(Linux)
import Foundation

/// Writes a trace as JSON lines, one object per line (a Linux addition behind `demo … --trace FILE`).
///
/// Thread-safe: the render thread writes `{"type":"frame",…}` lines, the main thread input and
/// action lines. Times are seconds of `CACurrentMediaTime()` (CLOCK_MONOTONIC). Lines are buffered
/// and written out at least every 64 lines and on `flush()`/`close()`; `close()` runs at exit.
public final class TraceWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle
    private var buffer = Data()
    private var pendingLines = 0
    private var isClosed = false

    /// Creates (truncating) the file at `path`.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
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

    private func append(_ line: Data) {
        lock.lock(); defer { lock.unlock() }
        guard !isClosed else { return }
        buffer.append(line)
        buffer.append(0x0A)
        pendingLines += 1
        if pendingLines >= 64 { writeOut() }
    }

    /// Writes the buffered lines to the file.
    public func flush() {
        lock.lock(); defer { lock.unlock() }
        writeOut()
    }

    /// Flushes and closes the file; later writes are ignored.
    public func close() {
        lock.lock(); defer { lock.unlock() }
        guard !isClosed else { return }
        writeOut()
        isClosed = true
        try? handle.close()
    }

    private func writeOut() {
        guard !buffer.isEmpty, !isClosed else { return }
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
        pendingLines = 0
    }
}
#endif
