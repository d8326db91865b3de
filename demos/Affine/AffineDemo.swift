import Foundation
import UIKit

extension Demo {
    static let affine = Demo(name: "affine", summary: "a view's layer.affineTransform: 45° rotation, scale-rotate-translate compound (moved by (86.6, 50)), shear; --variant or keys 1-3 (Lockwood ch. 5)",
        run: { options in ControllerDemo.run(title: "Affine Transforms", options, controller: makeAffine) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makeAffine) },
        variants: AffineViewController.Listing.arguments)

    @MainActor private static func makeAffine(_ options: DemoOptions) -> UIViewController {
        AffineViewController(listing: options.variant.flatMap(AffineViewController.Listing.init(argument:)) ?? .rotate)
    }
}
