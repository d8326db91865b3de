import Foundation
import UIKit

/// The pictures of `demo mars`, drawn at run time.
@MainActor
enum MarsArt {
    /// A 208-point Mars: an orange-red disc, darker blotches, a white polar cap.
    static func mars() -> UIImage {
        let side: CGFloat = 208
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            let disc = UIBezierPath(ovalIn: CGRect(x: 4, y: 4, width: side - 8, height: side - 8))
            UIColor(red: 0.80, green: 0.33, blue: 0.16, alpha: 1).setFill()
            disc.fill()
            disc.addClip()
            UIColor(red: 0.55, green: 0.20, blue: 0.10, alpha: 1).setFill()
            for blotch in [CGRect(x: 40, y: 70, width: 60, height: 30), CGRect(x: 110, y: 110, width: 70, height: 40),
                           CGRect(x: 60, y: 140, width: 40, height: 25)] {
                UIBezierPath(ovalIn: blotch).fill()
            }
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 74, y: -10, width: 60, height: 36)).fill()
        }
    }

    /// A transparent picture of Mars's size (the flashing's "off" frames).
    static func empty() -> UIImage {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 208, height: 208), false, 1)
        defer { UIGraphicsEndImageContext() }
        return UIGraphicsGetImageFromCurrentImageContext()!   // the context was just begun
    }

    /// Frame `i` (0–5) of the pulsing dot: a red disc in (i, i, 18 − 2i, 18 − 2i) of an 18-point image.
    static func dot(_ i: Int) -> UIImage {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 18, height: 18), false, 0)
        defer { UIGraphicsEndImageContext() }
        UIColor.red.setFill()
        let inset = CGFloat(i)
        UIBezierPath(ovalIn: CGRect(x: inset, y: inset, width: 18 - 2 * inset, height: 18 - 2 * inset)).fill()
        return UIGraphicsGetImageFromCurrentImageContext()!   // the context was just begun
    }
}
