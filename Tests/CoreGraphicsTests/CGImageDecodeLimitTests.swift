@testable import CoreGraphics
import Foundation
import XCTest

/// The decode limit and the checks of declared sizes before allocation (CGImage+DecodeLimit.swift).
final class CGImageDecodeLimitTests: XCTestCase {
    /// A hostile header costs at most this much memory; honouring it would cost gigabytes.
    private let hostileBudget = 100 << 20

    private func png(_ data: Data) -> CGImage? {
        CGImage(pngDataProviderSource: CGDataProvider(data: data)!, decode: nil, shouldInterpolate: true,
                intent: .defaultIntent)
    }

    private func jpeg(_ data: Data) -> CGImage? {
        CGImage(jpegDataProviderSource: CGDataProvider(data: data)!, decode: nil, shouldInterpolate: true,
                intent: .defaultIntent)
    }

    /// Decodes in `body` and checks it returned nil without the peak memory growing past the budget.
    private func assertRefusedCheaply(_ what: String, _ body: () -> CGImage?, file: StaticString = #filePath,
                                      line: UInt = #line) throws {
        var image: CGImage?
        let growth = try XCTUnwrap(PeakMemory.growth { image = body() }, "no /proc/self/clear_refs", file: file, line: line)
        XCTAssertNil(image, what, file: file, line: line)
        XCTAssertLessThan(growth, hostileBudget, "\(what): peak memory grew by \(growth >> 20) MiB", file: file, line: line)
    }

    func testA742ByteJPEGClaiming32767SquaredIsRefusedCheaply() throws {
        let hostile = HandMadeImageFiles.jpeg(CGImageJPEGTests.redBlueJPEG, declaring: 32767, 32767, padTo: 742)
        XCTAssertEqual(hostile.count, 742)
        try assertRefusedCheaply("32767×32767 JPEG in 742 bytes") { jpeg(hostile) }
    }

    func testAPNGWhoseHeaderClaims32767SquaredIsRefusedCheaply() throws {
        let hostile = HandMadeImageFiles.png(width: 32767, height: 32767, idat: [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF])
        try assertRefusedCheaply("32767×32767 PNG") { png(hostile) }
    }

    func testAJPEGWithFewerBitsThanBlocksIsRefusedEvenUnderTheLimit() throws {
        // 8000 × 8000 is under the limit, but 742 bytes cannot hold a million 8×8 blocks.
        let hostile = HandMadeImageFiles.jpeg(CGImageJPEGTests.redBlueJPEG, declaring: 8000, 8000, padTo: 742)
        XCTAssertLessThanOrEqual(8000 * 8000, CGImage.maximumDecodedPixelCount)
        try assertRefusedCheaply("8000×8000 JPEG in 742 bytes") { jpeg(hostile) }
    }

    func testAPNGWhoseRowsCannotInflateFromItsBytesIsRefused() throws {
        let hostile = HandMadeImageFiles.png(width: 8000, height: 8000, idat: [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF])
        try assertRefusedCheaply("8000×8000 PNG with a 7-byte IDAT") { png(hostile) }
    }

    func testOnePixelOverTheLimitIsRefused() {
        let side = 8192
        XCTAssertEqual(side * side, CGImage.maximumDecodedPixelCount)
        XCTAssertNil(jpeg(HandMadeImageFiles.jpeg(CGImageJPEGTests.redBlueJPEG, declaring: side + 1, side, padTo: 2 << 20)))
        XCTAssertNotNil(CGImage.decodedSizeRefusal(width: side + 1, height: side, format: "PNG"))
        XCTAssertNil(CGImage.decodedSizeRefusal(width: side, height: side, format: "PNG"))
        XCTAssertNotNil(CGImage.decodedSizeRefusal(width: 40000, height: 1, format: "PNG"), "cairo's 32767 a side")
    }

    func testAPNGAtTheLimitDecodes() throws {
        // 1-bit gray keeps the file at 8 MiB; decoded it takes the full 256 MiB.
        let side = 8192
        let file = HandMadeImageFiles.png(width: side, height: side, bitDepth: 1, colorType: 0)
        let image = try XCTUnwrap(png(file))
        XCTAssertEqual(image.width, side)
        XCTAssertEqual(image.height, side)
        XCTAssertEqual(pixel(image, x: side - 1, y: side - 1), .black)
    }

    func testAJPEGCutShortDecodesAsFarAsItsDataGoes() throws {
        // Top half red, bottom half blue, 64 × 256: the cut falls in the blue half.
        let context = makeContext(width: 64, height: 256)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 256))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 128, width: 64, height: 128))   // y-up: the top half
        let whole = try XCTUnwrap(context.makeImage()?.jpegData(quality: 1))
        let cut = try XCTUnwrap(jpeg(whole.prefix(whole.count * 3 / 4)))
        XCTAssertEqual(cut.width, 64)
        XCTAssertEqual(cut.height, 256)
        let top = pixel(cut, x: 10, y: 10), bottom = pixel(cut, x: 10, y: 255)
        XCTAssertGreaterThan(top.r, 200, "decoded rows keep their colour: \(top)")
        XCTAssertEqual(bottom, RGBA(0x80, 0x80, 0x80, 255), "rows past the data are gray")
    }

    func testAPNGCutShortIsRefused() throws {
        let file = HandMadeImageFiles.png(width: 512, height: 512)
        XCTAssertNotNil(png(file))
        XCTAssertNil(png(file.prefix(file.count / 2)))
    }

    func testRefusalsWriteOneLineOnStderrOnce() throws {
        let hostile = HandMadeImageFiles.jpeg(CGImageJPEGTests.redBlueJPEG, declaring: 32767, 32767, padTo: 742)
        CGImage.forgetReportedRefusals()
        let output = try capturingStandardError {
            for _ in 0..<5 { _ = jpeg(hostile) }
        }
        let lines = output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line for five refusals: \(output)")
        XCTAssertTrue(lines.first?.contains("32767×32767") == true, output)
        XCTAssertTrue(lines.first?.contains("maximumDecodedPixelCount") == true, output)
    }

    /// What `body` writes on file descriptor 2.
    private func capturingStandardError(_ body: () -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let file = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        defer { unlink(path) }
        let saved = dup(2)
        dup2(file, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(file)
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
