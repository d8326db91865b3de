import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIToolbar` and `UIBarButtonItem`: items, spaces, layout, and actions sent with the item.
final class UIToolbarTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private final class Target: NSObject, UIControlTarget {
        var senders: [AnyObject] = []
        func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
            senders.append(sender as AnyObject)
        }
    }

    func testItems() { MainActor.assumeIsolated {
        let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        XCTAssertEqual(done.title, "Done")
        XCTAssertEqual(done.style, .done)
        let titled = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        XCTAssertEqual(titled.title, "Edit")
        XCTAssertEqual(UIBarButtonItem.SystemItem.flexibleSpace.rawValue, 5)
        XCTAssertEqual(UIBarButtonItem.SystemItem.close.rawValue, 24)
        XCTAssertEqual(UIBarButtonItem.fixedSpace(12).width, 12)
        XCTAssertNil(UIBarButtonItem.flexibleSpace().title)
        let bar = UIToolbar()
        XCTAssertNil(bar.items)
        bar.setItems([done, titled], animated: false)
        XCTAssertEqual(bar.items?.count, 2)
        XCTAssertEqual(bar.sizeThatFits(CGSize(width: 320, height: 0)).height, 44)
    } }

    func testSpacesPlaceTheButtons() { MainActor.assumeIsolated {
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let left = UIBarButtonItem(title: "Left", style: .plain, target: nil, action: nil)
        let right = UIBarButtonItem(title: "Right", style: .plain, target: nil, action: nil)
        bar.items = [left, UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil), right]
        bar.layoutIfNeeded()
        guard let leftView = bar.itemViews[0], let rightView = bar.itemViews[2] else { return XCTFail("no buttons") }
        XCTAssertNil(bar.itemViews[1])
        XCTAssertEqual(leftView.frame.minX, 16)
        XCTAssertEqual(rightView.frame.maxX, 304, accuracy: 0.5, "pushed to the right end")
        bar.items = [left, UIBarButtonItem.fixedSpace(40), right]
        bar.layoutIfNeeded()
        let l = bar.itemViews[0]!, r = bar.itemViews[2]!
        XCTAssertEqual(r.frame.minX - l.frame.maxX, 40 + 2 * 8, accuracy: 0.5)
    } }

    func testATapSendsTheActionWithTheItem() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let target = Target()
        let item = UIBarButtonItem(title: "Send", style: .done, target: target, action: Selector(("send:")))
        var performed = 0
        let actionItem = UIBarButtonItem(title: "Other", primaryAction: UIAction { _ in performed += 1 })
        let bar = UIToolbar(frame: CGRect(x: 0, y: 200, width: 300, height: 44))
        bar.items = [item, actionItem]
        window.addSubview(bar)
        bar.layoutIfNeeded()
        CATransaction.flush()
        let frame = bar.itemViews[0]!.frame
        window.touch(1, .began, frame.midX, 222, at: 1)
        window.touch(1, .ended, frame.midX, 222, at: 1.1)
        XCTAssertEqual(target.senders.count, 1)
        XCTAssertTrue(target.senders.first === item, "the item is the sender")
        let other = bar.itemViews[1]!.frame
        window.touch(1, .began, other.midX, 222, at: 2)
        window.touch(1, .ended, other.midX, 222, at: 2.1)
        XCTAssertEqual(performed, 1)
        item.isEnabled = false
        XCTAssertEqual((bar.itemViews[0] as? UIButton)?.isEnabled, false)
        _ = renderer
    } }

    func testItemsAreDrawnInTheTint() { MainActor.assumeIsolated {
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        bar.tintColor = .red
        bar.items = [UIBarButtonItem(title: "Tinted", style: .plain, target: nil, action: nil)]
        let pixels = renderedPixels(of: bar)
        XCTAssertGreaterThan(pixels.count(where: { $0[0] > 200 && $0[1] < 100 && $0[2] < 100 }), 20)
    } }
}
