import CoreGraphics
import Foundation
import QuartzCore

/// The delegate of a `UITextField` (the methods a small UIKit needs; all optional).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    /// Whether to empty the field: asked for a tap on the clear button and, with
    /// `clearsOnBeginEditing`, when editing begins.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
}

/// One line of editable text: a tap makes it the first responder (editing), typed keys insert
/// their characters at the end, Backspace deletes the last one, Return asks the delegate's
/// `textFieldShouldReturn(_:)`. Sends `.editingDidBegin`, `.editingChanged` and `.editingDidEnd`.
/// A small subset of UIKit's: no caret placement, selection or on-screen keyboard (a desktop's
/// keyboard types); the text is drawn by a label inset from the border. `isSecureTextEntry` draws a
/// bullet (•) per character; the clear button (a grey circle with a white cross at the right end,
/// shown by `clearButtonMode` while there is text) empties the field on a tap.
@preconcurrency @MainActor
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (the clear button) is shown (Apple's raw values).
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// The text ("" when empty: setting nil empties it, as Apple's).
    open var text: String? {
        get { storedText }
        set { storedText = newValue ?? ""; showText() }
    }

    private var storedText = ""

    /// Whether the text is hidden behind a bullet (•) per character, as for a password (false by default).
    open var isSecureTextEntry = false { didSet { showText() } }

    /// When the clear button is shown, if there is text (`.never` by default).
    open var clearButtonMode: ViewMode = .never { didSet { showClearButton() } }

    /// Whether beginning to edit empties the field (false by default; the delegate's
    /// `textFieldShouldClear(_:)` may refuse).
    open var clearsOnBeginEditing = false

    open var placeholder: String? { didSet { showText() } }

    open var font: UIFont? {
        get { label.font }
        set { label.font = newValue ?? UIFont.systemFont(ofSize: 17); placeholderLabel.font = label.font }
    }

    open var textColor: UIColor? {
        get { label.textColor }
        set { label.textColor = newValue ?? .black }
    }

    open var textAlignment: NSTextAlignment {
        get { label.textAlignment }
        set { label.textAlignment = newValue; placeholderLabel.textAlignment = newValue }
    }

    open var borderStyle: BorderStyle = .none { didSet { applyBorder() } }

    open weak var delegate: UITextFieldDelegate?

    /// Whether the field is being edited: true from the start of editing (becoming the first
    /// responder) to its end (resigning).
    open private(set) var isEditing = false

    private let label = UILabel()
    /// The clear button (a Linux detail: a view drawn with layers; taps on it are the field's).
    let clearButton = UIView()
    /// The clear button's side.
    static let clearButtonSide: CGFloat = 19
    private let placeholderLabel = UILabel()
    /// The text's inset from the bounds, as UIKit's rounded-rect field draws it.
    static let textInset: CGFloat = 7

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        label.text = ""
        placeholderLabel.textColor = UIColor(white: 0.7, alpha: 1)
        addSubview(placeholderLabel)
        addSubview(label)
        makeClearButton()
        addSubview(clearButton)
        applyBorder()
        showText()
    }

    /// A grey circle with a white cross.
    private func makeClearButton() {
        let side = Self.clearButtonSide
        clearButton.isUserInteractionEnabled = false
        clearButton.backgroundColor = UIColor(white: 0.7, alpha: 1)
        clearButton.layer.cornerRadius = side / 2
        for angle in [CGFloat.pi / 4, -CGFloat.pi / 4] {
            let bar = ControlLayerDelegate.adopt(CALayer())
            bar.backgroundColor = UIColor.white.cgColor
            bar.bounds = CGRect(x: 0, y: 0, width: side * 0.5, height: 1.5)
            bar.position = CGPoint(x: side / 2, y: side / 2)
            bar.setAffineTransform(CGAffineTransform(rotationAngle: angle))
            clearButton.layer.addSublayer(bar)
        }
        clearButton.isHidden = true
    }

    /// Where the clear button is drawn: at the right end, centred vertically.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side = Self.clearButtonSide
        return CGRect(x: bounds.maxX - side - 6, y: bounds.minY + ((bounds.height - side) / 2).rounded(),
                      width: side, height: side)
    }

    /// Where the text is drawn: the bounds inset from the border, less the clear button when shown.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: Self.textInset, dy: 0)
        if isClearButtonShown { rect.size.width = max(clearButtonRect(forBounds: bounds).minX - 4 - rect.minX, 0) }
        return rect
    }

    /// Where the text is drawn while editing: `textRect(forBounds:)`.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Where the placeholder is drawn: `textRect(forBounds:)`.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        placeholderLabel.frame = placeholderRect(forBounds: bounds)
        clearButton.frame = clearButtonRect(forBounds: bounds)
    }

    /// Whether `clearButtonMode` shows the clear button now (only while there is text).
    var isClearButtonShown: Bool {
        guard !storedText.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }

    private func showClearButton() {
        clearButton.isHidden = !isClearButtonShown
        setNeedsLayout()
    }

    /// Empties the field when the delegate agrees; true when it did.
    private func clearIfAllowed() -> Bool {
        guard !storedText.isEmpty, delegate?.textFieldShouldClear(self) ?? true else { return false }
        text = ""
        return true
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else { return false }
        isEditing = true
        applyBorder()
        if clearsOnBeginEditing { _ = clearIfAllowed() }
        showClearButton()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let wasEditing = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        guard wasEditing else { return true }
        isEditing = false
        applyBorder()
        showClearButton()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// A tap ends in the field: it starts editing; a tap on the shown clear button also empties it
    /// (sending `.editingChanged`).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch else { return }
        let point = touch.location(in: self)
        guard isTrackingInside(point) else { return }
        if isClearButtonShown, clearButtonRect(forBounds: bounds).insetBy(dx: -6, dy: -6).contains(point) {
            if clearIfAllowed() { sendActions(for: .editingChanged) }
        }
        becomeFirstResponder()
    }

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditing else { return super.pressesBegan(presses, with: event) }
        for press in presses {
            guard let key = press.key else { continue }
            switch key.keyCode {
            case .keyboardDeleteOrBackspace:
                var current = text ?? ""
                if !current.isEmpty { current.removeLast() }
                text = current
                sendActions(for: .editingChanged)
            case .keyboardReturnOrEnter:
                if delegate?.textFieldShouldReturn(self) ?? true { sendActions(for: .editingDidEndOnExit) }
            default:
                let typed = key.characters.filter { !$0.isNewline && $0.asciiValue.map { $0 >= 0x20 && $0 != 0x7F } ?? true }
                guard !typed.isEmpty, key.modifierFlags.intersection([.control, .command]).isEmpty else { continue }
                text = (text ?? "") + typed
                sendActions(for: .editingChanged)
            }
        }
    }

    /// Shows the text (bullets when secure), the placeholder when empty, and the clear button.
    private func showText() {
        label.text = isSecureTextEntry ? String(repeating: "\u{2022}", count: storedText.count) : storedText
        placeholderLabel.text = placeholder
        placeholderLabel.isHidden = !storedText.isEmpty
        showClearButton()
    }

    private func applyBorder() {
        switch borderStyle {
        case .none:
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .line, .bezel:
            layer.borderWidth = 1
            layer.cornerRadius = 0
            layer.borderColor = UIColor.black.cgColor
        case .roundedRect:
            layer.borderWidth = 1
            layer.cornerRadius = 5
            layer.borderColor = isEditing ? UIColor(red: 0, green: 0.48, blue: 1, alpha: 1).cgColor
                : UIColor(white: 0.8, alpha: 1).cgColor
            if backgroundColor == nil { backgroundColor = .white }
        }
    }
}
