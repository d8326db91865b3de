import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// The comparison of a rendered picture with a reference PNG in `Golden/` (docs/GOLDEN.md), shared by
/// `GoldenImageTests` and `AnimationGoldenStripTests`.
///
/// Tolerance: every channel within 2 for at least 99.5% of the pixels and within 16 everywhere, after
/// the same PNG round trip as the reference. On a failure the worst pixel is printed and the actual
/// picture is written to `$TMPDIR/golden-actual/NAME.png`. With `GOLDEN_UPDATE=1`
/// (scripts/update-golden-images) the picture is written into `Golden/` instead of compared.
enum GoldenImage {
    /// Where the references live in the source tree (written by GOLDEN_UPDATE=1).
    static var sourceDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// How close a picture must be: every channel within `near` for at least `share` of the pixels
    /// and within `worst` for at least `worstShare` of them (1: everywhere).
    struct Tolerance {
        var near = 2
        var share = 0.995
        var worst = 16
        var worstShare = 1.0
    }

    /// The software renderer's tolerance (the references are its pictures).
    static let software = Tolerance()
    /// The OpenGL ES renderer's (docs/GOLDEN.md: where and why its pixels differ).
    /// Its edges are antialiased by the shader (box coverage, or a distance ramp at rounded corners)
    /// where cairo computes areas, and layers in perspective are drawn directly rather than flattened
    /// and warped: edge pixels differ, and under perspective by much (the cubes' 2-point borders).
    static let gl = Tolerance(near: 2, share: 0.97, worst: 32, worstShare: 0.99)

    static func tolerance(_ backend: CARenderBackend) -> Tolerance { backend == .gl ? gl : software }

    /// Each back end in turn (`CARenderBackend.allCases`): the goldens hold for both.
    static let backends = CARenderBackend.allCases

    static func assertMatches(_ png: Data, _ name: String, backend: CARenderBackend = .software,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let tolerance = tolerance(backend)
        if backend != .software { return try compare(png, name, backend: backend, tolerance, file: file, line: line) }
        if ProcessInfo.processInfo.environment["GOLDEN_UPDATE"] == "1" {
            let url = sourceDirectory.appendingPathComponent("\(name).png")
            try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
            try png.write(to: url)
            print("golden: wrote \(url.path)")
            return
        }
        try compare(png, name, backend: backend, tolerance, file: file, line: line)
    }

    private static func compare(_ png: Data, _ name: String, backend: CARenderBackend, _ tolerance: Tolerance,
                                file: StaticString, line: UInt) throws {
        let label = backend == .software ? name : "\(name) (\(backend.rawValue))"

        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("golden-actual/\(name)\(backend == .software ? "" : "-" + backend.rawValue).png")
        func keepActual() -> String {
            try? FileManager.default.createDirectory(at: actualURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? png.write(to: actualURL)
            return actualURL.path
        }
        guard let referenceURL = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden"),
              let referenceData = try? Data(contentsOf: referenceURL),
              let reference = decode(referenceData)
        else {
            return XCTFail("\(label): no reference Golden/\(name).png (scripts/update-golden-images makes it); actual: \(keepActual())",
                           file: file, line: line)
        }
        // Compare after the same PNG round trip as the reference (un-premultiply, then premultiply).
        guard let actual = decode(png) else { return XCTFail("\(label): the actual PNG does not decode", file: file, line: line) }
        guard actual.width == reference.width, actual.height == reference.height else {
            return XCTFail("\(label): size \(actual.width)x\(actual.height), reference \(reference.width)x\(reference.height); actual: \(keepActual())",
                           file: file, line: line)
        }
        var within2 = 0, withinWorst = 0
        var worst = (difference: 0, x: 0, y: 0, actual: [UInt8](), reference: [UInt8]())
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual.pixel(x: x, y: y), r = reference.pixel(x: x, y: y)
                let av = [a.r, a.g, a.b, a.a], rv = [r.r, r.g, r.b, r.a]
                let d = zip(av, rv).map { abs(Int($0) - Int($1)) }.max()!
                if d <= tolerance.near { within2 += 1 }
                if d <= tolerance.worst { withinWorst += 1 }
                if d > worst.difference { worst = (d, x, y, av, rv) }
            }
        }
        let total = actual.width * actual.height
        let share = Double(within2) / Double(total)
        let worstShare = Double(withinWorst) / Double(total)
        if share < tolerance.share || worstShare < tolerance.worstShare {
            XCTFail("""
                \(label): \(within2)/\(total) pixels (\(String(format: "%.2f", share * 100))%) within \(tolerance.near) (need \(String(format: "%.1f", tolerance.share * 100))%); \
                worst pixel (\(worst.x), \(worst.y)): RGBA \(worst.actual), reference \(worst.reference), \
                difference \(worst.difference); \(String(format: "%.2f", worstShare * 100))% within \(tolerance.worst) \
                (need \(String(format: "%.1f", tolerance.worstShare * 100))%); actual: \(keepActual()), reference: \(referenceURL.path)
                """, file: file, line: line)
        }
    }

    static func decode(_ data: Data) -> CGImage? {
        guard let provider = CGDataProvider(data: data) else { return nil }
        return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}
