import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UILabel`'s shrinking to fit (`adjustsFontSizeToFitWidth`, `minimumScaleFactor`,
/// `baselineAdjustment`) and its text shadow (`shadowColor`, `shadowOffset`), by value and by pixels.
final class UILabelFittingTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    private let longText = "A line of text far too long for its label"

    @MainActor private func label(width: CGFloat, _ configure: (UILabel) -> Void = { _ in }) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: 40))
        label.text = longText
        label.font = .systemFont(ofSize: 20)
        label.backgroundColor = .white
        configure(label)
        label.layoutIfNeeded()
        return label
    }

    func testDefaultsAreApples() { MainActor.assumeIsolated {
        let label = UILabel()
        XCTAssertFalse(label.adjustsFontSizeToFitWidth)
        XCTAssertEqual(label.minimumScaleFactor, 0)
        XCTAssertEqual(label.baselineAdjustment, .alignBaselines)
        XCTAssertNil(label.shadowColor)
        XCTAssertEqual(label.shadowOffset, CGSize(width: 0, height: -1))
        XCTAssertEqual(UIBaselineAdjustment.alignCenters.rawValue, 1)
        XCTAssertEqual(UIBaselineAdjustment.none.rawValue, 2)
    } }

    func testALineTooWideShrinksUntilItFits() { MainActor.assumeIsolated {
        let fixed = label(width: 120)
        XCTAssertEqual(fixed.textLayer.fontSize, 20, "no shrinking unless asked")
        let shrunk = label(width: 120) { $0.adjustsFontSizeToFitWidth = true }
        let size = shrunk.textLayer.fontSize
        XCTAssertLessThan(size, 20)
        XCTAssertGreaterThan(size, 2)
        let width = TextMeasurer.size(of: longText, fontName: shrunk.font.fontName, pointSize: size, width: nil, maxLines: 1).width
        XCTAssertLessThanOrEqual(width, 120)
        XCTAssertGreaterThan(width, 100, "the largest size that fits, not much smaller")
        XCTAssertEqual(shrunk.font.pointSize, 20, "the font property keeps its size")
        // Text that fits keeps its size.
        let short = label(width: 300) { $0.text = "Fits"; $0.adjustsFontSizeToFitWidth = true }
        XCTAssertEqual(short.textLayer.fontSize, 20)
    } }

    func testMinimumScaleFactorLimitsTheShrinking() { MainActor.assumeIsolated {
        let limited = label(width: 60) { $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 0.75 }
        XCTAssertEqual(limited.textLayer.fontSize, 15, accuracy: 0.001)
        let unlimited = label(width: 60) { $0.adjustsFontSizeToFitWidth = true }
        XCTAssertLessThan(unlimited.textLayer.fontSize, 15)
    } }

    func testSeveralLinesDoNotShrink() { MainActor.assumeIsolated {
        let wrapped = label(width: 60) { $0.adjustsFontSizeToFitWidth = true; $0.numberOfLines = 0 }
        XCTAssertEqual(wrapped.textLayer.fontSize, 20)
    } }

    func testShrunkTextIsDrawnSmallerAndWhole() { MainActor.assumeIsolated {
        let dark: ([Int]) -> Bool = { $0[0] < 128 }
        let plain = renderedPixels(of: label(width: 160)).box(where: dark)
        let shrunk = renderedPixels(of: label(width: 160) { $0.adjustsFontSizeToFitWidth = true }).box(where: dark)
        guard let plain, let shrunk else { return XCTFail("no ink") }
        XCTAssertLessThan(shrunk.height, plain.height * 0.8, "smaller glyphs")
        XCTAssertGreaterThan(shrunk.width, 140, "the whole line across the width")
    } }

    func testBaselineAdjustmentPlacesShrunkText() { MainActor.assumeIsolated {
        @MainActor func top(_ mode: UIBaselineAdjustment) -> CGFloat {
            label(width: 100) { $0.adjustsFontSizeToFitWidth = true; $0.baselineAdjustment = mode }.textLayer.frame.minY
        }
        let full = label(width: 100).textLayer.frame
        XCTAssertEqual(top(.none), full.minY, "tops aligned")
        XCTAssertGreaterThan(top(.alignBaselines), top(.none), "smaller text sits lower on the same baseline")
        let centred = label(width: 100) { $0.adjustsFontSizeToFitWidth = true; $0.baselineAdjustment = .alignCenters }
        XCTAssertEqual(centred.textLayer.frame.midY, 20, accuracy: 1)
    } }

    func testTheShadowIsDrawnAtItsOffset() { MainActor.assumeIsolated {
        @MainActor func make(_ configure: @escaping (UILabel) -> Void) -> UILabel {
            label(width: 300) { $0.text = "Shadow"; configure($0) }
        }
        let red: ([Int]) -> Bool = { $0[0] > 200 && $0[1] < 80 && $0[2] < 80 }
        // White text on white: only a shadow shows.
        let none = renderedPixels(of: make { $0.textColor = .white })
        XCTAssertEqual(none.count(where: red), 0)
        let shadowed = make { $0.textColor = .white; $0.shadowColor = .red; $0.shadowOffset = CGSize(width: 3, height: 4) }
        XCTAssertEqual(shadowed.textLayer.shadowOpacity, 1)
        let image = renderedPixels(of: shadowed)
        XCTAssertGreaterThan(image.count(where: red), 30)
        let ink = renderedPixels(of: make { $0.textColor = .black }).box(where: { $0[0] < 100 })
        let shadow = image.box(where: red)
        guard let ink, let shadow else { return XCTFail("no ink") }
        XCTAssertEqual(shadow.minX - ink.minX, 3, accuracy: 1, "right by the offset's width")
        XCTAssertEqual(shadow.minY - ink.minY, 4, accuracy: 1, "down by the offset's height")
    } }
}
