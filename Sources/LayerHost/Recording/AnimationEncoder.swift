import CoreGraphics
import Foundation

/// Writes the frames of a recording into one animated image file, frame by frame: straight
/// (not premultiplied) RGBA rows, every frame the whole canvas, shown for 1/fps s each. The same
/// frames give the same bytes. (A Linux addition, behind the windows' V key and `--record`.)
public protocol AnimationEncoder {
    /// Adds the next frame (`width * height * 4` bytes, rows from the top).
    mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws
    /// The file's bytes, once every frame is added.
    mutating func finish() throws -> Data
}

/// The animated image formats a recording can write, chosen by the file's extension.
public enum AnimationFormat: String, CaseIterable, Sendable {
    case webp, png, gif

    /// The format of `path` by its extension (`.webp`, `.png` or `.apng`, `.gif`); nil for any other.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "webp": self = .webp
        case "png", "apng": self = .png
        case "gif": self = .gif
        default: return nil
        }
    }

    /// An encoder of this format for frames of `width` × `height` pixels shown `fps` a second.
    public func encoder(width: Int, height: Int, fps: Int) throws -> AnimationEncoder {
        switch self {
        case .webp: return try WebPAnimationEncoder(width: width, height: height, fps: fps)
        case .png: return APNGAnimationEncoder(width: width, height: height, fps: fps)
        case .gif: return GIFAnimationEncoder(width: width, height: height, fps: fps)
        }
    }

    /// The most frames a recording holds (they are kept until the file is written): two minutes at 30 fps.
    public static let maximumFrames = 3600

    /// The pixels of `context` (a bitmap of cairo's premultiplied ARGB words) as straight RGBA bytes,
    /// rows from the top, into `rgba` (`width * height * 4` bytes).
    public static func straightRGBA(of context: CGContext, into rgba: inout [UInt8]) {
        guard let data = context.data else { return }
        let width = context.width, stride = context.bytesPerRow
        rgba.withUnsafeMutableBufferPointer { out in
            for y in 0..<context.height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let p = row[x], a = p >> 24
                    var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    if a > 0, a < 255 {
                        r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
                    }
                    let o = (y * width + x) * 4
                    out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b); out[o + 3] = UInt8(a)
                }
            }
        }
    }
}

/// Why a recording could not be encoded.
public struct AnimationEncodingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
