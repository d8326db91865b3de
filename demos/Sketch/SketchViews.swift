import Foundation
import QuartzCore
import UIKit

/// Lockwood's drawing view with Core Graphics (listing 13.1): the touches extend one `UIBezierPath`,
/// and `draw(_:)` strokes it into the view's backing store, redrawn whole on every move.
final class CoreGraphicsSketchView: UIView {
    private let path = UIBezierPath()

    override init(frame: CGRect) {
        super.init(frame: frame)
        path.lineJoinStyle = .round
        path.lineCapStyle = .round
        path.lineWidth = 5
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        path.move(to: point)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        path.addLine(to: point)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        UIColor.clear.setFill()
        UIColor.red.setStroke()
        path.stroke()
    }
}

/// The same with a `CAShapeLayer` as the view's layer (listing 13.2): the path is handed to the layer,
/// which draws it as vectors (no backing store to fill and upload).
final class ShapeLayerSketchView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    private let path = UIBezierPath()
    private var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }

    override init(frame: CGRect) {
        super.init(frame: frame)
        shapeLayer.strokeColor = UIColor.red.cgColor
        shapeLayer.fillColor = UIColor.clear.cgColor
        shapeLayer.lineJoin = .round
        shapeLayer.lineCap = .round
        shapeLayer.lineWidth = 5
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        path.move(to: point)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        path.addLine(to: point)
        shapeLayer.path = path.cgPath
    }
}
