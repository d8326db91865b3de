import CoreGraphics
import Foundation

/// An effect a `UIVisualEffectView` applies: a `UIBlurEffect` or a `UIVibrancyEffect`.
open class UIVisualEffect: NSObject, NSCopying {
    public override init() { super.init() }

    /// Effects are immutable: a copy is the effect itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A blur of the content behind a `UIVisualEffectView`, tinted by its style.
open class UIBlurEffect: UIVisualEffect {
    /// The looks of a blur (Apple's names and raw values).
    public enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        /// tvOS only on Apple's platforms; drawn as `.dark` with a deeper tint.
        case extraDark = 3
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    /// The style (not public on Apple's platforms).
    let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The blur's radius in points and the tint drawn over it (a Linux approximation of Apple's
    /// materials: light styles white at 0.3–0.75 alpha, dark ones near-black; the styles without
    /// Light or Dark follow the light appearance).
    var appearance: (radius: CGFloat, white: CGFloat, alpha: CGFloat) {
        switch style {
        case .extraLight: return (20, 0.97, 0.75)
        case .light: return (20, 1, 0.5)
        case .dark: return (20, 0.11, 0.73)
        case .extraDark: return (20, 0.05, 0.85)
        case .regular: return (20, 1, 0.55)
        case .prominent: return (20, 0.98, 0.7)
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return (15, 1, 0.3)
        case .systemThinMaterial, .systemThinMaterialLight: return (20, 1, 0.45)
        case .systemMaterial, .systemMaterialLight: return (20, 1, 0.6)
        case .systemThickMaterial, .systemThickMaterialLight: return (20, 1, 0.72)
        case .systemChromeMaterial, .systemChromeMaterialLight: return (20, 0.97, 0.65)
        case .systemUltraThinMaterialDark: return (15, 0.1, 0.3)
        case .systemThinMaterialDark: return (20, 0.1, 0.45)
        case .systemMaterialDark: return (20, 0.1, 0.6)
        case .systemThickMaterialDark: return (20, 0.1, 0.72)
        case .systemChromeMaterialDark: return (20, 0.12, 0.65)
        }
    }
}

/// Vibrancy for content over a blur (stored; drawn here as no effect of its own).
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur the vibrancy goes with.
    let blurEffect: UIBlurEffect

    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}
