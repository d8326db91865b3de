import Foundation

/// Writes the frames of a recording into one animated image file, frame by frame: straight
/// (not premultiplied) RGBA rows, every frame the whole canvas, shown for 1/fps s each. The same
/// frames give the same bytes.
protocol AnimationEncoder {
    /// Adds the next frame (`width * height * 4` bytes, rows from the top).
    mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws
    /// The file's bytes, once every frame is added.
    mutating func finish() throws -> Data
}

/// The animated image formats a recording can write, chosen by the file's extension.
enum AnimationFormat: String, CaseIterable {
    case webp, png, gif

    /// The format of `path` by its extension (`.webp`, `.png` or `.apng`, `.gif`); nil for any other.
    init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "webp": self = .webp
        case "png", "apng": self = .png
        case "gif": self = .gif
        default: return nil
        }
    }

    func encoder(width: Int, height: Int, fps: Int) throws -> AnimationEncoder {
        switch self {
        case .webp: return try WebPAnimationEncoder(width: width, height: height, fps: fps)
        case .png: return APNGAnimationEncoder(width: width, height: height, fps: fps)
        case .gif: return GIFAnimationEncoder(width: width, height: height, fps: fps)
        }
    }
}

struct AnimationEncodingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
