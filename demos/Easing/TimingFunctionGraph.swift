import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 10.4: a timing function's curve, from (0, 0) through its control points to
/// (1, 1), scaled to 200 points and stroked red by a shape layer in a layer flipped so that (0, 0)
/// is the bottom left.
@MainActor
enum TimingFunctionGraph {
    static func show(_ function: CAMediaTimingFunction, in layerView: UIView) {
        layerView.layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        // The control points.
        var controlPoint1: [Float] = [0, 0], controlPoint2: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &controlPoint1)
        function.getControlPoint(at: 2, values: &controlPoint2)
        // The curve.
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 1, y: 1),
                      controlPoint1: CGPoint(x: CGFloat(controlPoint1[0]), y: CGFloat(controlPoint1[1])),
                      controlPoint2: CGPoint(x: CGFloat(controlPoint2[0]), y: CGFloat(controlPoint2[1])))
        // Scaled up to be seen.
        path.apply(CGAffineTransform(scaleX: 200, y: 200))
        let shapeLayer = CAShapeLayer()
        shapeLayer.strokeColor = UIColor.red.cgColor
        shapeLayer.fillColor = UIColor.clear.cgColor
        shapeLayer.lineWidth = 4.0
        shapeLayer.path = path.cgPath
        layerView.layer.addSublayer(shapeLayer)
        // (0, 0) at the bottom left.
        layerView.layer.isGeometryFlipped = true
    }
}
