import QuartzCore
@testable import UIKit
import XCTest

/// UIStackView: the arranged-subview list, each distribution and alignment, hidden views, margins,
/// sizes from constraints, and the stack's own content size for the constraint solver.
final class UIStackViewTests: XCTestCase {
    override func tearDown() { CATransaction.flush() }

    private func frames(_ views: [UIView]) -> [CGRect] { MainActor.assumeIsolated { views.map(\.frame) } }

    private func assertFrames(_ views: [UIView], _ expected: [CGRect], file: StaticString = #filePath, line: UInt = #line) {
        let actual = frames(views)
        XCTAssertEqual(actual.count, expected.count, file: file, line: line)
        for (f, e) in zip(actual, expected) {
            for (a, b) in [(f.minX, e.minX), (f.minY, e.minY), (f.width, e.width), (f.height, e.height)] {
                XCTAssertEqual(a, b, accuracy: 1e-6, "\(actual) != \(expected)", file: file, line: line)
            }
        }
    }

    /// A horizontal stack of `views` in a `width`×60 frame, laid out.
    @MainActor private func row(_ views: [UIView], width: CGFloat = 200, spacing: CGFloat = 10,
                                _ configure: (UIStackView) -> Void = { _ in }) -> UIStackView {
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: width, height: 60)
        stack.spacing = spacing
        configure(stack)
        stack.layoutIfNeeded()
        return stack
    }

    // MARK: The list

    func testDefaultsAndApplesValues() { MainActor.assumeIsolated {
        let stack = UIStackView()
        XCTAssertEqual(stack.axis, .horizontal)
        XCTAssertEqual(stack.distribution, .fill)
        XCTAssertEqual(stack.alignment, .fill)
        XCTAssertEqual(stack.spacing, 0)
        XCTAssertFalse(stack.isLayoutMarginsRelativeArrangement)
        XCTAssertFalse(stack.isBaselineRelativeArrangement)
        XCTAssertEqual(UIStackView.Alignment.top, .leading)
        XCTAssertEqual(UIStackView.Alignment.bottom, .trailing)
        XCTAssertEqual(UIStackView.Alignment.center.rawValue, 3)
        XCTAssertEqual(UIStackView.Alignment.lastBaseline.rawValue, 5)
        XCTAssertEqual(UIStackView.Distribution.equalCentering.rawValue, 4)
        XCTAssertEqual(NSLayoutConstraint.Axis.vertical.rawValue, 1)
    } }

    func testArrangedSubviewsAreSubviewsAndRemovalKeepsTheSubview() { MainActor.assumeIsolated {
        let a = UIView(), b = UIView(), c = UIView()
        let stack = UIStackView(arrangedSubviews: [a, b])
        XCTAssertEqual(stack.arrangedSubviews, [a, b])
        XCTAssertEqual(stack.subviews, [a, b])
        XCTAssertFalse(a.translatesAutoresizingMaskIntoConstraints, "the stack view places its views itself")
        stack.insertArrangedSubview(c, at: 0)
        XCTAssertEqual(stack.arrangedSubviews, [c, a, b])
        XCTAssertEqual(stack.subviews, [a, b, c], "a new view is added as the last subview")
        stack.insertArrangedSubview(b, at: 1)
        XCTAssertEqual(stack.arrangedSubviews, [c, b, a], "inserting an arranged view moves it")
        stack.removeArrangedSubview(b)
        XCTAssertEqual(stack.arrangedSubviews, [c, a])
        XCTAssertTrue(b.superview === stack, "removeArrangedSubview leaves it a subview, as Apple documents")
        a.removeFromSuperview()
        XCTAssertEqual(stack.arrangedSubviews, [c], "removeFromSuperview also ends the arrangement")
        stack.setCustomSpacing(4, after: c)
        XCTAssertEqual(stack.customSpacing(after: c), 4)
        XCTAssertEqual(stack.customSpacing(after: b), UIStackView.spacingUseDefault)
    } }

    // MARK: Distributions

    func testFillStretchesTheViewThatHugsLeast() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40)
        let stack = row([a, b])
        // 200 − 80 − 10 = 110 more; equal hugging: the last view takes it. Across: the full height.
        assertFrames([a, b], [CGRect(x: 0, y: 0, width: 50, height: 60), CGRect(x: 60, y: 0, width: 140, height: 60)])
        b.setContentHuggingPriority(.required, for: .horizontal)
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        assertFrames([a, b], [CGRect(x: 0, y: 0, width: 160, height: 60), CGRect(x: 170, y: 0, width: 30, height: 60)])
    } }

    func testFillShrinksTheLeastCompressionResistantFirst() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40)
        let stack = row([a, b], width: 70)
        // 20 points short: equal resistance, the last view gives.
        assertFrames([a, b], [CGRect(x: 0, y: 0, width: 50, height: 60), CGRect(x: 60, y: 0, width: 10, height: 60)])
        b.setContentCompressionResistancePriority(.required, for: .horizontal)
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        assertFrames([a, b], [CGRect(x: 0, y: 0, width: 30, height: 60), CGRect(x: 40, y: 0, width: 30, height: 60)])
    } }

    func testFillEquallyAndProportionally() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40), c = UIView()
        _ = row([a, b, c]) { $0.distribution = .fillEqually }
        assertFrames([a, b, c], [CGRect(x: 0, y: 0, width: 60, height: 60), CGRect(x: 70, y: 0, width: 60, height: 60),
                                 CGRect(x: 140, y: 0, width: 60, height: 60)])
        let d = SizedView(50, 20), e = SizedView(30, 40)
        _ = row([d, e], width: 170) { $0.distribution = .fillProportionally }
        assertFrames([d, e], [CGRect(x: 0, y: 0, width: 100, height: 60), CGRect(x: 110, y: 0, width: 60, height: 60)])
    } }

    func testEqualSpacingAndEqualCentering() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40)
        _ = row([a, b]) { $0.distribution = .equalSpacing }
        assertFrames([a, b], [CGRect(x: 0, y: 0, width: 50, height: 60), CGRect(x: 170, y: 0, width: 30, height: 60)])
        let c = SizedView(20, 10), d = SizedView(40, 10), e = SizedView(20, 10)
        _ = row([c, d, e]) { $0.distribution = .equalCentering }
        // Centres 10, 100, 190: equally far apart.
        assertFrames([c, d, e], [CGRect(x: 0, y: 0, width: 20, height: 60), CGRect(x: 80, y: 0, width: 40, height: 60),
                                 CGRect(x: 180, y: 0, width: 20, height: 60)])
        // Too little room for the spacing: the minimum spacing holds.
        let f = SizedView(50, 10), g = SizedView(50, 10)
        _ = row([f, g], width: 100, spacing: 20) { $0.distribution = .equalSpacing }
        assertFrames([f, g], [CGRect(x: 0, y: 0, width: 50, height: 60), CGRect(x: 70, y: 0, width: 30, height: 60)])
    } }

    // MARK: Alignment, hiding, margins

    func testAlignmentsAcrossAVerticalStack() { MainActor.assumeIsolated {
        func placed(_ alignment: UIStackView.Alignment) -> CGRect {
            let a = SizedView(40, 20)
            let stack = UIStackView(arrangedSubviews: [a, SizedView(10, 10)])
            stack.axis = .vertical
            stack.alignment = alignment
            stack.frame = CGRect(x: 0, y: 0, width: 100, height: 30)
            stack.layoutIfNeeded()
            return a.frame
        }
        XCTAssertEqual(placed(.fill), CGRect(x: 0, y: 0, width: 100, height: 20))
        XCTAssertEqual(placed(.leading), CGRect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(placed(.center), CGRect(x: 30, y: 0, width: 40, height: 20))
        XCTAssertEqual(placed(.trailing), CGRect(x: 60, y: 0, width: 40, height: 20))
        XCTAssertEqual(placed(.firstBaseline), placed(.leading), "baselines unknown: aligned as leading")
        XCTAssertEqual(placed(.lastBaseline), placed(.leading))
    } }

    func testHiddenViewsTakeNoSpaceAndShowingOneLaysOutAgain() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40), c = SizedView(20, 10)
        let stack = row([a, b, c]) { $0.distribution = .fillEqually }
        b.isHidden = true
        stack.layoutIfNeeded()
        // Two visible views and one gap: (200 − 10) / 2 each.
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 95, height: 60))
        XCTAssertEqual(c.frame, CGRect(x: 105, y: 0, width: 95, height: 60))
        XCTAssertEqual(b.frame.width, 0)
        b.isHidden = false
        stack.layoutIfNeeded()
        XCTAssertEqual(b.frame, CGRect(x: 70, y: 0, width: 60, height: 60))
    } }

    func testMarginsRelativeArrangementAndCustomSpacing() { MainActor.assumeIsolated {
        let a = SizedView(50, 20), b = SizedView(30, 40)
        let stack = row([a, b]) {
            $0.isLayoutMarginsRelativeArrangement = true
            $0.layoutMargins = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
            $0.alignment = .top
        }
        stack.setCustomSpacing(30, after: a)
        stack.layoutIfNeeded()
        assertFrames([a, b], [CGRect(x: 10, y: 5, width: 50, height: 20), CGRect(x: 90, y: 5, width: 100, height: 40)])
    } }

    func testSizeConstraintsOnArrangedViewsCount() { MainActor.assumeIsolated {
        let plain = UIView(), sized = SizedView(30, 30)
        plain.widthAnchor.constraint(equalToConstant: 44).isActive = true
        plain.heightAnchor.constraint(equalToConstant: 12).isActive = true
        _ = row([plain, sized]) { $0.distribution = .equalSpacing; $0.alignment = .center }
        assertFrames([plain, sized], [CGRect(x: 0, y: 24, width: 44, height: 12), CGRect(x: 170, y: 15, width: 30, height: 30)])
    } }

    // MARK: With constraints

    func testAStackPlacedByConstraintsTakesItsContentSize() { MainActor.assumeIsolated {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = SizedView(50, 20), b = SizedView(30, 40)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.spacing = 10
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            stack.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
        ])
        container.layoutIfNeeded()
        XCTAssertEqual(stack.frame, CGRect(x: 20, y: 30, width: 90, height: 40))
        assertFrames([a, b], [CGRect(x: 0, y: 10, width: 50, height: 20), CGRect(x: 60, y: 0, width: 30, height: 40)])
        // A hidden view shrinks the stack in its superview too.
        b.isHidden = true
        container.layoutIfNeeded()
        XCTAssertEqual(stack.frame, CGRect(x: 20, y: 30, width: 50, height: 20))
    } }

    func testControlsAndImagesReportIntrinsicSizes() { MainActor.assumeIsolated {
        let empty = UIImageView()
        XCTAssertEqual(empty.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 7)).image { _ in }
        XCTAssertEqual(UIImageView(image: image).intrinsicContentSize, CGSize(width: 12, height: 7))
        let label = UILabel()
        label.text = "Hello"
        XCTAssertEqual(label.intrinsicContentSize, label.sizeThatFits(.zero))
        XCTAssertGreaterThan(label.intrinsicContentSize.width, 0)
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        XCTAssertEqual(button.intrinsicContentSize, button.sizeThatFits(.zero))
        XCTAssertEqual(button.intrinsicContentSize.height, 30)
        // A label whose text grows lays its stack out again, wider.
        let stack = UIStackView(arrangedSubviews: [label])
        stack.alignment = .leading
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
        stack.axis = .vertical
        stack.layoutIfNeeded()
        let before = label.frame.width
        label.text = "Hello, wider world"
        stack.layoutIfNeeded()
        XCTAssertGreaterThan(label.frame.width, before)
    } }
}
