import Foundation
import UIKit

/// `demo snowman` (Lockwood listings 2.1 and 2.2 with their snippets): `--variant resize|aspect|center|masked`
/// or keys 1-4.
enum SnowmanDemo {
    @MainActor
    static func make(_ argument: String?) -> UIViewController? {
        let all = SnowmanViewController.Listing.allCases
        if let argument, let n = Int(argument) {
            return all.indices.contains(n - 1) ? SnowmanViewController(listing: all[n - 1]) : nil
        }
        return SnowmanViewController.Listing(rawValue: argument ?? "resize").map(SnowmanViewController.init(listing:))
    }
}

extension Demo {
    static let snowman = Demo(name: "snowman", summary: "a 2x snowman image as a view layer's contents: stretched (resize), aspect-fitted, centred at contentsScale 2, clipped by masksToBounds; --variant resize|aspect|center|masked or keys 1-4; G cycles contentsGravity, S contentsScale 1/2, M masksToBounds (Lockwood ch. 2)",
        preferredSize: CGSize(width: 480, height: 600),
        run: { options in ControllerDemo.run(title: "Snowman", options, SnowmanDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, SnowmanDemo.make) },
        variants: SnowmanViewController.Listing.allCases.map(\.rawValue) + ["1", "2", "3", "4"])
}
