import CWebP
import Foundation

/// Lossless animated WebP through libwebp's animation encoder (single-threaded, so the bytes do not
/// depend on scheduling). Frame k starts at round(k * 1000 / fps) ms; the encoder itself stores only
/// what changes from frame to frame, and merges a frame equal to the one before into its duration.
struct WebPAnimationEncoder: AnimationEncoder {
    private let encoder: OpaquePointer
    private let width: Int, height: Int, fps: Int
    private var config = WebPConfig()
    private var frames = 0

    init(width: Int, height: Int, fps: Int) throws {
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
        config.lossless = 1
        config.quality = 75
        config.method = 4
        config.thread_level = 0
        config.exact = 1
    }

    private func timestamp(_ frame: Int) -> Int32 { Int32((Double(frame) * 1000 / Double(fps)).rounded()) }

    mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw AnimationEncodingError("libwebp: version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        guard WebPPictureImportRGBA(&picture, rgba.baseAddress, Int32(width * 4)) != 0,
              WebPAnimEncoderAdd(encoder, &picture, timestamp(frames), &config) != 0 else {
            throw AnimationEncodingError("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        frames += 1
    }

    mutating func finish() throws -> Data {
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
