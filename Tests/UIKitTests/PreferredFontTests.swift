import QuartzCore
@testable import UIKit
import XCTest

/// Dynamic Type fonts and font metrics at the default content size category.
final class PreferredFontTests: XCTestCase {
    func testTextStylesHaveApplesSizesAtLarge() {
        let expected: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.subheadline, 15),
            (.body, 17), (.callout, 16), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in expected {
            XCTAssertEqual(UIFont.preferredFont(forTextStyle: style).pointSize, size, style.rawValue)
        }
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .headline).fontName, ".SFUI-Semibold")
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body).fontName, ".SFUI-Regular")
        XCTAssertEqual(UIFont.TextStyle.largeTitle.rawValue, "UICTFontTextStyleTitle0")
    }

    func testCompatibleTraitsChooseTheCategory() {
        let big = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body, compatibleWith: big).pointSize, 23)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection()).pointSize, 17)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body, compatibleWith: nil).pointSize, 17)
        let small = UITraitCollection(preferredContentSizeCategory: .extraSmall)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .largeTitle, compatibleWith: small).pointSize, 31)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: UIFont.TextStyle("unknown"), compatibleWith: nil).pointSize, 17)
    }

    func testFontMetricsScaleFromLarge() {
        let font = UIFont.systemFont(ofSize: 20)
        XCTAssertEqual(UIFontMetrics.default.scaledFont(for: font).pointSize, 20, "unchanged at .large")
        XCTAssertEqual(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 10), 10)
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        XCTAssertEqual(UIFontMetrics.default.scaledValue(for: 17, compatibleWith: xxxl), 23, accuracy: 1e-9)
        XCTAssertEqual(UIFontMetrics.default.scaledFont(for: font, compatibleWith: xxxl).pointSize, 20 * 23 / 17,
                       accuracy: 1e-9)
        XCTAssertEqual(UIFontMetrics.default.scaledFont(for: font, maximumPointSize: 22, compatibleWith: xxxl).pointSize, 22)
        XCTAssertEqual(UIFontMetrics.default.scaledFont(for: font, compatibleWith: xxxl).fontName, font.fontName)
    }
}
