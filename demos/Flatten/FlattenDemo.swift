import Foundation
import UIKit

extension Demo {
    static let flatten = Demo(name: "flatten", summary: "nested views with opposite rotations: about Z they cancel, about Y (with perspective) they do not, because a layer flattens its sublayers onto its plane; --variant z|y or keys 1-2 (Lockwood ch. 5)",
        run: { options in ControllerDemo.run(title: "Layer Flattening", options, controller: makeFlatten) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makeFlatten) },
        variants: FlattenViewController.Listing.arguments)

    @MainActor private static func makeFlatten(_ options: DemoOptions) -> UIViewController {
        FlattenViewController(listing: options.variant.flatMap(FlattenViewController.Listing.init(argument:)) ?? .z)
    }
}
