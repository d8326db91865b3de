import Foundation

/// The accessibility properties set on a view; nil: not set, the class's default applies.
struct AccessibilitySettings {
    var isElement: Bool?
    var label: String??
    var value: String??
    var hint: String??
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
}

/// A class's defaults for the accessibility properties that have one.
struct AccessibilityDefaults {
    var isElement = false
    var label: String?
    var traits: UIAccessibilityTraits = .none
}

extension UIView {
    /// UIKit's defaults for the view's class: a label is a `.staticText` element named by its text,
    /// a button a `.button` element named by its title, an image view `.image` but not an element;
    /// disabled ones add `.notEnabled` (and a selected control `.selected`). Other views: none.
    /// (Decided here rather than by overrides so that the controls' files stay as they are.)
    var defaultAccessibility: AccessibilityDefaults {
        switch self {
        case let label as UILabel:
            return AccessibilityDefaults(isElement: true, label: label.text,
                                         traits: label.isEnabled ? .staticText : [.staticText, .notEnabled])
        case let button as UIButton:
            var traits: UIAccessibilityTraits = .button
            if !button.isEnabled { traits.insert(.notEnabled) }
            if button.isSelected { traits.insert(.selected) }
            return AccessibilityDefaults(isElement: true, label: button.currentTitle, traits: traits)
        case is UIImageView:
            return AccessibilityDefaults(isElement: false, label: nil, traits: .image)
        default:
            return AccessibilityDefaults()
        }
    }
}
