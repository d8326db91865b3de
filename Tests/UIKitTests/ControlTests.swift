import Foundation
import QuartzCore
import WaylandShell
@testable import UIKit
import XCTest

/// A target that logs the selectors it is called with.
@MainActor final class ActionLog: UIControlTarget {
    var names: [String] = []
    var senders: [AnyObject?] = []
    func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        names.append(action.name)
        senders.append(sender.map { $0 as AnyObject })
    }
}

/// Controls' events from synthetic touch sequences fed through a window's dispatch.
final class ControlTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { UIControl.actionTrace = nil }
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A control in a rendered window, with a log target for every event (selector = event name).
    @MainActor private func install<C: UIControl>(_ control: C, frame: CGRect? = nil) -> (UIWindow, C, ActionLog, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        if let frame { control.frame = frame }
        window.addSubview(control)
        CATransaction.flush()
        let log = ActionLog()
        for (event, name) in UIControl.Event.names { control.addTarget(log, action: Selector(name), for: event) }
        return (window, control, log, renderer)
    }

    func testTapInsideSendsTouchDownThenTouchUpInside() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.touch(0, .began, 100, 70, at: 1)
        XCTAssertTrue(button.isHighlighted)
        XCTAssertTrue(button.isTracking)
        XCTAssertEqual(button.state, .highlighted)
        window.touch(0, .ended, 100, 70, at: 1.1)
        XCTAssertFalse(button.isHighlighted)
        XCTAssertFalse(button.isTracking)
        XCTAssertEqual(log.names, ["touchDown", "touchUpInside", "primaryActionTriggered"])
        XCTAssertTrue(log.senders.allSatisfy { $0 === button })
    }}

    func testSecondTapSendsTouchDownRepeat() { MainActor.assumeIsolated {
        let (window, _, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.tap(100, 70, at: 1)
        log.names = []
        window.tap(100, 70, at: 1.2)
        XCTAssertEqual(log.names, ["touchDown", "touchDownRepeat", "touchUpInside", "primaryActionTriggered"])
    }}

    func testReleaseFarOutsideSendsTouchUpOutside() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.touch(0, .began, 100, 70, at: 1)
        window.touch(0, .moved, 260, 70, at: 1.1)   // 110 pt right of the bounds: beyond the 70 pt margin
        XCTAssertFalse(button.isHighlighted)
        XCTAssertFalse(button.isTouchInside)
        window.touch(0, .ended, 260, 70, at: 1.2)
        XCTAssertEqual(log.names, ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }}

    func testReleaseWithinTheMarginCountsAsInside() { MainActor.assumeIsolated {
        let (window, _, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.touch(0, .began, 100, 70, at: 1)
        window.touch(0, .moved, 210, 70, at: 1.1)   // 60 pt outside the bounds
        window.touch(0, .ended, 210, 70, at: 1.2)
        XCTAssertEqual(log.names, ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
    }}

    func testDragOutsideThenBackInside() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.touch(0, .began, 100, 70, at: 1)
        window.touch(0, .moved, 100, 250, at: 1.1)
        XCTAssertFalse(button.isHighlighted)
        window.touch(0, .moved, 120, 60, at: 1.2)
        XCTAssertTrue(button.isHighlighted)
        window.touch(0, .ended, 120, 60, at: 1.3)
        XCTAssertEqual(log.names, ["touchDown", "touchDragExit", "touchDragOutside", "touchDragEnter", "touchDragInside",
                                   "touchUpInside", "primaryActionTriggered"])
    }}

    func testCancelSendsTouchCancel() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        window.touch(0, .began, 100, 70, at: 1)
        window.cancelAllTouches(timestamp: 1.1)
        XCTAssertFalse(button.isHighlighted)
        XCTAssertFalse(button.isTracking)
        XCTAssertEqual(log.names, ["touchDown", "touchCancel"])
    }}

    func testDisabledControlGetsNothing() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        var handled = 0
        button.addAction(UIAction { _ in handled += 1 }, for: .touchUpInside)
        button.isEnabled = false
        XCTAssertEqual(button.state, .disabled)
        window.touch(0, .began, 100, 70, at: 1)
        XCTAssertFalse(button.isHighlighted)
        window.touch(0, .moved, 110, 70, at: 1.1)
        window.touch(0, .ended, 110, 70, at: 1.2)
        XCTAssertEqual(log.names, [])
        XCTAssertEqual(handled, 0)
        button.isEnabled = true
        window.tap(100, 70, at: 2)
        XCTAssertEqual(handled, 1)
    }}

    func testUIActionHandlerIsCalledWithTheControlAsSender() { MainActor.assumeIsolated {
        let (window, button, _, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        var titles: [String] = []
        var senderWasButton = false
        let action = UIAction(title: "Go") { action in
            titles.append(action.title)
            senderWasButton = action.sender as AnyObject? === button
        }
        button.addAction(action, for: .touchUpInside)
        window.tap(100, 70, at: 1)
        XCTAssertEqual(titles, ["Go"])
        XCTAssertTrue(senderWasButton)
        button.removeAction(action, for: .touchUpInside)
        window.tap(100, 70, at: 2)
        XCTAssertEqual(titles, ["Go"])

        // The iOS 14 initializer: the action's title is the button's, run for primaryActionTriggered.
        var count = 0
        let b2 = UIButton(type: .system, primaryAction: UIAction(title: "Save") { _ in count += 1 })
        b2.frame = CGRect(x: 50, y: 150, width: 100, height: 40)
        window.addSubview(b2)
        XCTAssertEqual(b2.currentTitle, "Save")
        window.tap(100, 170, at: 3)
        XCTAssertEqual(count, 1)
    }}

    func testTargetsCanBeListedAndRemoved() { MainActor.assumeIsolated {
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        let other = ActionLog()
        button.addTarget(other, action: "tapped", for: .touchUpInside)
        XCTAssertEqual(button.allTargets.count, 2)
        XCTAssertEqual(button.actions(forTarget: other, forControlEvent: .touchUpInside), ["tapped"])
        XCTAssertNil(button.actions(forTarget: other, forControlEvent: .touchDown))
        XCTAssertTrue(button.allControlEvents.contains([.touchDown, .touchUpInside, .valueChanged]))
        button.removeTarget(log, action: nil, for: .allEvents)
        XCTAssertEqual(button.allTargets.count, 1)
        window.tap(100, 70, at: 1)
        XCTAssertEqual(log.names, [])
        XCTAssertEqual(other.names, ["tapped"])
        // sendActions(for:) sends exactly the events asked for.
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(other.names, ["tapped", "tapped"])
        button.removeTarget(nil, action: nil, for: .allEvents)
        XCTAssertTrue(button.allTargets.isEmpty)
    }}

    func testNilTargetGoesUpTheResponderChain() { MainActor.assumeIsolated {
        final class Container: UIView, UIControlTarget {
            var names: [String] = []
            func perform(_ action: Selector, sender: Any?, event: UIEvent?) { names.append(action.name) }
        }
        let (window, renderer) = makeRenderedWindow()
        let container = Container(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 50, width: 100, height: 40)
        container.addSubview(button)
        window.addSubview(container)
        button.addTarget(nil, action: "save", for: .touchUpInside)
        window.tap(100, 70, at: 1)
        XCTAssertEqual(container.names, ["save"])
        _ = renderer
    }}

    func testActionsWriteTraceLines() throws { try MainActor.assumeIsolated {
        // The log target is kept alive: targets are held weakly, and a gone target gets nothing.
        let (window, button, log, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        let path = NSTemporaryDirectory() + "control-trace-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try TraceWriter(path: path)
        UIControl.actionTrace = trace
        button.accessibilityIdentifier = "save-button"
        window.tap(100, 70, at: 1)
        UIControl.actionTrace = nil
        trace.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(objects.map { $0["event"] as? String }, ["touchDown", "touchUpInside", "primaryActionTriggered"])
        XCTAssertTrue(objects.allSatisfy { $0["type"] as? String == "action" && $0["target"] as? String == "save-button" })
        XCTAssertTrue(lines[1].hasPrefix(#"{"event":"touchUpInside","target":"save-button","time":"#), String(lines[1]))
        XCTAssertEqual(log.names.count, 3)
    }}

    func testEventAndStateRawValuesAreApples() { MainActor.assumeIsolated {
        XCTAssertEqual(UIControl.Event.touchUpInside.rawValue, 64)
        XCTAssertEqual(UIControl.Event.touchCancel.rawValue, 256)
        XCTAssertEqual(UIControl.Event.valueChanged.rawValue, 4096)
        XCTAssertEqual(UIControl.Event.primaryActionTriggered.rawValue, 8192)
        XCTAssertEqual(UIControl.Event.editingDidBegin.rawValue, 65536)
        XCTAssertEqual(UIControl.Event.allTouchEvents.rawValue, 0xFFF)
        XCTAssertEqual(UIControl.State.selected.rawValue, 4)
        XCTAssertEqual(UIControl.State.focused.rawValue, 8)
        XCTAssertEqual(UIControl.Event([.touchDown, .valueChanged]).singleEvents.map(\.name), ["touchDown", "valueChanged"])
    }}

    func testTargetsAreHeldWeakly() { MainActor.assumeIsolated {
        let (window, button, _, _) = install(UIButton(type: .system), frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        weak var gone: ActionLog?
        do {
            let temporary = ActionLog()
            gone = temporary
            button.addTarget(temporary, action: "tapped", for: .touchUpInside)
        }
        XCTAssertNil(gone)
        window.tap(100, 70, at: 1)   // nothing to call, no crash
    }}

    // MARK: Button

    func testButtonTitlePerState() { MainActor.assumeIsolated {
        let button = UIButton(type: .system)
        XCTAssertNil(button.currentTitle)
        button.setTitle("Normal", for: .normal)
        button.setTitle("Pressed", for: .highlighted)
        button.setTitleColor(.red, for: .normal)
        XCTAssertEqual(button.currentTitle, "Normal")
        XCTAssertEqual(button.titleLabel?.text, "Normal")
        button.isHighlighted = true
        XCTAssertEqual(button.currentTitle, "Pressed")
        XCTAssertEqual(button.titleLabel?.text, "Pressed")
        XCTAssertEqual(button.currentTitleColor, .red, "falls back to the normal colour")
        button.isHighlighted = false
        button.isSelected = true
        XCTAssertEqual(button.state, .selected)
        XCTAssertEqual(button.currentTitle, "Normal", "falls back to the normal title")
        XCTAssertEqual(button.title(for: .disabled), "Normal")
        button.setTitle("Off", for: .disabled)
        button.isSelected = false
        button.isEnabled = false
        XCTAssertEqual(button.currentTitle, "Off")
    }}

    func testSystemButtonDimsItsTitleWhileHighlighted() { MainActor.assumeIsolated {
        let button = UIButton(type: .system)
        button.setTitle("Tap", for: .normal)
        XCTAssertEqual(button.currentTitleColor.cgColor, CGColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1))
        XCTAssertEqual(button.titleLabel?.alpha, 1)
        button.isHighlighted = true
        XCTAssertEqual(button.titleLabel!.alpha, 0.2, accuracy: 1e-6)
        let custom = UIButton(type: .custom)
        custom.setTitle("Tap", for: .normal)
        XCTAssertEqual(custom.currentTitleColor.cgColor, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    }}

    func testButtonSizeToFitAndCentredTitle() { MainActor.assumeIsolated {
        let button = UIButton(type: .system)
        button.setTitle("Howdy", for: .normal)
        button.sizeToFit()
        XCTAssertGreaterThan(button.bounds.width, 30)
        XCTAssertEqual(button.bounds.height, 30)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.layoutIfNeeded()
        let title = button.titleLabel!.frame
        XCTAssertEqual(title.midX, 100, accuracy: 1)
        XCTAssertEqual(title.midY, 30, accuracy: 1)
    }}

    // MARK: Label

    func testLabelSizeThatFitsGrowsWithText() { MainActor.assumeIsolated {
        let label = UILabel()
        XCTAssertEqual(label.sizeThatFits(.zero), .zero)
        label.text = "Hi"
        let short = label.sizeThatFits(.zero)
        label.text = "Hello, wide world"
        let long = label.sizeThatFits(.zero)
        XCTAssertGreaterThan(short.width, 5)
        XCTAssertGreaterThan(long.width, short.width * 3)
        XCTAssertEqual(long.height, short.height)
        XCTAssertEqual(short.height, 20, accuracy: 4, "one line of 17-point text")
        label.font = .systemFont(ofSize: 34)
        XCTAssertGreaterThan(label.sizeThatFits(.zero).height, short.height * 1.8)
        // Wrapping: more lines within a narrow width; numberOfLines limits them.
        label.font = .systemFont(ofSize: 17)
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 60, height: 0))
        XCTAssertLessThanOrEqual(wrapped.width, 60)
        XCTAssertGreaterThan(wrapped.height, short.height * 2)
        label.numberOfLines = 2
        XCTAssertEqual(label.sizeThatFits(CGSize(width: 60, height: 0)).height, short.height * 2, accuracy: 1)
    }}

    func testLabelCentresItsTextVertically() { MainActor.assumeIsolated {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        label.text = "Middle"
        label.textAlignment = .center
        label.layoutIfNeeded()
        XCTAssertEqual(label.textLayer.frame.midY, 50, accuracy: 1)
        XCTAssertEqual(label.textLayer.frame.width, 200)
        XCTAssertEqual(label.textLayer.alignmentMode, .center)
        XCTAssertEqual(label.textLayer.fontSize, 17)
        XCTAssertEqual(label.textLayer.font as? String, ".SFUI-Regular")
        XCTAssertEqual(label.textLayer.truncationMode, .end)
        XCTAssertFalse(label.isUserInteractionEnabled)
        label.font = UIFont(name: "Helvetica-Bold", size: 20)
        XCTAssertEqual(label.font.pointSize, 20)
        XCTAssertEqual(label.font.familyName, "Helvetica")
        XCTAssertEqual(label.textLayer.font as? String, "Helvetica-Bold")
        XCTAssertNil(UIFont(name: "", size: 12))
        XCTAssertEqual(NSTextAlignment.natural.rawValue, 4)
        label.contentScaleFactor = 2
        XCTAssertEqual(label.textLayer.contentsScale, 2)
    }}

    // MARK: Slider

    func testSliderValueFollowsADragOfTheThumb() { MainActor.assumeIsolated {
        // Thumb centre travels from x = 20 + 14 to 20 + 214 (200 points for the range 0...10).
        let (window, slider, log, _) = install(UISlider(), frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.maximumValue = 10
        XCTAssertEqual(slider.value, 0)
        window.touch(0, .began, 36, 115, at: 1)   // on the thumb, 2 pt right of its centre
        window.touch(0, .moved, 136, 115, at: 1.1)
        XCTAssertEqual(slider.value, 5, accuracy: 1e-5)
        XCTAssertEqual(slider.thumb.position.x, 114, accuracy: 1e-9)
        window.touch(0, .moved, 600, 400, at: 1.2)   // far away: clamped, still tracking
        XCTAssertEqual(slider.value, 10)
        window.touch(0, .ended, 600, 400, at: 1.3)
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 2)
        XCTAssertEqual(log.names.first, "touchDown")
        XCTAssertEqual(log.names.last, "touchUpOutside")
        // A touch away from the thumb does not move it.
        log.names = []
        window.touch(0, .began, 60, 115, at: 2)
        window.touch(0, .moved, 40, 115, at: 2.1)
        window.touch(0, .ended, 40, 115, at: 2.2)
        XCTAssertEqual(slider.value, 10)
        XCTAssertEqual(log.names, [])
    }}

    func testNonContinuousSliderSendsOneValueChangedAtTheEnd() { MainActor.assumeIsolated {
        let (window, slider, log, _) = install(UISlider(), frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.isContinuous = false
        slider.setValue(0.5, animated: false)
        window.touch(0, .began, 134, 115, at: 1)
        window.touch(0, .moved, 154, 115, at: 1.1)
        window.touch(0, .moved, 174, 115, at: 1.2)
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }, [])
        window.touch(0, .ended, 174, 115, at: 1.3)
        XCTAssertEqual(slider.value, 0.7, accuracy: 1e-5)
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 1)
        slider.value = 42
        XCTAssertEqual(slider.value, 1, "clamped")
    }}

    // MARK: Switch

    func testSwitchTapTogglesAndSlidesTheThumb() { MainActor.assumeIsolated {
        let (window, toggle, log, _) = install(UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0)))
        XCTAssertEqual(toggle.bounds.size, CGSize(width: 51, height: 31))
        XCTAssertFalse(toggle.isOn)
        window.tap(120, 115, at: 1)
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(log.names, ["touchDown", "valueChanged", "primaryActionTriggered", "touchUpInside"])
        XCTAssertEqual(toggle.thumb.position.x, 51 - 15.5, accuracy: 1e-9)
        let animation = toggle.thumb.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(animation, "the thumb slides")
        XCTAssertEqual(animation?.duration ?? 0, 0.25, accuracy: 1e-9)
        window.tap(120, 115, at: 2)
        XCTAssertFalse(toggle.isOn)
        // setOn sends nothing.
        log.names = []
        toggle.setOn(true, animated: false)
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(log.names, [])
    }}

    // MARK: Segmented control

    func testSegmentTapSelectsAndSendsValueChanged() { MainActor.assumeIsolated {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        XCTAssertEqual(control.numberOfSegments, 3)
        XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
        XCTAssertEqual(control.bounds.height, 32)
        let (window, _, log, _) = install(control, frame: CGRect(x: 0, y: 200, width: 300, height: 32))
        window.tap(250, 216, at: 1)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 1)
        window.tap(260, 216, at: 2)   // the same segment: no change
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 1)
        window.tap(50, 216, at: 3)
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 2)
        control.selectedSegmentIndex = 1   // by code: no event
        XCTAssertEqual(log.names.filter { $0 == "valueChanged" }.count, 2)
        control.setTitle("Deux", forSegmentAt: 1)
        XCTAssertEqual(control.titleForSegment(at: 1), "Deux")
        control.setEnabled(false, forSegmentAt: 2)
        window.tap(250, 216, at: 4)
        XCTAssertEqual(control.selectedSegmentIndex, 1)
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        XCTAssertEqual(control.numberOfSegments, 4)
        XCTAssertEqual(control.selectedSegmentIndex, 2, "the selection moves with its segment")
    }}
}
