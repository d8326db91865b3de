import CALinuxGif
import CALinuxWebP
import CALinuxZlib
import Foundation

/// The frames of an animated image file decoded with the format's own library (libwebp's demuxer,
/// giflib; APNG chunks read here and inflated by zlib): straight RGB per pixel and each frame's start
/// time in milliseconds.
struct AnimatedImageFrames {
    let width: Int
    let height: Int
    var frames: [(startMs: Int, pixels: [RGB])] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The frame shown at `ms` milliseconds.
    func frame(atMs ms: Int) -> [RGB]? { frames.last(where: { $0.startMs <= ms })?.pixels }

    /// An animated WebP (libwebp's `WebPAnimDecoder`: every frame on the whole canvas).
    static func webp(_ data: Data) throws -> AnimatedImageFrames {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var webp = WebPData(bytes: bytes.bindMemory(to: UInt8.self).baseAddress, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure("libwebp version mismatch") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw Failure("not an animated WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw Failure("no WebP animation info") }
            var result = AnimatedImageFrames(width: Int(info.canvas_width), height: Int(info.canvas_height))
            var start = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else { throw Failure("a WebP frame did not decode") }
                result.frames.append((start, rgb(UnsafeBufferPointer(start: buffer, count: result.width * result.height * 4))))
                start = Int(end)
            }
            return result
        }
    }

    /// An APNG whose frames are each the whole canvas, 8-bit RGBA, drawn over nothing (as the
    /// recorder writes them); every chunk's CRC is checked.
    static func apng(_ data: Data) throws -> AnimatedImageFrames {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure("not a PNG") }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var width = 0, height = 0, declaredFrames = -1, i = 8, clock = 0.0
        var result: AnimatedImageFrames?
        var pendingStart = 0, pendingDelay = 0.0
        while i + 12 <= bytes.count {
            let length = u32(i), type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(bytes[(i + 8)..<(i + 8 + length)])
            let crc = bytes[(i + 4)..<(i + 8 + length)].withContiguousStorageIfAvailable {
                crc32(0, $0.baseAddress, uInt($0.count))
            } ?? 0
            guard crc == uLong(u32(i + 8 + length)) else { throw Failure("bad CRC in \(type)") }
            switch type {
            case "IHDR":
                width = u32(i + 8); height = u32(i + 12)
                guard body[8] == 8, body[9] == 6 else { throw Failure("not 8-bit RGBA") }
                result = AnimatedImageFrames(width: width, height: height)
            case "acTL": declaredFrames = u32(i + 8)
            case "fcTL":
                pendingStart = Int(clock.rounded())
                pendingDelay = 1000 * Double(u16(i + 8 + 20)) / Double(max(1, u16(i + 8 + 22)))
                clock += pendingDelay
            case "IDAT", "fdAT":
                let deflated = type == "IDAT" ? body : Array(body.dropFirst(4))
                result?.frames.append((pendingStart, try inflateRows(deflated, width: width, height: height)))
            default: break
            }
            i += 12 + length
        }
        guard var made = result, declaredFrames == made.frames.count else { throw Failure("acTL does not count the frames") }
        made.frames.sort { $0.startMs < $1.startMs }
        return made
    }

    private static func inflateRows(_ deflated: [UInt8], width: Int, height: Int) throws -> [RGB] {
        let stride = width * 4
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var size = uLongf(raw.count)
        guard uncompress(&raw, &size, deflated, uLong(deflated.count)) == Z_OK, Int(size) == raw.count else {
            throw Failure("a frame did not inflate")
        }
        var rgba = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            guard filter == 0 || filter == 2 else { throw Failure("filter \(filter) not expected") }
            for x in 0..<stride {
                let above = filter == 2 && y > 0 ? rgba[(y - 1) * stride + x] : 0
                rgba[y * stride + x] = raw[y * (stride + 1) + 1 + x] &+ above
            }
        }
        return rgba.withUnsafeBufferPointer { rgb($0) }
    }

    /// A GIF (giflib's `DGifSlurp`), each frame's delay from its graphics control block.
    static func gif(_ data: Data) throws -> AnimatedImageFrames {
        final class Source { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let source = Source([UInt8](data))
        var error: Int32 = 0
        let read: InputFunc = { file, buffer, length in
            guard let file, let buffer else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            let n = min(Int(length), source.bytes.count - source.offset)
            for k in 0..<n { buffer[k] = source.bytes[source.offset + k] }
            source.offset += n
            return Int32(n)
        }
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &error) else { throw Failure("not a GIF") }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw Failure("the GIF did not decode") }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var result = AnimatedImageFrames(width: width, height: height)
        var start = 0
        for k in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[k]
            guard let map = image.ImageDesc.ColorMap ?? gif.pointee.SColorMap,
                  image.ImageDesc.Width == width, image.ImageDesc.Height == height else { throw Failure("frame \(k) is not whole") }
            var pixels = [RGB]()
            pixels.reserveCapacity(width * height)
            for p in 0..<(width * height) {
                let c = map.pointee.Colors[Int(image.RasterBits[p])]
                pixels.append(RGB(r: Int(c.Red), g: Int(c.Green), b: Int(c.Blue)))
            }
            result.frames.append((start * 10, pixels))
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(gif, Int32(k), &control) == GIF_OK { start += Int(control.DelayTime) }
        }
        return result
    }

    private static func rgb(_ rgba: UnsafeBufferPointer<UInt8>) -> [RGB] {
        stride(from: 0, to: rgba.count, by: 4).map { RGB(r: Int(rgba[$0]), g: Int(rgba[$0 + 1]), b: Int(rgba[$0 + 2])) }
    }
}
