import CALinuxWebP
import CoreGraphics
import Foundation

/// AVFoundation's `AVPlayerItem` for the media this platform decodes: an animated WebP file, read
/// at once with libwebp's demuxing decoder into its frames (each the whole picture, premultiplied)
/// and their start times. `status` is `.failed`, with `error`, when the file cannot be read.
final class AVPlayerItem {
    enum Status { case unknown, readyToPlay, failed }

    struct Frame {
        let start: Double
        let image: CGImage
    }

    struct DecodingError: Error, CustomStringConvertible { let description: String }

    let url: URL
    private(set) var status = Status.unknown
    private(set) var error: Error?
    /// The frames in playing order, the first at 0 s.
    private(set) var frames: [Frame] = []
    /// The media's length: where the last frame ends.
    private(set) var duration = CMTime.zero
    /// The pixel size of the pictures.
    private(set) var presentationSize = CGSize.zero

    init(url: URL) {
        self.url = url
        do {
            try load()
            status = .readyToPlay
        } catch {
            self.error = error
            status = .failed
        }
    }

    /// The frame showing at `seconds` into the item.
    func frame(at seconds: Double) -> Frame? {
        frames.last(where: { $0.start <= seconds }) ?? frames.first
    }

    private func load() throws {
        let data = try Data(contentsOf: url)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var webp = WebPData(bytes: bytes.bindMemory(to: UInt8.self).baseAddress, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw DecodingError(description: "libwebp version mismatch") }
            // Premultiplied B, G, R, A: a little-endian premultiplied-ARGB bitmap's bytes.
            options.color_mode = MODE_bgrA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
                throw DecodingError(description: "\(url.lastPathComponent): not an animated WebP")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw DecodingError(description: "no WebP animation info") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var start = 0.0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer,
                      let provider = CGDataProvider(data: Data(bytes: buffer, count: width * height * 4)),
                      let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                                   | CGBitmapInfo.byteOrder32Little.rawValue),
                                          provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
                else { throw DecodingError(description: "frame \(frames.count + 1) of \(url.lastPathComponent) did not decode") }
                frames.append(Frame(start: start, image: image))
                start = Double(end) / 1000
            }
            guard !frames.isEmpty else { throw DecodingError(description: "\(url.lastPathComponent) has no frames") }
            duration = CMTime(value: Int64(start * 1000), timescale: 1000)
            presentationSize = CGSize(width: width, height: height)
        }
    }
}
