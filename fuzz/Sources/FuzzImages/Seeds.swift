import CoreGraphics
import Foundation

// The seed corpus (fuzz/corpus/images): tiny valid PNGs and JPEGs from CoreGraphics' own encoders,
// and the hostile headers the decode limit refuses. `fuzz-images --write-seeds DIR` writes them.

func writeSeeds(into directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    func write(_ name: String, _ data: Data?) throws {
        guard let data else { throw SeedError.encodingFailed(name) }
        try data.write(to: directory.appendingPathComponent(name))
    }
    let opaque = try seedImage(width: 8, height: 8, alpha: 1)
    let translucent = try seedImage(width: 5, height: 3, alpha: 0.5)
    try write("opaque-8x8.png", opaque.pngData())
    try write("translucent-5x3.png", translucent.pngData())
    try write("opaque-8x8.jpg", opaque.jpegData(quality: 0.8))
    try write("odd-5x3.jpg", translucent.jpegData(quality: 0.2))
    let jpeg = try unwrapSeed(opaque.jpegData(quality: 0.8))
    try write("hostile-32767x32767.jpg", patchedJPEG(jpeg, width: 32767, height: 32767))
    try write("hostile-8000x8000.jpg", patchedJPEG(jpeg, width: 8000, height: 8000))
    let png = try unwrapSeed(opaque.pngData())
    try write("hostile-32767x32767.png", patchedPNG(png, width: 32767, height: 32767))
    try write("truncated.png", png.prefix(png.count * 2 / 3))
    try write("truncated.jpg", jpeg.prefix(jpeg.count * 2 / 3))
}

enum SeedError: Error { case encodingFailed(String) }

private func unwrapSeed(_ data: Data?) throws -> Data {
    guard let data else { throw SeedError.encodingFailed("seed") }
    return data
}

/// A small image: a colour gradient over a transparent corner.
private func seedImage(width: Int, height: Int, alpha: CGFloat) throws -> CGImage {
    let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info) else {
        throw SeedError.encodingFailed("context")
    }
    for x in 0..<width {
        context.setFillColor(CGColor(red: CGFloat(x) / CGFloat(width), green: 0.5, blue: 1 - CGFloat(x) / CGFloat(width),
                                     alpha: alpha))
        context.fill(CGRect(x: x, y: 1, width: 1, height: height - 1))
    }
    guard let image = context.makeImage() else { throw SeedError.encodingFailed("image") }
    return image
}

/// `jpeg` with its baseline frame header declaring another size.
private func patchedJPEG(_ jpeg: Data, width: Int, height: Int) -> Data {
    var bytes = [UInt8](jpeg)
    if let sof = bytes.indices.dropLast(9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
        bytes.replaceSubrange(sof + 5...sof + 8, with: [UInt8(height >> 8), UInt8(height & 0xFF),
                                                        UInt8(width >> 8), UInt8(width & 0xFF)])
    }
    return Data(bytes)
}

/// `png` with its IHDR declaring another size (and the IHDR's CRC recomputed).
private func patchedPNG(_ png: Data, width: Int, height: Int) -> Data {
    var bytes = [UInt8](png)
    let size = [width, height].flatMap { v in [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
    bytes.replaceSubrange(16..<24, with: size)
    let crc = crc32(bytes[12..<29])
    bytes.replaceSubrange(29..<33, with: [24, 16, 8, 0].map { UInt8((crc >> UInt32($0)) & 0xFF) })
    return Data(bytes)
}

private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc = ~UInt32(0)
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}
