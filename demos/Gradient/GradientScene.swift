import Foundation
import QuartzCore

/// Lockwood's gradients (listings 6.6 and 6.7) filling a 300-point square container: 1. red to blue
/// from the top-left to the bottom-right corner; 2. red, yellow and green at locations 0, 0.25 and
/// 0.5 along the same diagonal (green from the middle on).
final class GradientScene: LayerScene {
    enum Variant: String, NumberedVariant {
        case twoColors = "two-colors", locations
    }

    static let side: CGFloat = 300

    let rootLayer: CALayer
    let container = CALayer()
    let gradient = CAGradientLayer()

    init(root: CALayer, variant: Variant) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        gradient.frame = container.bounds
        container.addSublayer(gradient)
        root.addSublayer(container)
        apply(variant)
    }

    func layout(for size: CGSize) {
        centre(container, in: size)
    }

    func show(variant argument: String) -> Bool {
        guard let variant = Variant(argument: argument) else { return false }
        apply(variant)
        return true
    }

    private func apply(_ variant: Variant) {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        switch variant {
        case .twoColors:
            gradient.colors = [red, CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            gradient.locations = nil
        case .locations:
            gradient.colors = [red, CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
            gradient.locations = [0, 0.25, 0.5]
        }
    }
}
