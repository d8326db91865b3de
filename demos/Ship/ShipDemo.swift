import Foundation
import UIKit

extension Demo {
    static let ship = Demo(name: "ship", summary: "CAKeyframeAnimation along a Bézier path: the ship keeps pointing right, rotationMode auto turns it along the curve, a group moves a square and turns it red; --variant or keys 1-3, Space replays (Lockwood ch. 8)",
        preferredSize: CGSize(width: 380, height: 380),
        run: { options in ControllerDemo.run(title: "Ship", options, controller: makeShip) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makeShip) },
        variants: ShipViewController.Listing.arguments)

    @MainActor private static func makeShip(_ options: DemoOptions) -> UIViewController {
        ShipViewController(listing: options.variant.flatMap(ShipViewController.Listing.init(argument:)) ?? .path)
    }
}
