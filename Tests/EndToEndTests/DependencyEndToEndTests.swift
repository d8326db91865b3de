import Foundation
import XCTest

/// The library as an ordinary dependency: examples/Starter's app, in a package that depends on a
/// tagged clone of this project by URL and version (scripts/build-as-dependency), builds, and its
/// offscreen snapshot (`CA_SNAPSHOT`) shows the template's scene with its layer animating.
final class DependencyEndToEndTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheStarterBuildsAgainstATaggedCloneAndDrawsItsSpinningLayer() throws {
        let logs = try ScratchDirectory("dependency")
        defer { logs.remove() }
        let build = try ChildProcess(name: "build-as-dependency", executable: URL(fileURLWithPath: "/bin/bash"),
                                     arguments: [root.appendingPathComponent("scripts/build-as-dependency").path],
                                     environment: environment(with: [:]), logDirectory: logs.url)
        // A first build compiles the whole library (minutes on two cores); later ones reuse it.
        XCTAssertTrue(build.waitForExit(timeout: 2400), "the build did not end")
        build.stop()
        XCTAssertEqual(build.termination, .exit(0), String(build.stderr.suffix(3000)))
        XCTAssertFalse(build.stderr.contains("unsafe build flags"), build.stderr)
        let appPath = try XCTUnwrap(build.stdout.split(separator: "\n").last.map(String.init))

        // 0.375 s into the 3 s spin: the square is turned 45°, a diamond about the window's centre (its tips
        // rounded by the 24-point corners, 75 points out).
        let picture = logs.url.appendingPathComponent("starter.png")
        let app = try ChildProcess(name: "starter", executable: URL(fileURLWithPath: appPath), arguments: [],
                                   environment: environment(with: ["CA_SNAPSHOT": picture.path, "CA_SNAPSHOT_AT": "0.375",
                                                                   "WAYLAND_DISPLAY": nil]),
                                   logDirectory: logs.url)
        XCTAssertTrue(app.waitForExit(timeout: 60), "the app did not end")
        app.stop()
        XCTAssertEqual(app.termination, .exit(0), app.stderr)
        XCTAssertEqual(app.stdout, picture.path + "\n")
        let pixels = try PNGPixels(contentsOf: picture)
        XCTAssertEqual(pixels.width, 390)
        XCTAssertEqual(pixels.height, 844)
        let cx = 195, cy = 422
        func isBlue(_ p: RGB) -> Bool { p.b > 235 && p.r < 70 && (100...160).contains(p.g) }
        XCTAssertTrue(isBlue(pixels[cx, cy]), "centre \(pixels[cx, cy])")
        // Inside the diamond, outside the unturned square.
        XCTAssertTrue(isBlue(pixels[cx + 65, cy]), "right tip \(pixels[cx + 65, cy])")
        XCTAssertTrue(isBlue(pixels[cx, cy - 65]), "top tip \(pixels[cx, cy - 65])")
        // Inside the unturned square's corner, outside the diamond: the background.
        XCTAssertTrue(pixels[cx + 52, cy + 52].isWhitish, "corner \(pixels[cx + 52, cy + 52])")
        XCTAssertTrue(pixels[10, 10].isWhitish)

        // The same app from main.swift's UIApplicationMain(…, NSStringFromClass(AppDelegate.self)).
        let mainPicture = logs.url.appendingPathComponent("starter-main.png")
        let mainApp = try ChildProcess(name: "starter-main",
                                       executable: URL(fileURLWithPath: appPath).deletingLastPathComponent()
                                           .appendingPathComponent("StarterMain"),
                                       arguments: [],
                                       environment: environment(with: ["CA_SNAPSHOT": mainPicture.path,
                                                                       "CA_SNAPSHOT_AT": "0.375", "WAYLAND_DISPLAY": nil]),
                                       logDirectory: logs.url)
        XCTAssertTrue(mainApp.waitForExit(timeout: 60), "the app did not end")
        mainApp.stop()
        XCTAssertEqual(mainApp.termination, .exit(0), mainApp.stderr)
        let mainPixels = try PNGPixels(contentsOf: mainPicture)
        XCTAssertTrue(isBlue(mainPixels[cx + 65, cy]), "right tip \(mainPixels[cx + 65, cy])")
        XCTAssertTrue(mainPixels[cx + 52, cy + 52].isWhitish)
    }
}
