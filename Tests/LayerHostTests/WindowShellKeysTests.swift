#if os(Linux)
import Foundation
import LayerHost
import QuartzCore
import WaylandShell
import WaylandTestSupport
import XCTest

/// The keys every window of the library can answer (`WindowShellKeys`), on a real window under a
/// headless weston: the guide's pause and resume on the root layer, frame steps, slow motion, R only
/// when the owner says how, V recording what the window shows, Q writing that recording first.
final class WindowShellKeysTests: XCTestCase {
    private var weston: WestonProcess?
    private var host: WaylandLayerHost?
    private var folder: URL?

    override func tearDown() {
        host = nil
        weston?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    @MainActor
    private func makeKeys() throws -> WindowShellKeys {
        let weston = try WestonProcess(width: 400, height: 300)
        self.weston = weston
        let host = try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try WaylandLayerHost(title: "Keys", size: CGSize(width: 120, height: 80), decorations: false, renderer: .software)
        }
        self.host = host
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("shell-keys-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        let keys = WindowShellKeys(host: host, recordingName: "keys", messagePrefix: "test")
        keys.recordingFolder = folder.path
        return keys
    }

    private func press(_ keysym: WaylandKeysym, isRepeat: Bool = false) -> WaylandKeyEvent {
        WaylandKeyEvent(state: .pressed, keyCode: 0, keysym: keysym, text: nil, modifiers: [], isRepeat: isRepeat)
    }

    func testSpacePausesAtTheCurrentTimeAndArrowsStepAFrame() throws { try MainActor.assumeIsolated {
        let keys = try makeKeys()
        var said: [String] = []
        keys.announce = { said.append($0) }
        let root = host!.rootLayer
        XCTAssertTrue(keys.handle(press(.space)))
        XCTAssertTrue(keys.isPaused)
        XCTAssertEqual(root.speed, 0)
        let paused = root.timeOffset
        XCTAssertGreaterThan(paused, 0, "the local time when paused")
        XCTAssertTrue(keys.handle(press(.right)))
        XCTAssertTrue(keys.handle(press(.right, isRepeat: true)), "held arrows keep stepping")
        XCTAssertEqual(root.timeOffset, paused + 2 * WindowShellKeys.frameStep, accuracy: 1e-9)
        XCTAssertTrue(keys.handle(press(.left)))
        XCTAssertEqual(root.timeOffset, paused + WindowShellKeys.frameStep, accuracy: 1e-9)
        XCTAssertFalse(keys.handle(press(.space, isRepeat: true)), "a held Space toggles once")
        XCTAssertTrue(keys.isPaused)

        // Slow motion while paused takes effect at the resume; the local time goes on from the paused one.
        XCTAssertTrue(keys.handle(press(WaylandKeysym("s"))))
        XCTAssertTrue(keys.handle(press(.space)))
        XCTAssertFalse(keys.isPaused)
        XCTAssertEqual(root.speed, WindowShellKeys.slowMotionSpeed)
        XCTAssertEqual(root.convertTime(CACurrentMediaTime(), from: nil), paused + WindowShellKeys.frameStep, accuracy: 0.05)
        XCTAssertEqual(said.first, "paused (Left/Right step a frame, Space resumes)")
        XCTAssertTrue(said.contains("resumed"))

        keys.resetTiming()
        XCTAssertEqual(root.speed, 1)
        XCTAssertEqual(root.timeOffset, 0)
        XCTAssertFalse(keys.isSlowMotion)
    } }

    func testROnlyWhenTheOwnerRestartsAndOtherKeysPassOn() throws { try MainActor.assumeIsolated {
        let keys = try makeKeys()
        keys.announce = { _ in }
        XCTAssertFalse(keys.handle(press(WaylandKeysym("r"))), "no restart: R is not a shell key")
        var restarts = 0
        keys.restart = { restarts += 1 }
        XCTAssertTrue(keys.handle(press(WaylandKeysym("r"))))
        XCTAssertEqual(restarts, 1)
        XCTAssertFalse(keys.handle(press(WaylandKeysym("x"))))
        XCTAssertFalse(keys.handle(WaylandKeyEvent(state: .released, keyCode: 0, keysym: .space, text: nil, modifiers: [])))
        XCTAssertFalse(keys.isPaused)
    } }

    func testVRecordsTheWindowAndQWritesTheRecordingBeforeQuitting() throws { try MainActor.assumeIsolated {
        let keys = try makeKeys()
        var said: [String] = []
        keys.announce = { said.append($0) }
        var quits = 0
        keys.quit = { quits += 1 }
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        host!.rootLayer.addSublayer(square)

        XCTAssertTrue(keys.handle(press(WaylandKeysym("v"))))
        let recording = try XCTUnwrap(keys.recording)
        XCTAssertEqual(recording.path, folder!.appendingPathComponent("keys-1.webp").path)
        XCTAssertGreaterThanOrEqual(recording.frameCount, 1, "the first frame is drawn at once")
        XCTAssertTrue(keys.handle(press(.escape)))
        XCTAssertEqual(quits, 1)
        XCTAssertNil(keys.recording)
        let data = try Data(contentsOf: URL(fileURLWithPath: recording.path))
        XCTAssertEqual(String(decoding: data.prefix(4), as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: data[8..<12], as: UTF8.self), "WEBP")
        XCTAssertTrue(said.contains { $0.hasPrefix("saved \(recording.path) (") }, "\(said)")
        // The next recording takes the next free name.
        XCTAssertTrue(keys.handle(press(WaylandKeysym("v"))))
        XCTAssertEqual(keys.recording?.path, folder!.appendingPathComponent("keys-2.webp").path)
        keys.finishRecording()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder!.appendingPathComponent("keys-2.webp").path))
    } }

    func testAnOutputFileReplacesTheOldOneOnlyWhenComplete() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("output-file-\(getpid())")
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("picture.png").path
        try OutputFile.write(Data("first".utf8), to: path)
        try OutputFile.write(Data("second".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["picture.png"], "no partial file left")

        // A failure names the file and leaves no partial file (here: its folder is not there).
        let missing = folder.appendingPathComponent("gone/picture.png").path
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: missing)) { error in
            XCTAssertEqual("\(error)", "\(missing) was not written: No such file or directory")
        }
        // In a folder that takes no new file (/proc), the file at the path is kept as it was.
        XCTAssertThrowsError(try OutputFile.write(Data("x".utf8), to: "/proc/version"))
        XCTAssertTrue(try String(contentsOfFile: "/proc/version", encoding: .utf8).hasPrefix("Linux"))
    }
}
#endif
