import CoreGraphics
import Foundation
import QuartzCore

// Keys, key paths and values of every kind a program might hand to keyed access.

/// Apple's layer keys (of every layer class), struct members, and keys no layer has.
let knownKeys = [
    "actions", "allowsEdgeAntialiasing", "allowsGroupOpacity", "anchorPoint", "anchorPointZ", "backgroundColor",
    "borderColor", "borderWidth", "bounds", "colors", "contents", "contentsCenter", "contentsFormat",
    "contentsGravity", "contentsRect", "contentsScale", "cornerCurve", "cornerRadius", "delegate", "doubleSided",
    "drawsAsynchronously", "edgeAntialiasingMask", "emitterCells", "emitterMode", "emitterPosition", "emitterShape",
    "emitterSize", "emitterZPosition", "endPoint", "fillColor", "fillRule", "font", "fontSize", "foregroundColor",
    "frame", "geometryFlipped", "hidden", "instanceColor", "instanceCount", "instanceDelay", "instanceTransform",
    "instanceRedOffset", "lineCap", "lineDashPattern", "lineDashPhase", "lineJoin", "lineWidth", "locations",
    "magnificationFilter", "mask", "maskedCorners", "masksToBounds", "minificationFilter", "minificationFilterBias",
    "miterLimit", "name", "needsDisplayOnBoundsChange", "opacity", "opaque", "path", "position", "preservesDepth",
    "rasterizationScale", "renderMode", "birthRate", "lifetime", "scale", "seed", "velocity", "spin",
    "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius", "shouldRasterize", "startPoint",
    "string", "strokeColor", "strokeEnd", "strokeStart", "style", "sublayerTransform", "sublayers", "superlayer",
    "tileSize", "levelsOfDetail", "levelsOfDetailBias", "transform", "truncationMode", "alignmentMode", "type",
    "wrapped", "zPosition", "isWrapped", "", ".", "..", "unknownKey",
]

let members = [
    "x", "y", "z", "width", "height", "origin", "size", "rotation", "rotation.x", "rotation.y", "rotation.z",
    "scale", "scale.x", "scale.y", "scale.z", "translation", "translation.x", "translation.y", "translation.z",
    "m11", "m44", "origin.x", "size.width", "", "nope",
]

extension FuzzInput {
    /// A key: a known one, a made-up string, or a known key with a member path (for key-path setters).
    mutating func key() -> String {
        switch byte() % 4 {
        case 0: return string()
        case 1: return pick(knownKeys) + "." + pick(members)
        case 2: return pick(knownKeys) + "." + pick(members) + "." + string()
        default: return pick(knownKeys)
        }
    }

    mutating func cgFloat() -> CGFloat { CGFloat(double()) }
    mutating func point() -> CGPoint { CGPoint(x: cgFloat(), y: cgFloat()) }
    mutating func size() -> CGSize { CGSize(width: cgFloat(), height: cgFloat()) }
    mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }

    mutating func transform() -> CATransform3D {
        switch byte() % 4 {
        case 0: return CATransform3DMakeRotation(cgFloat(), cgFloat(), cgFloat(), cgFloat())
        case 1: return CATransform3DMakeScale(cgFloat(), cgFloat(), cgFloat())
        case 2:
            var t = CATransform3DIdentity
            t.m34 = cgFloat()
            t.m41 = cgFloat()
            return t
        default: return CATransform3DIdentity
        }
    }

    mutating func color() -> CGColor? {
        switch byte() % 3 {
        case 0: return nil
        case 1: return CGColor(red: cgFloat(), green: cgFloat(), blue: cgFloat(), alpha: cgFloat())
        default: return CGColor(gray: cgFloat(), alpha: cgFloat())
        }
    }

    mutating func path() -> CGPath {
        let path = CGMutablePath()
        path.move(to: point())
        for _ in 0..<Int(byte() % 4) {
            switch byte() % 3 {
            case 0: path.addLine(to: point())
            case 1: path.addQuadCurve(to: point(), control: point())
            default: path.addRect(rect())
            }
        }
        return path
    }

    /// A value of some type, boxed as `setValue(_:forKey:)` receives it; `depth` bounds nesting.
    mutating func value(depth: Int = 0) -> Any? {
        switch byte() % (depth < 2 ? 24 : 20) {
        case 0: return nil
        case 1: return double()
        case 2: return cgFloat()
        case 3: return Float(double())
        case 4: return int()
        case 5: return byte() & 1 != 0
        case 6: return NSNumber(value: double())
        case 7: return NSNumber(value: int())
        case 8: return string()
        case 9: return point()
        case 10: return size()
        case 11: return rect()
        case 12: return transform()
        case 13: return CGAffineTransform(a: cgFloat(), b: cgFloat(), c: cgFloat(), d: cgFloat(), tx: cgFloat(),
                                          ty: cgFloat())
        case 14: return color() as Any
        case 15: return path()
        case 16: return CALayer()
        case 17: return Data([byte(), byte()])
        case 18: return NSNull()
        case 19: return UInt8(byte())
        case 20: return (0..<Int(byte() % 5)).map { _ in value(depth: depth + 1) as Any }
        case 21: return (0..<Int(byte() % 5)).map { _ in NSNumber(value: double()) }
        case 22: return (0..<Int(byte() % 5)).map { _ in color() as Any }
        default: return [string(): value(depth: depth + 1) as Any]
        }
    }
}
