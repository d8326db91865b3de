#if os(Linux)
import Foundation
import XCTest
@testable import WaylandShell

/// Where a trace goes: the path opened as Unix tools open an output file, written with write(2).
final class TraceWriterTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("trace-writer-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// /dev/full fails every write with ENOSPC, as a full disk does (a small tmpfs to fill cannot be
    /// mounted without root): the writer stops instead of trapping, and takes no more lines. (Through
    /// a symlink, so that a writer that replaced its path would replace only the link.)
    func testAFailingWriteStopsTheTraceWithoutStoppingTheProgram() throws {
        let full = directory.appendingPathComponent("full").path
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        let trace = try TraceWriter(path: full)
        XCTAssertTrue(trace.isWriting)
        for i in 0..<200 { trace.write(["type": "frame", "seq": i]) }
        trace.flush()
        XCTAssertFalse(trace.isWriting, "a write error stops the tracing")
        trace.write(["type": "frame", "seq": 200])
        trace.close()
    }

    func testARegularFileIsTruncatedAndGetsEveryLineByClose() throws {
        let url = directory.appendingPathComponent("trace.jsonl")
        try "old contents\n".write(to: url, atomically: false, encoding: .utf8)
        let trace = try TraceWriter(path: url.path)
        for i in 1...100 { trace.write(["type": "frame", "seq": i]) }
        trace.close()
        let written = try lines(url)
        XCTAssertEqual(written.count, 100)
        XCTAssertEqual(written.first, #"{"seq":1,"type":"frame"}"#)
        XCTAssertEqual(written.last, #"{"seq":100,"type":"frame"}"#)
    }

    func testASymlinkStaysASymlinkAndItsTargetGetsTheLines() throws {
        let target = directory.appendingPathComponent("target.jsonl")
        let link = directory.appendingPathComponent("link.jsonl")
        try "old contents\n".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let trace = try TraceWriter(path: link.path)
        trace.write(["type": "log", "text": "through the link"])
        trace.close()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertEqual(try lines(target), [#"{"text":"through the link","type":"log"}"#])
    }

    /// A line after a quiet spell is written at once; lines that follow within `maximumDelay` wait for
    /// a flush (the render thread's, once per turn) or the 64th line.
    func testALineAfterAQuietSpellReachesTheFileAtOnce() throws {
        let url = directory.appendingPathComponent("trace.jsonl")
        let trace = try TraceWriter(path: url.path)
        trace.write(["type": "log", "text": "first"])
        XCTAssertEqual(try lines(url).count, 1, "written without a flush")
        trace.write(["type": "log", "text": "second"])
        trace.flush()
        XCTAssertEqual(try lines(url).count, 2)
        trace.close()
    }

    func testAPathThatCannotBeOpenedThrowsTheReason() {
        let path = directory.appendingPathComponent("missing/trace.jsonl").path
        XCTAssertThrowsError(try TraceWriter(path: path)) { error in
            XCTAssertEqual((error as? TraceWriterError)?.reason, "No such file or directory")
            XCTAssertEqual("\(error)", "\(path): No such file or directory")
        }
    }
}
#endif
