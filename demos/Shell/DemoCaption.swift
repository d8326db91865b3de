import Foundation
import QuartzCore

/// A one-line caption naming the listing on show (seed-examples §8: "keys select the variant shown
/// in a small caption"), 13-point dark grey text in a `width`-point strip.
func makeCaption(width: CGFloat) -> CATextLayer {
    let caption = CATextLayer()
    caption.bounds = CGRect(x: 0, y: 0, width: width, height: 18)
    caption.anchorPoint = .zero
    caption.fontSize = 13
    caption.foregroundColor = CGColor(gray: 0.25, alpha: 1)
    caption.actions = ["contents": NSNull(), "string": NSNull(), "position": NSNull(), "bounds": NSNull()]
    return caption
}
