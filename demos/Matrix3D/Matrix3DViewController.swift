import Foundation
import QuartzCore
import UIKit

/// Lockwood's scrolling 3D matrix of layers (listings 15.3–15.5), as a view controller: planes of
/// 100-point layers, 150 points apart, seen through a scroll view whose `sublayerTransform` has a
/// perspective of −1/500. Strategy `.all` makes every layer of a 10×10×10 matrix once (15.3); `.culled`
/// makes, at each scroll, only the layers of a 100×100×10 matrix that the view can show (15.4);
/// `.recycled` does the same taking layers from a pool of the previous ones (15.5).
final class Matrix3DViewController: UIViewController, UIScrollViewDelegate {
    enum Strategy: Int, CaseIterable {
        case all = 1, culled, recycled
    }

    static let size: CGFloat = 100
    static let spacing: CGFloat = 150
    static let cameraDistance: CGFloat = 500

    let strategy: Strategy
    let scrollView = UIScrollView()
    /// Told after each update: layers shown, layers in the matrix, layers taken from the pool.
    var didUpdate: ((_ displayed: Int, _ total: Int, _ recycled: Int) -> Void)?
    private var recyclePool: [CALayer] = []

    var width: Int { strategy == .all ? 10 : 100 }
    var height: Int { width }
    let depth = 10

    init(strategy: Strategy) {
        self.strategy = strategy
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.15, alpha: 1)
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.delegate = self
        scrollView.contentSize = CGSize(width: CGFloat(width - 1) * Self.spacing, height: CGFloat(height - 1) * Self.spacing)
        var transform = CATransform3DIdentity
        transform.m34 = -1 / Self.cameraDistance
        scrollView.layer.sublayerTransform = transform
        view.addSubview(scrollView)
        if strategy == .all {
            // Listing 15.3: every layer, back to front.
            for z in stride(from: depth - 1, through: 0, by: -1) {
                for y in 0..<height {
                    for x in 0..<width { scrollView.layer.addSublayer(makeLayer(x: x, y: y, z: z)) }
                }
            }
            didUpdate?(width * height * depth, width * height * depth, 0)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if strategy != .all { updateLayers() }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if strategy != .all { updateLayers() }
    }

    /// How much smaller the plane `z` points back looks.
    private func perspective(_ z: CGFloat) -> CGFloat { Self.cameraDistance / (z + Self.cameraDistance) }

    private func makeLayer(x: Int, y: Int, z: Int) -> CALayer {
        let layer = CALayer()
        configure(layer, x: x, y: y, z: z)
        return layer
    }

    private func configure(_ layer: CALayer, x: Int, y: Int, z: Int) {
        layer.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        layer.position = CGPoint(x: CGFloat(x) * Self.spacing, y: CGFloat(y) * Self.spacing)
        layer.zPosition = -CGFloat(z) * Self.spacing
        layer.backgroundColor = UIColor(red: 1 - CGFloat(z) * 0.1, green: 1, blue: 1, alpha: 1).cgColor
    }

    /// Listings 15.4 and 15.5: the layers of the visible rectangle, plane by plane, back to front.
    private func updateLayers() {
        var bounds = scrollView.bounds
        bounds.origin = scrollView.contentOffset
        bounds = bounds.insetBy(dx: -Self.size / 2, dy: -Self.size / 2)
        if strategy == .recycled { recyclePool.append(contentsOf: scrollView.layer.sublayers ?? []) }
        var visible: [CALayer] = []
        var recycled = 0
        // Recycled layers are placed without implicit animations.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for z in stride(from: depth - 1, through: 0, by: -1) {
            var adjusted = bounds
            adjusted.size.width /= perspective(CGFloat(z) * Self.spacing)
            adjusted.size.height /= perspective(CGFloat(z) * Self.spacing)
            adjusted.origin.x -= (adjusted.size.width - bounds.size.width) / 2
            adjusted.origin.y -= (adjusted.size.height - bounds.size.height) / 2
            for y in 0..<height {
                let py = CGFloat(y) * Self.spacing
                guard py >= adjusted.minY, py < adjusted.maxY else { continue }
                for x in 0..<width {
                    let px = CGFloat(x) * Self.spacing
                    guard px >= adjusted.minX, px < adjusted.maxX else { continue }
                    if strategy == .recycled, let layer = recyclePool.popLast() {
                        configure(layer, x: x, y: y, z: z)
                        visible.append(layer)
                        recycled += 1
                    } else {
                        visible.append(makeLayer(x: x, y: y, z: z))
                    }
                }
            }
        }
        scrollView.layer.sublayers = visible
        CATransaction.commit()
        didUpdate?(visible.count, width * height * depth, recycled)
    }
}
