import Foundation
import QuartzCore
import UIKit

/// Lockwood's `ReflectionView` (listing 6.9): a view whose layer is a `CAReplicatorLayer` of two
/// instances, the second flipped vertically and moved down by the view's height plus 2 points, 60%
/// more transparent, so whatever the view holds is reflected below it.
final class ReflectionView: UIView {
    override class var layerClass: AnyClass { CAReplicatorLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        guard let layer = layer as? CAReplicatorLayer else { return }
        layer.instanceCount = 2
        var transform = CATransform3DIdentity
        let verticalOffset = bounds.size.height + 2
        transform = CATransform3DTranslate(transform, 0, verticalOffset, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        layer.instanceTransform = transform
        layer.instanceAlphaOffset = -0.6
    }
}

/// A `ReflectionView` holding a generated picture (a sunset: sky, sun, sea bands), over a dark floor.
final class ReflectionScene: LayerScene {
    static let viewFrame = CGRect(x: 70, y: 30, width: 160, height: 120)
    static let sceneSize = CGSize(width: 300, height: 300)

    let rootLayer: CALayer
    let container = CALayer()
    /// The reflection view's layer (the view is kept with it, as its delegate).
    let reflectionLayer: CALayer
    private let reflection: AnyObject

    init(root: CALayer) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: Self.sceneSize)
        root.addSublayer(container)
        let view = MainActor.assumeIsolated { Self.makeReflectionView() }
        reflection = view
        reflectionLayer = MainActor.assumeIsolated { view.layer }
        container.addSublayer(reflectionLayer)
    }

    @MainActor
    private static func makeReflectionView() -> ReflectionView {
        let reflection = ReflectionView(frame: viewFrame)
        let picture = UIView(frame: reflection.bounds)
        picture.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.2, alpha: 1)
        let sun = UIView(frame: CGRect(x: 55, y: 20, width: 50, height: 50))
        sun.backgroundColor = UIColor(red: 1, green: 0.9, blue: 0.3, alpha: 1)
        sun.layer.cornerRadius = 25
        let sea = UIView(frame: CGRect(x: 0, y: 80, width: 160, height: 40))
        sea.backgroundColor = UIColor(red: 0.1, green: 0.3, blue: 0.6, alpha: 1)
        picture.addSubview(sun)
        picture.addSubview(sea)
        reflection.addSubview(picture)
        return reflection
    }

    func layout(for size: CGSize) {
        centre(container, in: size)
    }
}
