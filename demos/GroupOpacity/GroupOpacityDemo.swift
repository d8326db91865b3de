import Foundation
import UIKit

/// `demo group-opacity` (Lockwood listing 4.7): `--variant rasterized|plain` or keys 1-2.
enum GroupOpacityDemo {
    @MainActor
    static func make(_ argument: String?) -> UIViewController? {
        switch argument ?? "rasterized" {
        case "rasterized", "1": return GroupOpacityViewController(rasterizes: true)
        case "plain", "2": return GroupOpacityViewController(rasterizes: false)
        default: return nil
        }
    }
}

extension Demo {
    static let groupOpacity = Demo(name: "group-opacity", summary: "a half-transparent button with a label inside: blended layer by layer the label shows through, rasterized (shouldRasterize) it fades as one; R switches, --variant rasterized|plain or keys 1-2 (Lockwood ch. 4)",
        preferredSize: CGSize(width: 440, height: 300),
        run: { options in ControllerDemo.run(title: "Group Opacity", options, GroupOpacityDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, GroupOpacityDemo.make) },
        variants: ["rasterized", "plain", "1", "2"])
}
