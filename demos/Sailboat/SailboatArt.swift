import Foundation
import UIKit

/// The sailboat of Neuburg's example (seed-examples §0.5), drawn at run time, facing left: a brown
/// hull whose pointed bow is on the left, a white sail on the left of the mast and a red pennant
/// flying from the masthead to the right. The drawing fills its 56×38 points edge to edge (the hull
/// spans the width, the mast the height), so its box is the view's bounds, flipped or not.
@MainActor
enum SailboatArt {
    static let size = CGSize(width: 56, height: 38)

    static func boat() -> UIImage {
        UIGraphicsImageRenderer(size: size).image { context in
            let cg = context.cgContext
            // Hull: the bow's point at the far left, a square stern.
            cg.setFillColor(UIColor(red: 0.55, green: 0.3, blue: 0.12, alpha: 1).cgColor)
            cg.addLines(between: [CGPoint(x: 0, y: 26), CGPoint(x: 56, y: 26), CGPoint(x: 53, y: 38), CGPoint(x: 12, y: 38)])
            cg.closePath()
            cg.fillPath()
            // Mast.
            cg.setFillColor(UIColor(white: 0.2, alpha: 1).cgColor)
            cg.fill(CGRect(x: 33, y: 0, width: 2, height: 26))
            // Sail, before the mast.
            cg.setFillColor(UIColor.white.cgColor)
            cg.setStrokeColor(UIColor(white: 0.45, alpha: 1).cgColor)
            cg.setLineWidth(1)
            cg.addLines(between: [CGPoint(x: 32, y: 3), CGPoint(x: 32, y: 24), CGPoint(x: 8, y: 24)])
            cg.closePath()
            cg.drawPath(using: .fillStroke)
            // Pennant, streaming aft.
            cg.setFillColor(UIColor(red: 0.9, green: 0.05, blue: 0.05, alpha: 1).cgColor)
            cg.addLines(between: [CGPoint(x: 35, y: 0), CGPoint(x: 48, y: 3), CGPoint(x: 35, y: 6)])
            cg.closePath()
            cg.fillPath()
        }
    }
}
