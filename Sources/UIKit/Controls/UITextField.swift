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
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// One line of editable text: a tap makes it the first responder (editing), typed keys insert
/// their characters at the end, Backspace deletes the last one, Return asks the delegate's
/// `textFieldShouldReturn(_:)`. Sends `.editingDidBegin`, `.editingChanged` and `.editingDidEnd`.
/// A small subset of UIKit's: no caret placement, selection or on-screen keyboard (a desktop's
/// keyboard types); the text is drawn by a label inset from the border.
@preconcurrency @MainActor
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    open var text: String? {
        get { label.text ?? "" }
        set { label.text = newValue ?? ""; showPlaceholder() }
    }

    open var placeholder: String? { didSet { showPlaceholder() } }

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

    /// Whether the field is the first responder, taking the keys.
    open private(set) var isEditing = false

    private let label = UILabel()
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
        applyBorder()
        showPlaceholder()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inner = bounds.insetBy(dx: Self.textInset, dy: 0)
        label.frame = inner
        placeholderLabel.frame = inner
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else { return false }
        isEditing = true
        applyBorder()
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
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// A tap ends in the field: it starts editing.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, isTrackingInside(touch.location(in: self)) { becomeFirstResponder() }
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

    private func showPlaceholder() {
        placeholderLabel.text = placeholder
        placeholderLabel.isHidden = !(text ?? "").isEmpty
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
