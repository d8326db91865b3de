import Foundation
import UIKit

extension Demo {
    static let stretch = Demo(name: "stretch", summary: "two views sharing one stretchable button image through contentsCenter, the right one resized by dragging its corner handle; a rounded rectangle from a stretched circle (Lockwood ch. 2 and 15); --drag X0,Y0,X1,Y1 injects a drag",
        run: { options in ControllerDemo.run(title: "Stretch", options) { $0 == nil ? StretchViewController() : nil } },
        scene: { options, size in ControllerDemo.scene(options, size: size) { $0 == nil ? StretchViewController() : nil } })
}
