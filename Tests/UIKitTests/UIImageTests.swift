import Foundation
import QuartzCore
import UIKit
import XCTest

/// UIImage loading, UIGraphicsImageRenderer, UIScreen and the application launch. The class is
/// nonisolated (XCTest on Linux cannot discover `@MainActor` classes); bodies assume the main actor.
final class UIImageTests: XCTestCase {
    private var directory: URL!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("UIImageTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        MainActor.assumeIsolated { UIScreen.main.overrideScale(nil) }
    }

    /// A `width`×`height` pixel image: the top half red, the bottom half blue.
    @MainActor private func makeImage(width: Int, height: Int) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
        return renderer.image { context in
            context.cgContext.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: width, height: height / 2))
            context.cgContext.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: height / 2, width: width, height: height - height / 2))
        }
    }

    private func rgba(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let p = image?.pixel(x: x, y: y) else { return [] }
        return [p.r, p.g, p.b, p.a]
    }

    func testRendererIsYDownAtTheScreenScale() { MainActor.assumeIsolated { testRendererIsYDownAtTheScreenScaleBody() } }

    @MainActor private func testRendererIsYDownAtTheScreenScaleBody() {
        XCTAssertEqual(UIScreen.main.scale, 1, "no window: 1x")
        let image = makeImage(width: 10, height: 10)
        XCTAssertEqual(rgba(image.cgImage, 3, 1), [255, 0, 0, 255], "top is y = 0")
        XCTAssertEqual(rgba(image.cgImage, 3, 8), [0, 0, 255, 255])

        UIScreen.main.overrideScale(2)
        XCTAssertEqual(UIScreen.main.scale, 2)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 5))
        let scaled = renderer.image { context in
            XCTAssertTrue(UIGraphicsGetCurrentContext() === context.cgContext)
            context.cgContext.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            context.fill(CGRect(x: 5, y: 0, width: 5, height: 5))
        }
        XCTAssertEqual(scaled.scale, 2)
        XCTAssertEqual(scaled.size, CGSize(width: 10, height: 5))
        XCTAssertEqual(scaled.cgImage?.width, 20)
        XCTAssertEqual(scaled.cgImage?.height, 10)
        XCTAssertEqual(rgba(scaled.cgImage, 12, 9), [0, 255, 0, 255])
        XCTAssertEqual(rgba(scaled.cgImage, 8, 9), [0, 0, 0, 0])
    }

    func testDataRoundTripsThroughPNGAndJPEG() { MainActor.assumeIsolated { testDataRoundTripsThroughPNGAndJPEGBody() } }

    @MainActor private func testDataRoundTripsThroughPNGAndJPEGBody() {
        let image = makeImage(width: 16, height: 16)
        let png = image.pngData()
        XCTAssertNotNil(png)
        let fromPNG = UIImage(data: png ?? Data(), scale: 2)
        XCTAssertEqual(fromPNG?.scale, 2)
        XCTAssertEqual(fromPNG?.size, CGSize(width: 8, height: 8))
        XCTAssertEqual(rgba(fromPNG?.cgImage, 4, 2), [255, 0, 0, 255])

        let jpeg = image.jpegData(compressionQuality: 0.95)
        let fromJPEG = UIImage(data: jpeg ?? Data())
        XCTAssertEqual(fromJPEG?.scale, 1)
        XCTAssertEqual(fromJPEG?.size, CGSize(width: 16, height: 16))
        let p = fromJPEG?.cgImage?.pixel(x: 4, y: 13)
        XCTAssertLessThan(Int(p?.r ?? 255), 20)
        XCTAssertGreaterThan(Int(p?.b ?? 0), 235)

        XCTAssertNil(UIImage(data: Data("not an image".utf8)))
        XCTAssertNil(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 1, 2, 3])), "a corrupt JPEG is nil")
    }

    func testDataDeclaringAHugeImageIsNil() { MainActor.assumeIsolated { testDataDeclaringAHugeImageIsNilBody() } }

    @MainActor private func testDataDeclaringAHugeImageIsNilBody() {
        // A valid small JPEG whose frame header is patched to claim 32767 × 32767 (4 GiB decoded).
        var jpeg = [UInt8](makeImage(width: 16, height: 16).jpegData(compressionQuality: 0.9) ?? Data())
        guard let sof = jpeg.indices.dropLast(9).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            return XCTFail("no frame header")
        }
        jpeg.replaceSubrange(sof + 5...sof + 8, with: [0x7F, 0xFF, 0x7F, 0xFF])
        XCTAssertNil(UIImage(data: Data(jpeg)))
    }

    func testNamedFindsScaledVariants() { MainActor.assumeIsolated { testNamedFindsScaledVariantsBody() } }

    @MainActor private func testNamedFindsScaledVariantsBody() {
        let png = makeImage(width: 8, height: 4).pngData()!
        try? png.write(to: directory.appendingPathComponent("icon@2x.png"))
        try? png.write(to: directory.appendingPathComponent("plain.png"))
        try? makeImage(width: 8, height: 4).jpegData(compressionQuality: 0.8)!
            .write(to: directory.appendingPathComponent("photo.jpg"))
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let icon = UIImage(named: "icon")
        XCTAssertEqual(icon?.scale, 2, "icon@2x.png")
        XCTAssertEqual(icon?.size, CGSize(width: 4, height: 2), "points")
        XCTAssertEqual(UIImage(named: "icon.png")?.scale, 2)
        XCTAssertEqual(UIImage(named: "plain")?.scale, 1)
        XCTAssertEqual(UIImage(named: "plain")?.size, CGSize(width: 8, height: 4))
        XCTAssertEqual(UIImage(named: "photo")?.size, CGSize(width: 8, height: 4), "JPEG by extension search")
        XCTAssertNil(UIImage(named: "missing"))

        let file = UIImage(contentsOfFile: directory.appendingPathComponent("icon@2x.png").path)
        XCTAssertEqual(file?.scale, 2)
        XCTAssertNil(UIImage(contentsOfFile: directory.appendingPathComponent("nope.png").path))
    }

    func testDrawKeepsTheImageUpright() { MainActor.assumeIsolated { testDrawKeepsTheImageUprightBody() } }

    @MainActor private func testDrawKeepsTheImageUprightBody() {
        let source = makeImage(width: 4, height: 4)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: format).image { _ in
            source.draw(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        }
        XCTAssertEqual(rgba(drawn.cgImage, 4, 1), [255, 0, 0, 255], "red stays on top")
        XCTAssertEqual(rgba(drawn.cgImage, 4, 6), [0, 0, 255, 255])
    }

    final class Delegate: UIApplicationDelegate {
        var window: UIWindow?
        var launched = 0
        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            launched += 1
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            return true
        }
    }

    func testLaunchCallsTheDelegate() { MainActor.assumeIsolated { testLaunchCallsTheDelegateBody() } }

    @MainActor private func testLaunchCallsTheDelegateBody() {
        let delegate = Delegate()
        UIApplication.shared.launch(delegate: delegate)
        UIApplication.shared.launch(delegate: Delegate())
        XCTAssertEqual(delegate.launched, 1)
        XCTAssertTrue(UIApplication.shared.delegate === delegate)
        XCTAssertTrue(UIApplication.shared.windows.first === delegate.window)
        XCTAssertEqual(UIScreen.main.scale, 1, "an unbound window: 1x")
    }
}
