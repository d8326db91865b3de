import Foundation
import UIKit

/// `demo effects` (Lockwood listings 4.1-4.4, the guide's listing 2-5 and figures 2-4 and 2-5):
/// `--variant corners|border|shadow|shadow-path|guide` or keys 1-5.
enum EffectsDemo {
    static let variants = ["corners", "border", "shadow", "shadow-path", "guide"]

    @MainActor
    static func make(_ argument: String?) -> UIViewController? {
        let name = argument.flatMap(Int.init).map { (1...variants.count).contains($0) ? variants[$0 - 1] : "" } ?? argument ?? variants[0]
        switch name {
        case "corners": return CornerRadiusViewController()
        case "border": return BorderViewController()
        case "shadow": return ShadowViewController()
        case "shadow-path": return ShadowPathViewController()
        case "guide": return GuideStyleViewController()
        default: return nil
        }
    }
}

extension Demo {
    static let effects = Demo(name: "effects", summary: "layer visual effects on two views with overflowing red subviews: cornerRadius and masksToBounds, borders, shadows (with an outer view when clipping), shadow paths; the guide's background, border and shadow; --variant corners|border|shadow|shadow-path|guide or keys 1-5 (Lockwood ch. 4)",
        run: { options in ControllerDemo.run(title: "Effects", options, EffectsDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, EffectsDemo.make) },
        variants: EffectsDemo.variants + ["1", "2", "3", "4", "5"])
}
