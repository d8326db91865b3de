import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// UITabBarController, UITabBar and UITabBarItem: children and their containment and appearance
/// calls, selection in code and by clicks on the bar (with the delegate's say), and the bar's look.
final class UITabBarControllerTests: XCTestCase {
    /// Logs what the tab bar controller's delegate is asked and told; refuses the tabs in `refused`.
    final class Delegate: UITabBarControllerDelegate {
        nonisolated(unsafe) var log: [String] = []
        nonisolated(unsafe) var refused: Set<String> = []
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            log.append("should \(viewController.title ?? "")")
            return !refused.contains(viewController.title ?? "")
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            log.append("did \(viewController.title ?? "")")
        }
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private func child(_ name: String, _ log: LifecycleLog) -> LoggingViewController {
        let vc = LoggingViewController(name, log)
        vc.title = name
        return vc
    }

    func testTheTabBarItemIsMadeLazilyFromTheTitle() { MainActor.assumeIsolated {
        let vc = UIViewController()
        vc.title = "Inbox"
        let item = vc.tabBarItem!
        XCTAssertEqual(item.title, "Inbox")
        XCTAssertNil(item.image)
        XCTAssertEqual(item.tag, 0)
        XCTAssertTrue(vc.tabBarItem === item, "made once")
        vc.title = "Mail"
        XCTAssertEqual(item.title, "Mail", "the title renames the item")
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
        let tagged = UITabBarItem(title: "A", image: image, tag: 7)
        XCTAssertEqual(tagged.tag, 7)
        XCTAssertTrue(tagged.image === image)
        let selecting = UITabBarItem(title: "B", image: nil, selectedImage: image)
        XCTAssertTrue(selecting.selectedImage === image)
        XCTAssertTrue(selecting.isEnabled)
        XCTAssertNil(vc.tabBarController)
    } }

    func testChildrenJoinWithTheContainmentCallsAndTheFirstIsSelected() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let tabs = UITabBarController()
        XCTAssertNil(tabs.viewControllers)
        XCTAssertEqual(tabs.selectedIndex, NSNotFound)
        XCTAssertNil(tabs.selectedViewController)
        XCTAssertTrue(tabs.tabBar.delegate === tabs)
        let a = child("a", log), b = child("b", log)
        tabs.viewControllers = [a, b]
        // (The log names a parent that is not a logging controller "nil": here, the tab bar controller.)
        XCTAssertEqual(log.take(), ["a.willMove(toParent: nil)", "a.didMove(toParent: nil)",
                                    "b.willMove(toParent: nil)", "b.didMove(toParent: nil)"])
        XCTAssertTrue(a.parent === tabs)
        XCTAssertFalse(a.isMovingToParent, "didMove(toParent:) was called")
        XCTAssertEqual(tabs.children, [a, b])
        XCTAssertTrue(a.tabBarController === tabs)
        XCTAssertEqual(tabs.tabBar.items?.map(\.title), ["a", "b"])
        XCTAssertTrue(tabs.tabBar.items?.first === a.tabBarItem)
        XCTAssertEqual(tabs.selectedIndex, 0)
        XCTAssertTrue(tabs.selectedViewController === a)
        XCTAssertTrue(tabs.tabBar.selectedItem === a.tabBarItem)
        XCTAssertFalse(a.isViewLoaded, "nothing loads before the controller's view")
    } }

    func testTheSelectedChildsViewFillsTheSpaceAboveTheBar() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let tabs = UITabBarController()
        let a = child("a", log), b = child("b", log)
        tabs.setViewControllers([a, b], animated: false)
        tabs.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        XCTAssertEqual(tabs.tabBar.frame, CGRect(x: 0, y: 431, width: 320, height: 49))
        XCTAssertTrue(a.view.superview === tabs.view)
        XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 0, width: 320, height: 431))
        XCTAssertFalse(b.isViewLoaded)
        tabs.selectedIndex = 1
        XCTAssertNil(a.view.superview)
        XCTAssertTrue(b.view.superview === tabs.view)
        XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 0, width: 320, height: 431))
        XCTAssertTrue(tabs.view.subviews.last === tabs.tabBar, "the bar stays in front")
        tabs.selectedViewController = a
        XCTAssertEqual(tabs.selectedIndex, 0)
        tabs.selectedIndex = 5
        XCTAssertEqual(tabs.selectedIndex, 0, "an index out of range is ignored")
        tabs.selectedViewController = UIViewController()
        XCTAssertTrue(tabs.selectedViewController === a, "a controller that is not a child is ignored")
    } }

    func testSwitchingTabsOnScreenCallsTheAppearanceMethodsInIOSOrder() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let tabs = UITabBarController()
        let a = child("a", log), b = child("b", log)
        tabs.viewControllers = [a, b]
        window.rootViewController = tabs
        window.isHidden = false
        XCTAssertEqual(log.take().filter { $0.contains("Appear") }, ["a.viewWillAppear(false)", "a.viewDidAppear(false)"],
                       "only the selected child appears with the tab bar controller")
        tabs.selectedIndex = 1
        XCTAssertEqual(log.take().filter { !$0.contains("Layout") },
                       ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(false)", "b.viewWillAppear(false)",
                        "a.viewDidDisappear(false)", "b.viewDidAppear(false)"])
        tabs.selectedIndex = 1
        XCTAssertEqual(log.take().filter { !$0.contains("Layout") }, [], "selecting the selected tab again does nothing")
        window.isHidden = true
        XCTAssertEqual(log.take(), ["b.viewWillDisappear(false)", "b.viewDidDisappear(false)"])
    } }

    func testReplacingTheChildrenKeepsTheSelectionWhenItCan() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let tabs = UITabBarController()
        let a = child("a", log), b = child("b", log), c = child("c", log), d = child("d", log)
        tabs.viewControllers = [a, b, c]
        tabs.selectedIndex = 2
        tabs.viewControllers = [c, a]
        XCTAssertTrue(tabs.selectedViewController === c, "the selected controller is still there")
        XCTAssertNil(b.parent)
        tabs.selectedIndex = 1
        _ = log.take()
        tabs.viewControllers = [b, d]
        XCTAssertTrue(tabs.selectedViewController === d, "gone: the one at the same index")
        XCTAssertEqual(log.take().filter { $0.hasPrefix("a.") }, ["a.willMove(toParent: nil)", "a.didMove(toParent: nil)"])
        XCTAssertNil(a.parent)
        tabs.viewControllers = [c]
        XCTAssertTrue(tabs.selectedViewController === c, "no such index: the first")
        tabs.viewControllers = nil
        XCTAssertEqual(tabs.selectedIndex, NSNotFound)
        XCTAssertEqual(tabs.children.count, 0)
        XCTAssertEqual(tabs.tabBar.items?.count ?? 0, 0)
    } }

    func testClickingTheBarAsksAndTellsTheDelegate() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow(width: 300, height: 400)
        let log = LifecycleLog()
        let tabs = UITabBarController()
        let delegate = Delegate()
        tabs.delegate = delegate
        let a = child("a", log), b = child("b", log), c = child("c", log)
        tabs.viewControllers = [a, b, c]
        window.rootViewController = tabs
        window.layoutIfNeeded()
        CATransaction.flush()
        // Three 100-point tabs along the bottom 49 points.
        window.touch(1, .began, 150, 380, at: 1)
        window.touch(1, .ended, 150, 380, at: 1.1)
        XCTAssertEqual(delegate.log, ["should b", "did b"])
        XCTAssertTrue(tabs.selectedViewController === b)
        XCTAssertTrue(tabs.tabBar.selectedItem === b.tabBarItem)

        delegate.log = []
        delegate.refused = ["c"]
        window.touch(2, .began, 250, 380, at: 2)
        window.touch(2, .ended, 250, 380, at: 2.1)
        XCTAssertEqual(delegate.log, ["should c"])
        XCTAssertTrue(tabs.selectedViewController === b, "refused")
        XCTAssertTrue(tabs.tabBar.selectedItem === b.tabBarItem)

        delegate.log = []
        window.touch(3, .began, 50, 380, at: 3)
        window.touch(3, .ended, 150, 380, at: 3.1)
        XCTAssertEqual(delegate.log, [], "a touch that goes up on another tab selects nothing")

        tabs.selectedIndex = 0
        XCTAssertEqual(delegate.log, [], "selection in code does not involve the delegate")
        _ = renderer
    } }

    func testTheBarTintsTheSelectedTab() { MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 10)
        let square = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { ctx in
            UIColor.black.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 200, height: 49))
        let first = UITabBarItem(title: "One", image: square, tag: 1)
        let second = UITabBarItem(title: "Two", image: square, tag: 2)
        bar.items = [first, second]
        bar.selectedItem = second
        bar.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        bar.unselectedItemTintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        bar.layoutIfNeeded()
        let ctx = CGContext(data: nil, width: 200, height: 49, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = bar.layer
        renderer.bounds = bar.bounds
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let data = ctx.data!.assumingMemoryBound(to: UInt8.self)
            let i = y * ctx.bytesPerRow + x * 4
            return (Int(data[i + 2]), Int(data[i + 1]), Int(data[i]))
        }
        // The icons' centres: x = 50 and 150, y = 4 + 15.
        let unselected = pixel(50, 19), selected = pixel(150, 19)
        XCTAssertTrue(unselected.b > 240 && unselected.r < 20, "unselected icon: \(unselected)")
        XCTAssertTrue(selected.r > 240 && selected.b < 20, "selected icon: \(selected)")
        let background = pixel(5, 25)
        XCTAssertTrue(background.r > 240 && background.g > 240, "light bar: \(background)")
        // Some red title ink under the selected icon.
        var ink = 0
        for y in 35..<49 { for x in 110..<190 { let p = pixel(x, y); if p.r > 200, p.g < 150 { ink += 1 } } }
        XCTAssertGreaterThan(ink, 5)
    } }
}
