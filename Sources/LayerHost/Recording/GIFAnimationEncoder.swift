import CALinuxGif
import Foundation

/// Animated GIF through giflib: each frame quantized to its own 256 colours (giflib's median cut),
/// delays in hundredths of a second rounded so that they add up to the frames' times, looping
/// forever. GIF has no partial transparency: frames are composited over white.
public struct GIFAnimationEncoder: AnimationEncoder {
    private let width: Int, height: Int, fps: Int
    private var frames: [(indices: [GifByteType], colors: [GifColorType])] = []

    public init(width: Int, height: Int, fps: Int) {
        self.width = width
        self.height = height
        self.fps = fps
    }

    public mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws {
        let count = width * height
        var r = [GifByteType](repeating: 0, count: count), g = r, b = r
        for i in 0..<count {
            let a = Int(rgba[i * 4 + 3]), white = 255 * (255 - a)
            r[i] = GifByteType((Int(rgba[i * 4]) * a + white + 127) / 255)
            g[i] = GifByteType((Int(rgba[i * 4 + 1]) * a + white + 127) / 255)
            b[i] = GifByteType((Int(rgba[i * 4 + 2]) * a + white + 127) / 255)
        }
        var mapSize: Int32 = 256
        var indices = [GifByteType](repeating: 0, count: count)
        var colors = [GifColorType](repeating: GifColorType(), count: 256)
        guard GifQuantizeBuffer(UInt32(width), UInt32(height), &mapSize, &r, &g, &b, &indices, &colors) == GIF_OK else {
            throw AnimationEncodingError("giflib could not quantize a frame")
        }
        frames.append((indices, colors))
    }

    /// Hundredths of a second frame `k` is shown.
    private func delay(_ k: Int) -> Int32 {
        func start(_ k: Int) -> Int { Int((Double(k) * 100 / Double(fps)).rounded()) }
        return Int32(start(k + 1) - start(k))
    }

    public mutating func finish() throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        var error: Int32 = 0
        let write: OutputFunc = { file, bytes, length in
            guard let file, let bytes else { return 0 }
            Unmanaged<Sink>.fromOpaque(file.pointee.UserData).takeUnretainedValue().data.append(bytes, count: Int(length))
            return length
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error) else {
            throw AnimationEncodingError("giflib: \(String(cString: GifErrorString(error)))")
        }
        EGifSetGifVersion(gif, true)
        func check(_ result: Int32) throws {
            if result != GIF_OK {
                let reason = String(cString: GifErrorString(gif.pointee.Error))
                var closeError: Int32 = 0
                EGifCloseFile(gif, &closeError)
                throw AnimationEncodingError("giflib: \(reason)")
            }
        }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        // The Netscape application extension: loop forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(gif, 11, $0.baseAddress) })
        try check([UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(gif, 3, $0.baseAddress) })
        try check(EGifPutExtensionTrailer(gif))
        for (k, frame) in frames.enumerated() {
            var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                               DelayTime: delay(k), TransparentColor: NO_TRANSPARENT_COLOR)
            var extensionBytes = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
            var colors = frame.colors
            guard let map = GifMakeMapObject(256, &colors) else { throw AnimationEncodingError("giflib: out of memory") }
            defer { GifFreeMapObject(map) }
            try check(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, map))
            var indices = frame.indices
            for y in 0..<height {
                try check(indices.withUnsafeMutableBufferPointer {
                    EGifPutLine(gif, $0.baseAddress! + y * width, Int32(width))
                })
            }
        }
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw AnimationEncodingError("giflib: \(String(cString: GifErrorString(error)))")
        }
        return sink.data
    }
}
