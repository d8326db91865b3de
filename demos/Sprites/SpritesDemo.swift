import Foundation
import UIKit

extension Demo {
    static let sprites = Demo(name: "sprites", summary: "one sprite sheet shared by four views' layers, each showing one icon through its contentsRect (Lockwood ch. 2)",
        run: { options in ControllerDemo.run(title: "Sprites", options) { $0 == nil ? SpritesViewController() : nil } },
        scene: { options, size in ControllerDemo.scene(options, size: size) { $0 == nil ? SpritesViewController() : nil } })
}
