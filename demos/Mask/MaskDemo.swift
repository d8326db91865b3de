import Foundation
import UIKit

extension Demo {
    static let mask = Demo(name: "mask", summary: "a photo in an image view masked by a layer showing the cone icon: only the cone's silhouette of the photo shows (Lockwood ch. 4)",
        run: { options in ControllerDemo.run(title: "Mask", options) { $0 == nil ? MaskViewController() : nil } },
        scene: { options, size in ControllerDemo.scene(options, size: size) { $0 == nil ? MaskViewController() : nil } })
}
