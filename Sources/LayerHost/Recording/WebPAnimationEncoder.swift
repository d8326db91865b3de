import CALinuxWebP
import Foundation

/// Animated WebP through libwebp's animation encoder (single-threaded, so the bytes do not depend
/// on scheduling): lossless for recordings, lossy (as a movie is) when given a quality. Frame k starts at round(k * 1000 / fps) ms; the encoder itself stores only
/// what changes from frame to frame, and merges a frame equal to the one before into its duration.
public struct WebPAnimationEncoder: AnimationEncoder {
    private let encoder: OpaquePointer
    private let width: Int, height: Int, fps: Int
    private var config = WebPConfig()
    private var frames = 0

    /// `lossyQuality` 0...100 encodes lossily, fast (method 0); nil: lossless and exact.
    public init(width: Int, height: Int, fps: Int, lossyQuality: Float? = nil) throws {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw AnimationEncodingError("libwebp: version mismatch") }
        options.anim_params.loop_count = 0
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw AnimationEncodingError("libwebp cannot encode a \(width)x\(height) animation")
        }
        self.encoder = encoder
        self.width = width
        self.height = height
        self.fps = fps
        guard WebPConfigInit(&config) != 0 else { throw AnimationEncodingError("libwebp: version mismatch") }
        config.lossless = lossyQuality == nil ? 1 : 0
        config.quality = lossyQuality ?? 75
        config.method = lossyQuality == nil ? 4 : 0
        config.thread_level = 0
        config.exact = 1
    }

    private func timestamp(_ frame: Int) -> Int32 { Int32((Double(frame) * 1000 / Double(fps)).rounded()) }

    public mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws {
        try add(rgba, WebPPictureImportRGBA)
    }

    /// Adds the next frame from B, G, R, A bytes (a little-endian premultiplied-ARGB bitmap's, which
    /// are straight where every pixel is opaque), rows from the top.
    public mutating func add(bgra: UnsafeBufferPointer<UInt8>) throws {
        try add(bgra, WebPPictureImportBGRA)
    }

    private mutating func add(_ pixels: UnsafeBufferPointer<UInt8>,
                              _ importer: (UnsafeMutablePointer<WebPPicture>?, UnsafePointer<UInt8>?, Int32) -> Int32) throws {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw AnimationEncodingError("libwebp: version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        guard importer(&picture, pixels.baseAddress, Int32(width * 4)) != 0,
              WebPAnimEncoderAdd(encoder, &picture, timestamp(frames), &config) != 0 else {
            throw AnimationEncodingError("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        frames += 1
    }

    public mutating func finish() throws -> Data {
        defer { WebPAnimEncoderDelete(encoder) }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAdd(encoder, nil, timestamp(frames), nil) != 0,
              WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw AnimationEncodingError("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        return Data(bytes: bytes, count: data.size)
    }
}
