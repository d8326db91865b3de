import Foundation
import XCTest

/// A test case that runs `demo NAME --snapshot FILE.png ARGS` with no Wayland display and decodes
/// the picture; scratch directories are removed after each test, the pictures kept as artifacts.
class DemoSnapshotTestCase: XCTestCase {
    private var scratches: [ScratchDirectory] = []
    /// What the last `snapshot` printed on standard error.
    var lastStderr = ""

    /// A scratch directory removed after the test.
    func makeScratchDirectory(_ name: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(name)
        scratches.append(dir)
        return dir
    }

    override func tearDown() {
        for scratch in scratches { scratch.remove() }
        scratches = []
        super.tearDown()
    }

    /// Runs `demo demoName --snapshot <file> arguments…`, asserts a clean exit with the file's path
    /// on stdout, saves the picture as `name` among the artifacts and returns it.
    func snapshot(demo demoName: String, _ arguments: [String], saveAs name: String,
                  environment extra: [String: String?] = [:]) throws -> PNGPixels {
        let exe: URL
        switch DemoBinary.locate() {
        case .success(let url): exe = url
        case .failure(let failure): XCTFail(failure.description); throw failure
        }
        let dir = try makeScratchDirectory("e2e-\(demoName)")
        let path = dir.url.appendingPathComponent("\(demoName).png").path
        let demo = try ChildProcess(name: "demo", executable: exe, arguments: [demoName, "--snapshot", path] + arguments,
                                    environment: environment(with: [
                                        "WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere", "XDG_RUNTIME_DIR": dir.url.path,
                                        "WAYLAND_SOCKET": nil, "DISPLAY": nil,
                                    ].merging(extra) { $1 }), workingDirectory: dir.url, logDirectory: dir.url)
        if !demo.waitForExit(timeout: 20) {
            demo.stop()
            XCTFail("demo \(demoName) did not end within 20 s")
        }
        XCTAssertEqual(demo.termination, .exit(0), "stderr: \(demo.stderr)")
        // The path is the last line (Chipmunk's debug build announces itself first in `crates`).
        XCTAssertEqual(demo.stdout.split(separator: "\n").last.map(String.init), path)
        lastStderr = demo.stderr
        let image = try PNGPixels(contentsOf: URL(fileURLWithPath: path))
        try? FileManager.default.createDirectory(at: DemoBinary.artifactsDirectory, withIntermediateDirectories: true)
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent(name))
        return image
    }
}
