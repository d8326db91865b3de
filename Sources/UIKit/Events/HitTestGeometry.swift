import CoreGraphics
import QuartzCore

/// The geometry a window hit-tests and converts touch locations with: the presentation tree (what
/// is on screen at the event's time) or the model tree (UIKit's default on Apple platforms).
///
/// Built once per event: `presentation()` rebuilds the whole tree of copies whenever the media
/// time moves, so the window takes its root copy once and maps each model layer to its copy by
/// walking that tree. A layer without a copy (the tree was never committed, or a view outside the
/// window) uses its model geometry. When nothing in the tree animates and nothing changed since its
/// commit, the presentation is the model (`presentationIsModel`) and no copies are made: a pointer
/// moving over a still window costs no tree of copies per event.
@MainActor
final class HitTestGeometry {
    private var copies: [ObjectIdentifier: CALayer] = [:]

    /// Model geometry.
    init() {}

    /// The window's geometry as its `hitTestsPresentation` selects.
    convenience init(window: UIWindow) {
        self.init(presentationOf: window.hitTestsPresentation ? window.layer : nil)
    }

    /// The presentation geometry of `root`'s tree (model geometry when nil or never committed).
    init(presentationOf root: CALayer?) {
        guard let root, !root.presentationIsModel, let copy = root.presentation() else { return }
        var stack: [CALayer] = [copy]
        while let layer = stack.popLast() {
            copies[ObjectIdentifier(layer.model())] = layer
            stack.append(contentsOf: layer.sublayers ?? [])
        }
    }

    /// Whether presentation copies are in use.
    var usesPresentation: Bool { !copies.isEmpty }

    /// The layer whose geometry stands for `layer`: its presentation copy, or itself.
    func layer(for layer: CALayer) -> CALayer {
        copies[ObjectIdentifier(layer)] ?? layer
    }

    /// Converts `p` from `from`'s coordinates to `to`'s. When only one of them has a copy (a view
    /// outside the presented tree) both use model geometry.
    func convert(_ p: CGPoint, from: UIView, to: UIView) -> CGPoint {
        let a = copies[ObjectIdentifier(from.layer)], b = copies[ObjectIdentifier(to.layer)]
        if let a, let b { return b.convert(p, from: a) }
        return to.layer.convert(p, from: from.layer)
    }

    /// The bounds `view` is hit-tested against.
    func bounds(of view: UIView) -> CGRect { layer(for: view.layer).bounds }
}
