import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listings 5.7 and 5.8: an outer view (white, 200 points) with an inner view (blue,
/// 140 points) in its middle, given opposite rotations. 1. (5.7) +45° and -45° about Z cancel: the
/// inner view is upright in a diamond. 2. (5.8) +45° and -45° about Y, each with m34 = -1/500, do
/// not: the outer layer flattens the inner one onto its own plane, so it stays tilted and distorted.
final class FlattenViewController: ListingViewController<FlattenViewController.Listing> {
    enum Listing: String, DemoListing {
        case z, y

        var caption: String {
            switch self {
            case .z: return "Listing 5.7: outer +45°, inner -45° about Z"
            case .y: return "Listing 5.8: outer +45°, inner -45° about Y, m34 -1/500 each"
            }
        }
    }

    static let innerColor = UIColor(red: 0.2, green: 0.45, blue: 0.8, alpha: 1)

    let outerView = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let innerView = UIView(frame: CGRect(x: 30, y: 30, width: 140, height: 140))

    override func viewDidLoad() {
        super.viewDidLoad()
        outerView.backgroundColor = .white
        innerView.backgroundColor = Self.innerColor
        outerView.addSubview(innerView)
        view.addSubview(outerView)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        outerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    override func load(_ listing: Listing) {
        switch listing {
        case .z:
            let outer = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            outerView.layer.transform = outer
            let inner = CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)
            innerView.layer.transform = inner
        case .y:
            var outer = CATransform3DIdentity
            outer.m34 = -1.0 / 500.0
            outer = CATransform3DRotate(outer, .pi / 4, 0, 1, 0)
            outerView.layer.transform = outer
            var inner = CATransform3DIdentity
            inner.m34 = -1.0 / 500.0
            inner = CATransform3DRotate(inner, -.pi / 4, 0, 1, 0)
            innerView.layer.transform = inner
        }
    }
}
