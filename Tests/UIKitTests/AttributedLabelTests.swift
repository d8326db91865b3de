import CoreGraphics
@testable import UIKit
import XCTest

/// `UILabel.attributedText` and `UIButton`'s attributed titles, as Apple's: the attributes are drawn,
/// plain text replaces them.
final class AttributedLabelTests: XCTestCase {
    func testAttributedTextSetsTheTextAndPlainTextReplacesIt() { MainActor.assumeIsolated {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let styled = NSMutableAttributedString(string: "Big small", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
        styled.addAttribute(.font, value: UIFont.systemFont(ofSize: 10), range: NSRange(location: 4, length: 5))
        label.attributedText = styled
        XCTAssertEqual(label.text, "Big small")
        XCTAssertEqual(label.attributedText, styled)
        XCTAssertGreaterThan(label.intrinsicContentSize.height, 30, "measured with the 30-point run")
        label.text = "plain"
        XCTAssertEqual(label.attributedText?.string, "plain")
        let font = label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont
        XCTAssertEqual(font?.pointSize, 17, "plain text comes back in the label's font")
        XCTAssertLessThan(label.intrinsicContentSize.height, 30)
    } }

    func testTheLabelDrawsTheRunsColours() { MainActor.assumeIsolated {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        let styled = NSMutableAttributedString(string: "RRRR", attributes: [.font: UIFont.boldSystemFont(ofSize: 24)])
        styled.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 4))
        label.attributedText = styled
        let pixels = renderedPixels(of: label)
        XCTAssertGreaterThan(pixels.count { $0[0] > 200 && $0[1] < 80 && $0[2] < 80 && $0[3] > 200 }, 30, "red glyphs")
    } }

    func testAButtonsAttributedTitleWins() { MainActor.assumeIsolated {
        let button = UIButton(type: .system)
        button.setTitle("plain", for: .normal)
        button.setAttributedTitle(NSAttributedString(string: "styled", attributes: [.kern: 2]), for: .normal)
        XCTAssertEqual(button.currentTitle, "styled")
        XCTAssertEqual(button.titleLabel?.text, "styled")
        XCTAssertEqual(button.attributedTitle(for: .highlighted)?.string, "styled", "falls back to .normal's")
        button.setAttributedTitle(nil, for: .normal)
        XCTAssertEqual(button.titleLabel?.text, "plain")
    } }
}
