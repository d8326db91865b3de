import CoreGraphics
import Foundation

/// A layer that builds true 3D hierarchies: it shows nothing of its own and does not flatten its
/// sublayers into its plane.
///
/// Apple's semantics: only the sublayers are rendered. The layer's own background, border,
/// contents, shadow, `mask` and `masksToBounds` are ignored, and its `opacity` is not a group: it
/// multiplies each sublayer's opacity individually. The sublayers keep their full 3D transforms,
/// composed with this layer's `transform` and `sublayerTransform`, and are depth-sorted together
/// with the other layers of the 3D context this layer sits in (its superlayer's sublayers, and those
/// of nested transform layers). See `LayerTreeRenderer+TransformLayer.swift`.
///
/// Coordinate conversion and hit testing follow the same 3D composition: a sublayer's point maps
/// to the superlayer through the composed 4x4 transform before it is flattened. `hitTest(_:)`
/// tests only the sublayers; the transform layer itself is never hit.
open class CATransformLayer: CALayer {
    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The furthest sublayer (or descendant) containing `p` (in the superlayer's coordinates);
    /// never the transform layer itself, whatever its bounds. Later siblings are tested first
    /// (`zPosition` does not change the order); a hidden or fully transparent transform layer hides its
    /// sublayers from hit testing too. `masksToBounds` is ignored.
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0, let local = pointFromSuperlayerSpace(p) else { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return nil
    }
}
