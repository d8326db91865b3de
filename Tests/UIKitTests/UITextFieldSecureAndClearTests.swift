import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UITextField`'s secure entry (bullets), `isEditing`, the clear button (`clearButtonMode`) and
/// `clearsOnBeginEditing`.
final class UITextFieldSecureAndClearTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { _ = UIResponder.current?.resignFirstResponder() }
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private final class Refuser: UITextFieldDelegate {
        var asked = 0
        func textFieldShouldClear(_ textField: UITextField) -> Bool {
            asked += 1
            return false
        }
    }

    @MainActor private func shownText(_ field: UITextField) -> String? {
        (field.subviews.compactMap { $0 as? UILabel }.last)?.text
    }

    func testSecureEntryDrawsBulletsAndKeepsTheText() { MainActor.assumeIsolated {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        XCTAssertFalse(field.isSecureTextEntry)
        field.text = "secret"
        XCTAssertEqual(shownText(field), "secret")
        field.isSecureTextEntry = true
        XCTAssertEqual(field.text, "secret")
        XCTAssertEqual(shownText(field), String(repeating: "\u{2022}", count: 6))
        field.text = "ab"
        XCTAssertEqual(shownText(field), "\u{2022}\u{2022}")
        field.text = nil
        XCTAssertEqual(field.text, "")
    } }

    func testTheClearButtonFollowsItsModeAndEmptiesTheField() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        XCTAssertEqual(field.clearButtonMode, .never)
        XCTAssertFalse(field.clearsOnBeginEditing)
        field.text = "hello"
        window.addSubview(field)
        CATransaction.flush()
        XCTAssertTrue(field.clearButton.isHidden)
        field.clearButtonMode = .whileEditing
        XCTAssertTrue(field.clearButton.isHidden, "not while not editing")
        field.clearButtonMode = .unlessEditing
        XCTAssertFalse(field.clearButton.isHidden)
        field.clearButtonMode = .always
        XCTAssertFalse(field.clearButton.isHidden)
        var changes = 0
        field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
        field.layoutIfNeeded()
        let clear = field.clearButtonRect(forBounds: field.bounds)
        XCTAssertEqual(field.clearButton.frame, clear)
        XCTAssertLessThanOrEqual(field.textRect(forBounds: field.bounds).maxX, clear.minX, "the text stops before it")
        window.touch(1, .began, 20 + clear.midX, 20 + clear.midY, at: 1)
        window.touch(1, .ended, 20 + clear.midX, 20 + clear.midY, at: 1.1)
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(changes, 1)
        XCTAssertTrue(field.isEditing, "the tap also starts editing")
        XCTAssertTrue(field.clearButton.isHidden, "no text, no button")
        _ = renderer
    } }

    func testIsEditingAndClearsOnBeginEditing() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        field.text = "old"
        field.clearsOnBeginEditing = true
        field.clearButtonMode = .whileEditing
        window.addSubview(field)
        CATransaction.flush()
        var editing: [Bool] = []
        field.addAction(UIAction { _ in editing.append(field.isEditing) }, for: [.editingDidBegin, .editingDidEnd])
        XCTAssertFalse(field.isEditing)
        let delegate = Refuser()
        field.delegate = delegate
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(field.isEditing)
        XCTAssertEqual(delegate.asked, 1)
        XCTAssertEqual(field.text, "old", "the delegate refused")
        XCTAssertFalse(field.clearButton.isHidden, "shown while editing")
        field.resignFirstResponder()
        XCTAssertFalse(field.isEditing)
        XCTAssertTrue(field.clearButton.isHidden)
        field.delegate = nil
        field.becomeFirstResponder()
        XCTAssertEqual(field.text, "", "cleared as editing begins")
        field.resignFirstResponder()
        XCTAssertEqual(editing, [true, false, true, false])
        _ = renderer
    } }

    func testBulletsAndTheClearButtonAreDrawn() { MainActor.assumeIsolated {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.backgroundColor = .white
        field.text = "abc"
        field.isSecureTextEntry = true
        field.clearButtonMode = .always
        let pixels = renderedPixels(of: field)
        let clear = field.clearButtonRect(forBounds: field.bounds)
        let grey = pixels.rgba(Int(clear.midX) - 6, Int(clear.midY))
        XCTAssertTrue((170...186).contains(grey[0]) && grey[0] == grey[2], "the grey circle: \(grey)")
        XCTAssertGreaterThan(pixels.count(in: CGRect(x: 0, y: 0, width: 100, height: 30), where: { $0[0] < 100 }), 10,
                             "dark bullets")
    } }
}
