import QuartzCore
@testable import UIKit
import XCTest

/// Trait collections, and their change when a window's resize changes its size classes.
final class TraitCollectionTests: XCTestCase {
    @MainActor private final class TraitView: UIView {
        var log: [String] = []
        var previous: [UITraitCollection?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            log.append("view \(traitCollection.horizontalSizeClass)")
            previous.append(previousTraitCollection)
        }
    }

    @MainActor private final class TraitController: UIViewController {
        var log: [String] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            log.append("controller \(previousTraitCollection?.horizontalSizeClass ?? .unspecified)")
        }
    }

    func testUnspecifiedAndCombinedTraits() {
        let empty = UITraitCollection()
        XCTAssertEqual(empty.userInterfaceStyle, .unspecified)
        XCTAssertEqual(empty.displayScale, 0)
        XCTAssertEqual(empty.horizontalSizeClass, .unspecified)
        XCTAssertEqual(empty.preferredContentSizeCategory, .unspecified)
        XCTAssertEqual(UITraitCollection(displayScale: -3).displayScale, 0, "a bad scale stays unspecified")

        let combined = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(horizontalSizeClass: .compact),
            UITraitCollection(userInterfaceStyle: .light), UITraitCollection(displayScale: 2),
        ])
        XCTAssertEqual(combined.userInterfaceStyle, .light, "a later collection wins")
        XCTAssertEqual(combined.horizontalSizeClass, .compact)
        XCTAssertEqual(combined.verticalSizeClass, .unspecified)
        XCTAssertEqual(combined.displayScale, 2)
        XCTAssertTrue(combined.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
        XCTAssertTrue(combined.containsTraits(in: nil))
        XCTAssertTrue(combined.containsTraits(in: UITraitCollection()))
        XCTAssertFalse(combined.containsTraits(in: UITraitCollection(horizontalSizeClass: .regular)))
        XCTAssertFalse(combined.containsTraits(in: UITraitCollection(traitsFrom: [
            UITraitCollection(displayScale: 2), UITraitCollection(userInterfaceStyle: .dark)])))
        XCTAssertEqual(combined, UITraitCollection(traitsFrom: [combined]))
    }

    func testSizeClassesFollowTheSixHundredPointRule() {
        XCTAssertTrue(UITraitCollection.sizeClasses(for: CGSize(width: 390, height: 844)) == (.compact, .regular))
        XCTAssertTrue(UITraitCollection.sizeClasses(for: CGSize(width: 844, height: 390)) == (.regular, .compact))
        XCTAssertTrue(UITraitCollection.sizeClasses(for: CGSize(width: 599, height: 599)) == (.compact, .compact))
        XCTAssertTrue(UITraitCollection.sizeClasses(for: CGSize(width: 600, height: 600)) == (.regular, .regular))
        XCTAssertTrue(UITraitCollection.sizeClasses(for: CGSize(width: CGFloat.nan, height: 1000)) == (.compact, .regular))
    }

    func testAWindowsViewsAndControllersHaveTheWindowsTraits() { MainActor.assumeIsolated {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let controller = TraitController()
        window.rootViewController = controller
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        controller.view.addSubview(child)
        for t in [window.traitCollection, controller.traitCollection, child.traitCollection] {
            XCTAssertEqual(t.horizontalSizeClass, .compact)
            XCTAssertEqual(t.verticalSizeClass, .regular)
            XCTAssertEqual(t.userInterfaceStyle, .light)
            XCTAssertEqual(t.userInterfaceIdiom, .pad)
            XCTAssertEqual(t.preferredContentSizeCategory, .large)
            XCTAssertEqual(t.displayScale, UIScreen.main.scale)
        }
        // A view in no window has the screen's traits.
        XCTAssertEqual(UIView().traitCollection.displayScale, UIScreen.main.scale)
        XCTAssertEqual(UIScreen.main.traitCollection.userInterfaceStyle, .light)
        XCTAssertTrue(UIColor.systemBlue.resolvedColor(with: window.traitCollection) === UIColor.systemBlue
                      || UIColor.systemBlue.resolvedColor(with: window.traitCollection) == UIColor.systemBlue)
        let red = UIColor.red
        XCTAssertTrue(red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === red)
    } }

    @MainActor private final class TraitWindow: UIWindow {
        var changes = 0
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { changes += 1 }
    }

    func testAWindowsFirstSizeIsNoChange() { MainActor.assumeIsolated {
        let window = TraitWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 800))
        XCTAssertEqual(window.changes, 0)
        window.frame = CGRect(x: 0, y: 0, width: 300, height: 800)
        XCTAssertEqual(window.changes, 1)
    } }

    func testResizingAcrossASizeClassTellsControllersThenViews() { MainActor.assumeIsolated {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let controller = TraitController()
        let root = TraitView(frame: window.bounds)
        controller.view = root
        window.rootViewController = controller
        let child = TraitView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(child)

        window.frame = CGRect(x: 0, y: 0, width: 500, height: 800)
        XCTAssertEqual(controller.log, [], "still compact: no change")
        XCTAssertEqual(child.log, [])

        window.frame = CGRect(x: 0, y: 0, width: 800, height: 800)
        XCTAssertEqual(controller.log, ["controller compact"])
        XCTAssertEqual(root.log, ["view regular"])
        XCTAssertEqual(child.log, ["view regular"])
        XCTAssertEqual(child.previous.first??.horizontalSizeClass, .compact)
        XCTAssertEqual(child.previous.first??.verticalSizeClass, .regular)

        window.frame = CGRect(x: 0, y: 0, width: 800, height: 400)
        XCTAssertEqual(child.log, ["view regular", "view regular"], "the vertical class changed")
        XCTAssertEqual(child.previous.last??.verticalSizeClass, .regular)

        // A view that is not a window does not announce changes of its own size.
        child.frame = CGRect(x: 0, y: 0, width: 900, height: 900)
        XCTAssertEqual(child.log.count, 2)
    } }

    func testCurrentCanBeSetAndDefaultsToTheScreensTraits() {
        XCTAssertEqual(UITraitCollection.current.userInterfaceStyle, .light)
        XCTAssertEqual(UITraitCollection.current.preferredContentSizeCategory, .large)
        let saved = UITraitCollection.current
        UITraitCollection.current = UITraitCollection(preferredContentSizeCategory: .extraLarge)
        XCTAssertEqual(UITraitCollection.current.preferredContentSizeCategory, .extraLarge)
        UITraitCollection.current = saved
    }

    func testContentSizeCategoriesAreOrdered() {
        XCTAssertLessThan(UIContentSizeCategory.small, .large)
        XCTAssertLessThan(UIContentSizeCategory.extraExtraExtraLarge, .accessibilityMedium)
        XCTAssertTrue(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
        XCTAssertFalse(UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        XCTAssertEqual(UIContentSizeCategory.large.rawValue, "UICTContentSizeCategoryL")
    }
}
