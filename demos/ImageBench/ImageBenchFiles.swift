import CoreGraphics
import Foundation
import UIKit
#if canImport(Glibc)
import Glibc
#endif

/// The files Lockwood's listings 14.6 and 14.7 load, written into a temporary folder when the demo
/// starts (removed at exit) so that the code really reads and decodes files: "Coast Photos" (one
/// generated landscape at the seven sizes, as PNG and as JPEG at quality 0.6), and the snowman as
/// an opaque JPEG on white plus its mask, white where the snowman is and black around, as a PNG.
@MainActor
enum ImageBenchFiles {
    static let imageFolder = "Coast Photos"
    static let sizes = ["2048x1536", "1024x768", "512x384", "256x192", "128x96", "64x48", "32x24"]

    /// The folder holding `imageFolder`, `Snowman.jpg` and `SnowmanMask.png`.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("image-bench-\(getpid())", isDirectory: true)
        CarouselPhotoFolder.removeAtExit(url.path)
        return url
    }()

    /// Writes every file (once per process); throws when a file cannot be encoded or written.
    static func write() throws {
        guard !FileManager.default.fileExists(atPath: directory.appendingPathComponent("SnowmanMask.png").path) else { return }
        let photos = directory.appendingPathComponent(imageFolder, isDirectory: true)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let photo = CarouselPhotos.photo(3)
        for name in sizes {
            let parts = name.split(separator: "x").compactMap { Int($0) }
            let image = scaled(photo, width: parts[0], height: parts[1])
            try encoded(image.pngData(), name).write(to: photos.appendingPathComponent(name + ".png"))
            try encoded(image.jpegData(quality: 0.6), name).write(to: photos.appendingPathComponent(name + ".jpg"))
        }
        let snowman = SnowmanArt.image().cgImage!
        try encoded(onWhite(snowman).jpegData(quality: 0.9), "Snowman.jpg").write(to: directory.appendingPathComponent("Snowman.jpg"))
        try encoded(alphaMask(of: snowman).pngData(), "SnowmanMask.png").write(to: directory.appendingPathComponent("SnowmanMask.png"))
    }

    private struct EncodingFailed: Error, CustomStringConvertible {
        let name: String
        var description: String { "cannot encode \(name)" }
    }

    private static func encoded(_ data: Data?, _ name: String) throws -> Data {
        guard let data else { throw EncodingFailed(name: name) }
        return data
    }

    /// An opaque bitmap context of `width`×`height` pixels (y up: images drawn in it stay upright).
    private static func context(width: Int, height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    private static func scaled(_ image: CGImage, width: Int, height: Int) -> CGImage {
        let ctx = context(width: width, height: height)
        ctx.interpolationQuality = .high
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return ctx.makeImage()!
    }

    /// The picture on opaque white: what a JPEG of it holds.
    private static func onWhite(_ image: CGImage) -> CGImage {
        let ctx = context(width: image.width, height: image.height)
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: image.width, height: image.height))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return ctx.makeImage()!
    }

    /// The picture's alpha as an opaque grey picture (white: opaque).
    private static func alphaMask(of image: CGImage) -> CGImage {
        var pixels = [UInt32](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = UInt32(image.pixel(x: x, y: y).a)
                pixels[y * image.width + x] = 0xff00_0000 | a << 16 | a << 8 | a
            }
        }
        return pixels.withUnsafeMutableBytes { bytes in
            CGContext(data: bytes.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                      bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                .makeImage()!
        }
    }
}
