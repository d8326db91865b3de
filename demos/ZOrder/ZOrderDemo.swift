import Foundation
import UIKit

/// `demo zorder` (Lockwood listing 3.3): `--variant raised` (the listing: green zPosition 1) or
/// `flat` (zPosition 0), keys 1-2.
enum ZOrderDemo {
    @MainActor
    static func make(_ argument: String?) -> UIViewController? {
        switch argument ?? "raised" {
        case "raised", "1": return ZOrderViewController(raisesGreen: true)
        case "flat", "2": return ZOrderViewController(raisesGreen: false)
        default: return nil
        }
    }
}

extension Demo {
    static let zorder = Demo(name: "zorder", summary: "zPosition 1 draws the green view over the red one that follows it, but clicks in the overlap still reach the red view; Z switches, --variant raised|flat or keys 1-2; --click X,Y (Lockwood ch. 3)",
        run: { options in ControllerDemo.run(title: "Z Order", options, ZOrderDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, ZOrderDemo.make) },
        variants: ["raised", "flat", "1", "2"])
}
