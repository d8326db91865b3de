import CoreGraphics
import Foundation

/// The geometric attributes a `CAConstraint` relates (Apple's macOS `CAConstraintAttribute`): the
/// edges, middle and size of a layer's frame along x, then along y. Values are in the superlayer's
/// coordinates: `minY` is the smallest y (the top on this y-down platform, the bottom on macOS; a
/// superlayer with `isGeometryFlipped` set shows its sublayers the macOS way up).
public enum CAConstraintAttribute: Int32, Sendable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height

    /// Whether the attribute is one of the x axis.
    var isHorizontal: Bool { rawValue <= CAConstraintAttribute.width.rawValue }

    /// The attribute's value for a layer whose frame is `frame`.
    func value(in frame: CGRect) -> CGFloat {
        switch self {
        case .minX: return frame.minX
        case .midX: return frame.midX
        case .maxX: return frame.maxX
        case .width: return frame.width
        case .minY: return frame.minY
        case .midY: return frame.midY
        case .maxY: return frame.maxY
        case .height: return frame.height
        }
    }
}

/// One relation of a layer's geometry to a sibling's or the superlayer's, for
/// `CAConstraintLayoutManager` (Apple's macOS class): the layer's `attribute` is set to the source's
/// `sourceAttribute` times `scale` plus `offset`. The source is named: "superlayer", or the `name`
/// of a sibling layer.
open class CAConstraint: NSObject {
    /// The attribute of the constrained layer.
    public let attribute: CAConstraintAttribute
    /// The source layer's name, or "superlayer".
    public let sourceName: String
    /// The source layer's attribute.
    public let sourceAttribute: CAConstraintAttribute
    public let scale: CGFloat
    public let offset: CGFloat

    public init(attribute attr: CAConstraintAttribute, relativeTo srcId: String,
                attribute srcAttr: CAConstraintAttribute, scale m: CGFloat, offset c: CGFloat) {
        attribute = attr
        sourceName = srcId
        sourceAttribute = srcAttr
        scale = m
        offset = c
        super.init()
    }

    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String,
                            attribute srcAttr: CAConstraintAttribute, offset c: CGFloat) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: c)
    }

    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String,
                            attribute srcAttr: CAConstraintAttribute) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: 0)
    }
}

/// An object that lays out a layer's sublayers (Apple's macOS `CALayoutManager` protocol), set as
/// the layer's `layoutManager`. Every method is optional, as there.
public protocol CALayoutManager: AnyObject {
    /// The preferred size of `layer` (its `preferredFrameSize()` asks this).
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when `layer` is marked as needing layout: cached layout state is out of date.
    func invalidateLayout(of layer: CALayer)
    /// Lays out `layer`'s sublayers (its `layoutSublayers()` asks this).
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    public func invalidateLayout(of layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}
