import CoreGraphics
import Foundation
import UIKit

/// Door.png of Lockwood's chapter 9 (§0.5 of the seed catalogue), drawn at run time: a wooden door
/// 128×256 points at 2×, four recessed panels, the knob on the right (free) edge; it hangs on its
/// left edge.
@MainActor
enum DoorArt {
    static let size = CGSize(width: 128, height: 256)
    /// The wood's main colour (the frame around the panels).
    static let wood = UIColor(red: 0.55, green: 0.33, blue: 0.16, alpha: 1)

    static let door: UIImage = {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            let cg = context.cgContext
            cg.setFillColor(wood.cgColor)
            cg.fill(CGRect(origin: .zero, size: size))
            // Four panels, each a darker recess with a lighter lower-right bevel.
            for (x, y, h) in [(16.0, 18.0, 92.0), (70.0, 18.0, 92.0), (16.0, 128.0, 110.0), (70.0, 128.0, 110.0)] {
                let panel = CGRect(x: x, y: y, width: 42, height: h)
                cg.setFillColor(UIColor(red: 0.68, green: 0.44, blue: 0.24, alpha: 1).cgColor)
                cg.fill(panel)
                cg.setFillColor(UIColor(red: 0.40, green: 0.23, blue: 0.10, alpha: 1).cgColor)
                cg.fill(panel.insetBy(dx: 4, dy: 4).offsetBy(dx: -1, dy: -1))
            }
            // The knob, near the free edge.
            cg.setFillColor(UIColor(red: 0.85, green: 0.70, blue: 0.25, alpha: 1).cgColor)
            cg.fillEllipse(in: CGRect(x: 108, y: 122, width: 12, height: 12))
        }
    }()
}
