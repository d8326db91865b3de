import CoreGraphics
import Foundation
import UIKit

/// Ship.png of Lockwood's chapters 8 and 9 (§0.5 of the seed catalogue), drawn at run time: a
/// spaceship pointing right (+x), so that `rotationMode` auto turns its nose along a path. The
/// silver body and its round window are symmetric about the picture's centre (the layer's
/// position), with a flame and red fins at the tail.
@MainActor
enum ShipLayerArt {
    /// The body's fill (tests find the ship by it).
    static let bodyColor = UIColor(red: 0.80, green: 0.82, blue: 0.86, alpha: 1)

    /// The ship, `side` points square at 2×.
    static func ship(side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            let cg = context.cgContext
            // Drawn in a 64-unit square.
            cg.scaleBy(x: side / 64, y: side / 64)
            let flame = CGMutablePath()
            flame.addLines(between: [CGPoint(x: 12, y: 27), CGPoint(x: 1, y: 32), CGPoint(x: 12, y: 37)])
            flame.closeSubpath()
            cg.addPath(flame)
            cg.setFillColor(UIColor(red: 1, green: 0.65, blue: 0.1, alpha: 1).cgColor)
            cg.fillPath()
            cg.setFillColor(UIColor(red: 0.85, green: 0.12, blue: 0.12, alpha: 1).cgColor)
            for sign: CGFloat in [-1, 1] {
                let fin = CGMutablePath()
                fin.addLines(between: [CGPoint(x: 12, y: 32 + sign * 6), CGPoint(x: 8, y: 32 + sign * 20),
                                       CGPoint(x: 20, y: 32 + sign * 20), CGPoint(x: 28, y: 32 + sign * 7)])
                fin.closeSubpath()
                cg.addPath(fin)
                cg.fillPath()
            }
            let body = CGRect(x: 8, y: 23, width: 48, height: 18)
            cg.setFillColor(bodyColor.cgColor)
            cg.fillEllipse(in: body)
            cg.setStrokeColor(UIColor(red: 0.40, green: 0.42, blue: 0.48, alpha: 1).cgColor)
            cg.setLineWidth(1.5)
            cg.strokeEllipse(in: body)
            cg.setFillColor(UIColor(red: 0.25, green: 0.55, blue: 0.90, alpha: 1).cgColor)
            cg.fillEllipse(in: CGRect(x: 28, y: 28, width: 8, height: 8))
        }
    }
}
