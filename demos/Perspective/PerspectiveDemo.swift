import Foundation
import UIKit

extension Demo {
    static let perspective = Demo(name: "perspective", summary: "3D layer transforms: a turn about Y without and with perspective (m34 = -1/500), the mirrored back (D toggles doubleSided), one vanishing point for two views through sublayerTransform, zPosition under an eye position of 500; --variant or keys 1-5 (Lockwood ch. 5, Apple's guide)",
        run: { options in ControllerDemo.run(title: "Perspective", options, controller: makePerspective) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makePerspective) },
        variants: PerspectiveViewController.Listing.arguments)

    @MainActor private static func makePerspective(_ options: DemoOptions) -> UIViewController {
        PerspectiveViewController(listing: options.variant.flatMap(PerspectiveViewController.Listing.init(argument:)) ?? .isometric)
    }
}
