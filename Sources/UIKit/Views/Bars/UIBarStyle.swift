import Foundation

/// The look of a bar (Apple's raw values). Stored by the bars here: they are drawn light.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    @available(*, deprecated, message: "use .black and isTranslucent = false")
    public static var blackOpaque: UIBarStyle { .black }
    @available(*, deprecated, message: "use .black and isTranslucent = true")
    case blackTranslucent = 2
}
