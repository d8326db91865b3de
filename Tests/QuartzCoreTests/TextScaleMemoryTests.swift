import Foundation
import XCTest
@testable import QuartzCore

/// Text layers redrawn at ever-changing contents scales (an output's scale or mode changing again
/// and again) keep their memory: fonts made for scales no longer in use are let go.
final class TextScaleMemoryTests: XCTestCase {
    /// Resident memory of this process in KiB (VmRSS from /proc/self/status).
    private func residentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    /// Resident memory once the allocator has handed its free pages back (`malloc_trim`), so that
    /// what is measured is what is kept, not the heap's slack.
    private func retainedKiB() -> Int {
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: Trim.self)(0) }
        return residentKiB()
    }

    private func makeTextLayers() -> [CATextLayer] {
        let fonts = ["Helvetica", "Helvetica-Bold", "Menlo-Regular", "Times-Italic", "Georgia-Bold"]
        let sizes: [CGFloat] = [11, 15, 22, 34, 52]
        var layers: [CATextLayer] = []
        for (f, font) in fonts.enumerated() {
            for (s, size) in sizes.enumerated() {
                let layer = CATextLayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 260, height: size * 2.5)
                layer.font = font
                layer.fontSize = size
                layer.isWrapped = (f + s) % 2 == 0
                layer.string = "The quick brown fox \(f)\(s) jumps over 0123456789 ÀÉÎõü"
                layers.append(layer)
            }
        }
        return layers
    }

    /// Draws every layer's backing store at `scale`.
    private func display(_ layers: [CATextLayer], atScale scale: CGFloat) {
        for layer in layers {
            layer.contentsScale = scale
            layer.setNeedsDisplay()
            layer.displayIfNeeded()
        }
    }

    func testRedrawingTextAtManyScalesKeepsMemoryFlat() {
        let layers = makeTextLayers()
        // Scales as outputs and fractional-scale steps give them, plus ones seen only once (a mode
        // change moving a window between outputs): every one is a new set of font instances.
        let common: [CGFloat] = [1, 1.25, 1.5, 2, 3]
        func scale(at step: Int) -> CGFloat {
            step % 2 == 0 ? common[(step / 2) % common.count] : 1 + CGFloat(step % 97) / 40
        }
        for step in 0..<40 { display(layers, atScale: scale(at: step)) }
        let warmedUp = retainedKiB()
        for step in 40..<400 { display(layers, atScale: scale(at: step)) }
        let growth = retainedKiB() - warmedUp
        print("text at changing scales: \(warmedUp) KiB after warm-up, grew by \(growth) KiB over 360 scale changes")
        // With one font map for every scale, Pango's caches keep about 40 MB more here before
        // levelling off; with the maps kept per scale the growth is within a few MB of zero.
        XCTAssertLessThan(growth, 16 * 1024, "retained memory grew by \(growth) KiB")
    }

    func testFontsAreKeptForTheScalesInRecentUseOnly() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 20)
        layer.string = "Hi"
        let map = TextFontMap.current
        let kept: [CGFloat] = [1, 1.5, 2, 3]
        for scale in kept { display([layer], atScale: scale) }
        let resetsBefore = map.resets
        for _ in 0..<3 { for scale in kept.reversed() { display([layer], atScale: scale) } }
        XCTAssertEqual(map.resets, resetsBefore, "scales in use must keep their fonts")
        display([layer], atScale: 1.75)
        XCTAssertEqual(map.resets, resetsBefore + 1, "a fifth scale lets the fonts of the oldest go")
    }
}
