import QuartzCore
@testable import UIKit
import XCTest

/// A view with a fixed intrinsic content size (deterministic, unlike measured text).
final class SizedView: UIView {
    nonisolated(unsafe) var size = CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    convenience init(_ width: CGFloat, _ height: CGFloat) {
        self.init(frame: .zero)
        size = CGSize(width: width, height: height)
    }
    override var intrinsicContentSize: CGSize { size }
}

/// Constraints, anchors, layout guides and the solver (`ConstraintSolver`): frames after
/// `layoutIfNeeded()`, from the documented semantics of each constraint.
final class LayoutConstraintTests: XCTestCase {
    nonisolated(unsafe) private var reports: [String] = []

    override func setUp() {
        MainActor.assumeIsolated {
            reports = []
            ConstraintSolver.report = { [unowned self] in self.reports.append($0) }
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            ConstraintSolver.report = { FileHandle.standardError.write(Data("UIKit constraints: \($0)\n".utf8)) }
        }
        CATransaction.flush()
    }

    @MainActor private func container() -> UIView {
        UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    }

    @MainActor private func child(of parent: UIView, _ given: UIView? = nil) -> UIView {
        let view = given ?? UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    private func assertFrame(_ view: UIView, _ expected: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        MainActor.assumeIsolated {
            let f = view.frame
            for (a, b) in [(f.minX, expected.minX), (f.minY, expected.minY), (f.width, expected.width), (f.height, expected.height)] {
                XCTAssertEqual(a, b, accuracy: 1e-6, "\(f) != \(expected)", file: file, line: line)
            }
        }
    }

    // MARK: The objects

    func testDefaultsAndTheAnchorsConstraintsProperties() { MainActor.assumeIsolated {
        let parent = container(), v = UIView()
        XCTAssertTrue(v.translatesAutoresizingMaskIntoConstraints)
        parent.addSubview(v)
        let c = v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 12)
        XCTAssertFalse(c.isActive, "anchors make inactive constraints")
        XCTAssertTrue(c.firstItem === v)
        XCTAssertTrue(c.secondItem === parent)
        XCTAssertEqual(c.firstAttribute, .leading)
        XCTAssertEqual(c.secondAttribute, .leading)
        XCTAssertEqual(c.relation, .equal)
        XCTAssertEqual(c.multiplier, 1)
        XCTAssertEqual(c.constant, 12)
        XCTAssertEqual(c.priority, .required)
        XCTAssertTrue(c.firstAnchor.item === v)
        XCTAssertTrue(c.secondAnchor?.item === parent)

        let w = v.widthAnchor.constraint(equalTo: parent.widthAnchor, multiplier: 0.5, constant: 3)
        XCTAssertEqual(w.multiplier, 0.5)
        XCTAssertEqual(w.constant, 3)
        let k = v.heightAnchor.constraint(lessThanOrEqualToConstant: 40)
        XCTAssertNil(k.secondItem)
        XCTAssertEqual(k.secondAttribute, .notAnAttribute)
        XCTAssertEqual(k.relation, .lessThanOrEqual)
        XCTAssertEqual(v.topAnchor.constraint(greaterThanOrEqualTo: parent.topAnchor).relation, .greaterThanOrEqual)

        XCTAssertEqual(UILayoutPriority.required.rawValue, 1000)
        XCTAssertEqual(UILayoutPriority.defaultHigh.rawValue, 750)
        XCTAssertEqual(UILayoutPriority.defaultLow.rawValue, 250)
        XCTAssertEqual(UILayoutPriority.fittingSizeLevel.rawValue, 50)
        XCTAssertEqual(UILayoutPriority(rawValue: 999), UILayoutPriority(999))
        XCTAssertEqual(NSLayoutConstraint.Attribute.left.rawValue, 1)
        XCTAssertEqual(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue, 20)
        XCTAssertEqual(NSLayoutConstraint.Relation.lessThanOrEqual.rawValue, -1)
        XCTAssertEqual(v.contentHuggingPriority(for: .horizontal), .defaultLow)
        XCTAssertEqual(v.contentCompressionResistancePriority(for: .vertical), .defaultHigh)
        v.setContentHuggingPriority(.required, for: .vertical)
        XCTAssertEqual(v.contentHuggingPriority(for: .vertical), .required)
        XCTAssertEqual(v.contentHuggingPriority(for: .horizontal), .defaultLow)
        XCTAssertEqual(v.layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        XCTAssertEqual(v.safeAreaInsets, .zero)
    } }

    func testActivationInstallsOnTheNearestCommonAncestor() { MainActor.assumeIsolated {
        let root = container(), a = UIView(), b = UIView(), inner = UIView()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(inner)
        let across = inner.leadingAnchor.constraint(equalTo: b.trailingAnchor)
        let own = a.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([across, own])
        XCTAssertTrue(across.isActive)
        XCTAssertTrue(root.constraints.contains { $0 === across })
        XCTAssertTrue(a.constraints.contains { $0 === own }, "a constraint on one item lives on the item")
        NSLayoutConstraint.deactivate([across])
        XCTAssertFalse(across.isActive)
        XCTAssertTrue(root.constraints.isEmpty)
        own.isActive = false
        XCTAssertTrue(a.constraints.isEmpty)

        let stranger = UIView()
        let orphan = stranger.topAnchor.constraint(equalTo: a.topAnchor)
        orphan.isActive = true
        XCTAssertFalse(orphan.isActive, "no common ancestor: not activated")
        XCTAssertEqual(reports.count, 1)

        // addConstraint / removeConstraint install by hand.
        let c = NSLayoutConstraint(item: a, attribute: .height, relatedBy: .equal, toItem: nil,
                                   attribute: .notAnAttribute, multiplier: 1, constant: 30)
        root.addConstraint(c)
        XCTAssertTrue(c.isActive)
        root.removeConstraints([c])
        XCTAssertFalse(c.isActive)
    } }

    // MARK: Solving

    func testEdgesPinnedToTheSuperview() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 20),
            // Written the other way round, as apps often do: the superview first.
            parent.trailingAnchor.constraint(equalTo: v.trailingAnchor, constant: 30),
            v.topAnchor.constraint(equalTo: parent.topAnchor, constant: 10),
            v.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -40),
        ])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 20, y: 10, width: 250, height: 150))
        parent.frame.size = CGSize(width: 400, height: 300)
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 20, y: 10, width: 350, height: 250))
        XCTAssertEqual(reports, [])
    } }

    func testSizesCentresAndMultipliers() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent), w = child(of: parent)
        NSLayoutConstraint.activate([
            v.widthAnchor.constraint(equalToConstant: 100),
            v.heightAnchor.constraint(equalToConstant: 50),
            v.centerXAnchor.constraint(equalTo: parent.centerXAnchor),
            v.centerYAnchor.constraint(equalTo: parent.centerYAnchor, constant: 10),
            // Half the parent's width plus 10, below v, its height twice its width (an aspect ratio).
            w.widthAnchor.constraint(equalTo: parent.widthAnchor, multiplier: 0.5, constant: 10),
            w.heightAnchor.constraint(equalTo: w.widthAnchor, multiplier: 0.25),
            w.topAnchor.constraint(equalTo: v.bottomAnchor, constant: 5),
            w.trailingAnchor.constraint(equalTo: parent.trailingAnchor),
        ])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 100, y: 85, width: 100, height: 50))
        assertFrame(w, CGRect(x: 140, y: 140, width: 160, height: 40))
    } }

    func testAChainFollowsIntrinsicSizes() { MainActor.assumeIsolated {
        let parent = container()
        let a = child(of: parent, SizedView(60, 20)), b = child(of: parent, SizedView(40, 30))
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: parent.topAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.firstBaselineAnchor.constraint(equalTo: a.firstBaselineAnchor),
        ])
        parent.layoutIfNeeded()
        assertFrame(a, CGRect(x: 10, y: 10, width: 60, height: 20))
        assertFrame(b, CGRect(x: 78, y: 10, width: 40, height: 30))
        (a as! SizedView).size.width = 100
        a.invalidateIntrinsicContentSize()
        parent.layoutIfNeeded()
        assertFrame(b, CGRect(x: 118, y: 10, width: 40, height: 30))
    } }

    func testRequiredConstraintsBeatContentSizeAndCompressionResistance() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent, SizedView(150, 20))
        let trailing = v.trailingAnchor.constraint(lessThanOrEqualTo: parent.leadingAnchor, constant: 120)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 20),
            v.topAnchor.constraint(equalTo: parent.topAnchor),
            trailing,
        ])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 20, y: 0, width: 100, height: 20))
        // Below the compression resistance (750) the content size wins.
        trailing.priority = UILayoutPriority(700)
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 20, y: 0, width: 150, height: 20))
        // A width stronger than the compression resistance compresses the view.
        trailing.priority = .required
        let wide = v.widthAnchor.constraint(equalToConstant: 90)
        wide.priority = UILayoutPriority(800)
        wide.isActive = true
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 20, y: 0, width: 90, height: 20))
    } }

    func testStrongerPrioritiesWinAndWeakerOnesGiveWay() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent)
        let low = v.widthAnchor.constraint(equalToConstant: 40)
        low.priority = .defaultLow
        let high = v.widthAnchor.constraint(equalToConstant: 70)
        high.priority = .defaultHigh
        NSLayoutConstraint.activate([low, high, v.heightAnchor.constraint(equalToConstant: 10),
                                     v.leftAnchor.constraint(equalTo: parent.leftAnchor),
                                     v.topAnchor.constraint(equalTo: parent.topAnchor)])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 0, y: 0, width: 70, height: 10))
        high.isActive = false
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 0, y: 0, width: 40, height: 10))
        XCTAssertEqual(reports, [])
    } }

    func testInequalitiesClampBothWays() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent, SizedView(20, 20))
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
            v.topAnchor.constraint(equalTo: parent.topAnchor),
            v.widthAnchor.constraint(greaterThanOrEqualToConstant: 50),
            v.heightAnchor.constraint(lessThanOrEqualTo: parent.heightAnchor, multiplier: 0.05),
        ])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 0, y: 0, width: 50, height: 10))
    } }

    func testMarginsGuidesAndMarginAttributes() { MainActor.assumeIsolated {
        let parent = container()
        parent.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let a = child(of: parent), b = child(of: parent)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: parent.layoutMarginsGuide.leadingAnchor),
            a.trailingAnchor.constraint(equalTo: parent.layoutMarginsGuide.trailingAnchor),
            a.topAnchor.constraint(equalTo: parent.safeAreaLayoutGuide.topAnchor),
            a.heightAnchor.constraint(equalTo: parent.layoutMarginsGuide.heightAnchor, multiplier: 0.5),
            NSLayoutConstraint(item: b, attribute: .leading, relatedBy: .equal, toItem: parent,
                               attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: b, attribute: .bottom, relatedBy: .equal, toItem: parent,
                               attribute: .bottomMargin, multiplier: 1, constant: 0),
            b.widthAnchor.constraint(equalToConstant: 10),
            b.heightAnchor.constraint(equalToConstant: 10),
        ])
        XCTAssertEqual(parent.layoutMarginsGuide.layoutFrame, CGRect(x: 20, y: 10, width: 240, height: 160))
        XCTAssertEqual(parent.safeAreaLayoutGuide.layoutFrame, parent.bounds)
        parent.layoutIfNeeded()
        assertFrame(a, CGRect(x: 20, y: 0, width: 240, height: 80))
        assertFrame(b, CGRect(x: 20, y: 160, width: 10, height: 10))
        // A sibling pinned to another subview's margins guide follows that subview.
        let c = child(of: parent)
        a.layoutMargins = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        NSLayoutConstraint.activate(c.edgesEqual(a.layoutMarginsGuide))
        parent.layoutIfNeeded()
        assertFrame(c, CGRect(x: 25, y: 5, width: 230, height: 70))
    } }

    func testALayoutGuideIsPlacedLikeASubview() { MainActor.assumeIsolated {
        let parent = container()
        let spacer = UILayoutGuide()
        parent.addLayoutGuide(spacer)
        XCTAssertTrue(spacer.owningView === parent)
        XCTAssertEqual(parent.layoutGuides.count, 1)
        let a = child(of: parent)
        NSLayoutConstraint.activate([
            spacer.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
            spacer.widthAnchor.constraint(equalToConstant: 70),
            spacer.topAnchor.constraint(equalTo: parent.topAnchor),
            spacer.heightAnchor.constraint(equalToConstant: 1),
            a.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            a.topAnchor.constraint(equalTo: parent.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 5),
            a.heightAnchor.constraint(equalToConstant: 5),
        ])
        parent.layoutIfNeeded()
        XCTAssertEqual(spacer.layoutFrame, CGRect(x: 0, y: 0, width: 70, height: 1))
        assertFrame(a, CGRect(x: 70, y: 0, width: 5, height: 5))
    } }

    func testViewsThatTranslateTheirMasksKeepTheirFramesAndAnchorOthers() { MainActor.assumeIsolated {
        let parent = container()
        let fixed = UIView(frame: CGRect(x: 30, y: 40, width: 50, height: 60))
        parent.addSubview(fixed)
        let inner = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        fixed.addSubview(inner)
        let v = child(of: parent)
        NSLayoutConstraint.activate([
            fixed.widthAnchor.constraint(equalToConstant: 999),   // ignored: `fixed` keeps its frame
            v.leadingAnchor.constraint(equalTo: fixed.trailingAnchor),
            v.topAnchor.constraint(equalTo: inner.bottomAnchor),   // a view inside another subview
            v.widthAnchor.constraint(equalTo: fixed.widthAnchor),
            v.heightAnchor.constraint(equalToConstant: 1),
        ])
        parent.layoutIfNeeded()
        assertFrame(fixed, CGRect(x: 30, y: 40, width: 50, height: 60))
        assertFrame(v, CGRect(x: 80, y: 55, width: 50, height: 1))
    } }

    func testConflictsAndAmbiguityLeaveFramesAndReportOnce() { MainActor.assumeIsolated {
        let parent = container()
        let v = child(of: parent)
        v.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        NSLayoutConstraint.activate([
            v.widthAnchor.constraint(equalToConstant: 10),
            v.widthAnchor.constraint(equalToConstant: 20),
            v.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
            v.topAnchor.constraint(equalTo: parent.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 5),
        ])
        parent.layoutIfNeeded()
        assertFrame(v, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("conflicting") ?? false, "\(reports)")
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        XCTAssertEqual(reports.count, 1, "the same problem is reported once")

        let w = child(of: parent)
        w.frame = CGRect(x: 7, y: 8, width: 9, height: 10)
        w.leadingAnchor.constraint(equalTo: parent.leadingAnchor).isActive = true
        parent.layoutIfNeeded()
        assertFrame(w, CGRect(x: 7, y: 8, width: 9, height: 10))
        XCTAssertEqual(reports.count, 2)
        XCTAssertTrue(reports.last?.contains("not enough constraints") ?? false, "\(reports)")
    } }

    func testACycleOfEqualitiesEndsWithoutHanging() { MainActor.assumeIsolated {
        let parent = container()
        let a = child(of: parent), b = child(of: parent)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: b.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            a.widthAnchor.constraint(equalTo: b.widthAnchor),
        ])
        parent.layoutIfNeeded()
        XCTAssertEqual(reports.count, 1)
    } }

    func testChangingAConstantLaysOutAgainAndAnimatesInsideAnAnimationBlock() { MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 100)
        defer { CAMediaClock.unfreeze() }
        let parent = container()
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                                     space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = parent.layer
        let v = child(of: parent)
        let leading = v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([leading, v.topAnchor.constraint(equalTo: parent.topAnchor),
                                     v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20)])
        parent.layoutIfNeeded()
        CATransaction.flush()
        leading.constant = 110
        XCTAssertEqual(v.frame.minX, 10, "nothing moves before layout")
        UIView.animate(withDuration: 1) { parent.layoutIfNeeded() }
        XCTAssertEqual(v.frame.minX, 110, "the model is at the end at once")
        let move = v.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(move, "the frame change animates")
        XCTAssertEqual(move?.duration, 1)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        let x = v.layer.presentation()?.frame.minX ?? -1
        XCTAssertGreaterThan(x, 10)
        XCTAssertLessThan(x, 110)
        _ = renderer
    } }

    func testUpdateConstraintsRunsBeforeLayoutWhenAskedFor() { MainActor.assumeIsolated {
        final class Updating: UIView {
            nonisolated(unsafe) var updates = 0
            override func updateConstraints() {
                updates += 1
                super.updateConstraints()
            }
        }
        let parent = container()
        let v = Updating()
        parent.addSubview(v)
        parent.layoutIfNeeded()
        XCTAssertEqual(v.updates, 0)
        v.setNeedsUpdateConstraints()
        XCTAssertTrue(v.needsUpdateConstraints())
        parent.layoutIfNeeded()
        XCTAssertEqual(v.updates, 1)
        XCTAssertFalse(v.needsUpdateConstraints())
        v.updateConstraintsIfNeeded()
        XCTAssertEqual(v.updates, 1)
    } }
}

extension UIView {
    /// The four edges equal to `guide`'s (test helper).
    @MainActor func edgesEqual(_ guide: UILayoutGuide) -> [NSLayoutConstraint] {
        [leadingAnchor.constraint(equalTo: guide.leadingAnchor), trailingAnchor.constraint(equalTo: guide.trailingAnchor),
         topAnchor.constraint(equalTo: guide.topAnchor), bottomAnchor.constraint(equalTo: guide.bottomAnchor)]
    }
}
