import QuartzCore
@testable import UIKit
import XCTest

/// `UITextField`: a tap starts editing, typed keys append, Backspace deletes, Return asks the
/// delegate, resigning ends editing; each step sends its editing event.
final class UITextFieldTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { _ = UIResponder.current?.resignFirstResponder() }
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private final class ReturnCounter: UITextFieldDelegate {
        var returns = 0
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            returns += 1
            return textField.resignFirstResponder()
        }
    }

    private func key(_ code: UIKeyboardHIDUsage, _ characters: String) -> UIKey {
        UIKey(keyCode: code, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: [])
    }

    func testTappingAndTypingEditsTheText() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 120, height: 30))
        field.borderStyle = .roundedRect
        field.text = "2"
        window.addSubview(field)
        CATransaction.flush()
        var events: [String] = []
        field.addAction(UIAction { _ in events.append("begin") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in events.append("changed") }, for: .editingChanged)
        field.addAction(UIAction { _ in events.append("end") }, for: .editingDidEnd)
        let delegate = ReturnCounter()
        field.delegate = delegate

        window.dispatchKey(key(.keyboard1, "1"), isDown: true, timestamp: 0.5)
        window.dispatchKey(key(.keyboard1, "1"), isDown: false, timestamp: 0.6)
        XCTAssertEqual(field.text, "2", "keys before editing do not type")

        window.touch(1, .began, 50, 35, at: 1)
        window.touch(1, .ended, 50, 35, at: 1.1)
        XCTAssertTrue(field.isEditing)
        XCTAssertTrue(field.isFirstResponder)
        for (code, typed) in [(UIKeyboardHIDUsage(rawValue: 0x37), "."), (UIKeyboardHIDUsage(rawValue: 0x22), "5")] {
            window.dispatchKey(key(code, typed), isDown: true, timestamp: 2)
            window.dispatchKey(key(code, typed), isDown: false, timestamp: 2.1)
        }
        XCTAssertEqual(field.text, "2.5")
        window.dispatchKey(key(.keyboardDeleteOrBackspace, "\u{8}"), isDown: true, timestamp: 3)
        window.dispatchKey(key(.keyboardDeleteOrBackspace, "\u{8}"), isDown: false, timestamp: 3.1)
        XCTAssertEqual(field.text, "2.")
        window.dispatchKey(key(.keyboardReturnOrEnter, "\r"), isDown: true, timestamp: 4)
        window.dispatchKey(key(.keyboardReturnOrEnter, "\r"), isDown: false, timestamp: 4.1)
        XCTAssertEqual(delegate.returns, 1)
        XCTAssertFalse(field.isEditing, "the delegate resigned on Return")
        XCTAssertEqual(events, ["begin", "changed", "changed", "changed", "end"])
        _ = renderer
    } }

    func testADisabledFieldDoesNotStartEditing() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 120, height: 30))
        field.isEnabled = false
        window.addSubview(field)
        CATransaction.flush()
        window.touch(1, .began, 50, 35, at: 1)
        window.touch(1, .ended, 50, 35, at: 1.1)
        XCTAssertFalse(field.isEditing)
        XCTAssertFalse(field.becomeFirstResponder())
        _ = renderer
    } }
}
