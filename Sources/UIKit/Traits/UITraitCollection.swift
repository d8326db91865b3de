import CoreGraphics
import Foundation

/// The traits of the environment a view is shown in: its interface style, scale, size classes,
/// idiom and preferred text size. A trait left unspecified (`.unspecified`, or 0 for `displayScale`)
/// says nothing; `init(traitsFrom:)` combines collections, later ones winning.
///
/// Windows, views and controllers (`UITraitEnvironment`) answer with the traits of their window:
/// `.light`, the screen's scale, `.pad`, `.large`, and the size classes of the window's size
/// (`sizeClasses(for:)`).
open class UITraitCollection: NSObject, @unchecked Sendable {
    open private(set) var userInterfaceStyle: UIUserInterfaceStyle = .unspecified
    /// Pixels per point; 0 when unspecified.
    open private(set) var displayScale: CGFloat = 0
    open private(set) var horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified
    open private(set) var verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
    open private(set) var userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified
    open private(set) var preferredContentSizeCategory: UIContentSizeCategory = .unspecified

    /// A collection with every trait unspecified.
    public override init() {
        super.init()
    }

    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init()
        self.userInterfaceStyle = userInterfaceStyle
    }

    public convenience init(displayScale scale: CGFloat) {
        self.init()
        // A scale that is not a positive number is left unspecified.
        self.displayScale = scale.isFinite && scale > 0 ? scale : 0
    }

    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init()
        self.horizontalSizeClass = horizontalSizeClass
    }

    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init()
        self.verticalSizeClass = verticalSizeClass
    }

    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) {
        self.init()
        self.userInterfaceIdiom = idiom
    }

    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init()
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The traits of `traitCollections` combined: each specified trait of a later collection replaces
    /// that of an earlier one.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        self.init()
        for t in traitCollections {
            if t.userInterfaceStyle != .unspecified { userInterfaceStyle = t.userInterfaceStyle }
            if t.displayScale != 0 { displayScale = t.displayScale }
            if t.horizontalSizeClass != .unspecified { horizontalSizeClass = t.horizontalSizeClass }
            if t.verticalSizeClass != .unspecified { verticalSizeClass = t.verticalSizeClass }
            if t.userInterfaceIdiom != .unspecified { userInterfaceIdiom = t.userInterfaceIdiom }
            if t.preferredContentSizeCategory != .unspecified {
                preferredContentSizeCategory = t.preferredContentSizeCategory
            }
        }
    }

    /// Whether every trait `trait` specifies has the same value here (true for nil).
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait else { return true }
        return (t.userInterfaceStyle == .unspecified || t.userInterfaceStyle == userInterfaceStyle)
            && (t.displayScale == 0 || t.displayScale == displayScale)
            && (t.horizontalSizeClass == .unspecified || t.horizontalSizeClass == horizontalSizeClass)
            && (t.verticalSizeClass == .unspecified || t.verticalSizeClass == verticalSizeClass)
            && (t.userInterfaceIdiom == .unspecified || t.userInterfaceIdiom == userInterfaceIdiom)
            && (t.preferredContentSizeCategory == .unspecified
                || t.preferredContentSizeCategory == preferredContentSizeCategory)
    }

    /// Whether the collections differ in a trait that changes colours (`userInterfaceStyle`), as
    /// Apple's method answers for its colour-affecting traits.
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        userInterfaceStyle != (traitCollection?.userInterfaceStyle ?? .unspecified)
    }

    /// Equal when every trait is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return containsTraits(in: other) && other.containsTraits(in: self)
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(userInterfaceStyle)
        h.combine(displayScale)
        h.combine(horizontalSizeClass)
        h.combine(verticalSizeClass)
        h.combine(userInterfaceIdiom)
        h.combine(preferredContentSizeCategory)
        return h.finalize()
    }

    open override var description: String {
        "<UITraitCollection: style \(userInterfaceStyle), scale \(displayScale), "
            + "size classes \(horizontalSizeClass)/\(verticalSizeClass), idiom \(userInterfaceIdiom), "
            + "text \(preferredContentSizeCategory.rawValue)>"
    }

    // MARK: The current collection

    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var storedCurrent: UITraitCollection?

    /// The traits that code resolving colours or fonts should use now. Apple sets it per thread while
    /// it draws, lays out and calls `traitCollectionDidChange(_:)`; this UIKit does not set it itself:
    /// until the program sets it, it is the main screen's traits.
    open class var current: UITraitCollection {
        get {
            currentLock.lock()
            let stored = storedCurrent
            currentLock.unlock()
            if let stored { return stored }
            // Off the main thread the screen cannot be asked: its traits at 1x.
            guard Thread.isMainThread else { return UITraitCollection.defaultEnvironment(displayScale: 1) }
            return MainActor.assumeIsolated { UIScreen.main.traitCollection }
        }
        set {
            currentLock.lock()
            storedCurrent = newValue
            currentLock.unlock()
        }
    }

    // MARK: How this UIKit fills the traits

    /// The size classes of a window of `size` points, as iPhones and iPads report them: a width of
    /// less than 600 points is compact (every iPhone in portrait, and an iPad's narrow split-screen
    /// and Slide Over widths), 600 or more regular; a height of less than 600 points is compact (an
    /// iPhone in landscape), 600 or more regular.
    public static func sizeClasses(for size: CGSize) -> (horizontal: UIUserInterfaceSizeClass,
                                                         vertical: UIUserInterfaceSizeClass) {
        // NaN compares false: a size that is not a number is compact.
        (size.width >= 600 ? .regular : .compact, size.height >= 600 ? .regular : .compact)
    }

    /// The full collection of an environment of `size` (size classes unspecified when nil).
    static func defaultEnvironment(displayScale: CGFloat, size: CGSize? = nil) -> UITraitCollection {
        let t = UITraitCollection()
        t.userInterfaceStyle = .light
        t.displayScale = displayScale
        t.userInterfaceIdiom = .pad
        t.preferredContentSizeCategory = .large
        if let size {
            (t.horizontalSizeClass, t.verticalSizeClass) = sizeClasses(for: size)
        }
        return t
    }
}
