import Foundation
import UIKit

/// The pictures and colours of `demo tabs`, drawn at run time.
@MainActor
enum TabsArt {
    /// The two screens' background colours (8-bit sRGB, so that the crossfade's mix is easy to check).
    static let firstColor = (r: 240, g: 140, b: 50)
    static let secondColor = (r: 40, g: 110, b: 210)

    static func color(_ c: (r: Int, g: Int, b: Int)) -> UIColor {
        UIColor(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: 1)
    }

    /// The first tab's icon: a sun (a disc and eight rays) in `ink` on clear (black for the tab bar,
    /// which tints the alpha of its images).
    static func sun(side: CGFloat = 26, ink: UIColor = .black) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in
            ink.setFill()
            ink.setStroke()
            let c = side / 2
            UIBezierPath(ovalIn: CGRect(x: c - side * 0.22, y: c - side * 0.22, width: side * 0.44, height: side * 0.44)).fill()
            let rays = UIBezierPath()
            rays.lineWidth = max(1.5, side * 0.08)
            rays.lineCapStyle = .round
            for k in 0..<8 {
                let a = CGFloat(k) * .pi / 4
                rays.move(to: CGPoint(x: c + cos(a) * side * 0.32, y: c + sin(a) * side * 0.32))
                rays.addLine(to: CGPoint(x: c + cos(a) * side * 0.46, y: c + sin(a) * side * 0.46))
            }
            rays.stroke()
        }
    }

    /// The second tab's icon: a crescent moon in `ink` on clear.
    static func moon(side: CGFloat = 26, ink: UIColor = .black) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
            let disc = CGRect(x: side * 0.1, y: side * 0.1, width: side * 0.8, height: side * 0.8)
            let bite = disc.offsetBy(dx: side * 0.3, dy: -side * 0.15)
            let cg = context.cgContext
            cg.setFillColor(ink.cgColor)
            cg.fillEllipse(in: disc)
            // Bite the disc: clear where the second disc lies.
            cg.setBlendMode(.clear)
            cg.fillEllipse(in: bite)
        }
    }
}
