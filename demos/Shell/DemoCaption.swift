import Foundation
import QuartzCore
import UIKit

/// The small caption naming the listing on show (seed-examples §8: "keys select the variant shown in
/// a small caption"): 13-point dark grey text in a text layer, so that layer scenes and view
/// controllers show it alike.
enum DemoCaption {
    /// A caption in a `width`-point strip, anchored at its top left corner; changes to its text and
    /// place do not animate.
    static func make(width: CGFloat) -> CATextLayer {
        let caption = CATextLayer()
        caption.bounds = CGRect(x: 0, y: 0, width: width, height: 18)
        caption.anchorPoint = .zero
        caption.fontSize = 13
        caption.foregroundColor = CGColor(gray: 0.25, alpha: 1)
        caption.actions = ["contents": NSNull(), "string": NSNull(), "position": NSNull(), "bounds": NSNull()]
        return caption
    }

    /// A caption at the top left of `view`, across its width less 8-point margins.
    @MainActor
    static func add(to view: UIView) -> CATextLayer {
        let caption = make(width: max(0, view.bounds.width - 16))
        caption.position = CGPoint(x: 8, y: 6)
        view.layer.addSublayer(caption)
        return caption
    }
}
