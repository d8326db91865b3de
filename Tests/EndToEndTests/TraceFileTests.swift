import Foundation
import XCTest

/// What `--trace PATH` writes to, as any Unix tool's output file: `demo flash --snapshot … --trace PATH`
/// writes one `{"type":"displayLink",…}` line per display-link call (about 60) without a compositor.
final class TraceFileTests: DemoSnapshotTestCase {
    /// /dev/full fails every write with ENOSPC as a full disk does (a small tmpfs to fill cannot be
    /// mounted without root, so this character device is the honest stand-in): one line names the file
    /// and the error, the tracing stops, and the demo still ends normally with its picture. The demo
    /// is given a symlink to it, so that a writer that replaced its path would replace only the link.
    func testAFullDiskStopsTheTraceWithOneLineAndTheDemoGoesOn() throws {
        let dir = try makeScratchDirectory("trace-full")
        let full = dir.url.appendingPathComponent("full").path
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        _ = try snapshot(demo: "flash", ["--at", "2", "--trace", full], saveAs: "flash-trace-full.png")
        let traceLines = lastStderr.split(separator: "\n").filter { $0.contains("trace") }
        XCTAssertEqual(traceLines, ["demo: trace \(full): No space left on device; tracing stopped"], lastStderr)
    }

    func testASymlinkStaysASymlinkAndItsTargetGetsTheLines() throws {
        let dir = try makeScratchDirectory("trace-link")
        let target = dir.url.appendingPathComponent("target.jsonl")
        let link = dir.url.appendingPathComponent("link.jsonl")
        try "stale\n".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        _ = try snapshot(demo: "flash", ["--at", "2", "--trace", link.path], saveAs: "flash-trace-link.png")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path,
                       "the link was replaced")
        let calls = displayLinkCalls(try String(contentsOf: target, encoding: .utf8))
        XCTAssertTrue((59...63).contains(calls), "about 60 calls through the link, got \(calls)")
        XCTAssertFalse(try String(contentsOf: target, encoding: .utf8).contains("stale"), "a regular target is truncated")
    }

    /// A thread of the test reads the FIFO (opened before the demo starts, so the demo's open does
    /// not wait) until the demo closes it.
    func testAFIFOIsWrittenToItsReader() throws {
        let dir = try makeScratchDirectory("trace-fifo")
        let fifo = dir.url.appendingPathComponent("trace.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0, String(cString: strerror(errno)))
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let reader = FIFOReader(fd: fd)
        reader.start()
        _ = try snapshot(demo: "flash", ["--at", "2", "--trace", fifo], saveAs: "flash-trace-fifo.png")
        XCTAssertTrue(reader.waitForEnd(timeout: 10), "the reader saw no end of the trace within 10 s")
        var status = stat()
        XCTAssertEqual(stat(fifo, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO was replaced")
        let calls = displayLinkCalls(reader.text)
        XCTAssertTrue((59...63).contains(calls), "about 60 calls through the FIFO, got \(calls): \(reader.text.prefix(300))")
    }

    private func displayLinkCalls(_ text: String) -> Int {
        text.split(separator: "\n").filter { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"] as? String == "displayLink"
        }.count
    }
}

/// Reads a non-blocking FIFO on a thread until its writer, having written, closes it (or `stop`).
private final class FIFOReader: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var data = Data()
    private var ended = false
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32) { self.fd = fd }

    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }

    func start() {
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            var sawWriter = false
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                lock.lock(); let stop = stopped; lock.unlock()
                if stop { break }
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&pfd, 1, 50)
                let n = read(fd, &chunk, chunk.count)
                if n > 0 {
                    sawWriter = true
                    lock.lock(); data.append(contentsOf: chunk[0..<n]); lock.unlock()
                } else if n == 0 {
                    // End of file: no writer. Before the demo opened the FIFO that means "not yet".
                    if sawWriter { lock.lock(); ended = true; lock.unlock(); break }
                    usleep(20_000)
                }
            }
            done.signal()
        }.start()
    }

    /// Waits up to `timeout` seconds for the writer's close; true when it came.
    func waitForEnd(timeout: TimeInterval) -> Bool {
        if done.wait(timeout: .now() + timeout) == .timedOut {
            lock.lock(); stopped = true; lock.unlock()
            _ = done.wait(timeout: .now() + 1)
        }
        lock.lock(); defer { lock.unlock() }
        return ended
    }
}
