import CoreGraphics
import Foundation
import LayerHost
import QuartzCore

/// `demo NAME --record FILE [--seconds S] [--fps F] [--size WxH]`: the demo rendered offscreen on the
/// frozen media clock at exact frame times (frame k at k/F s, as `--snapshot FILE --at k/F` draws
/// it) and written as an animated image by the file's extension: `.webp` (lossless), `.png`/`.apng`
/// or `.gif`. The same options give the same bytes.
enum Recording {
    static let defaultSeconds: TimeInterval = 3
    static let defaultFramesPerSecond = 30
    /// The longest recording accepted (frames are kept until the file is written).
    static let maximumFrames = AnimationFormat.maximumFrames

    static func run(_ demo: Demo, options: DemoOptions, path: String) -> Int32 {
        guard let makeScene = demo.scene else {
            writeStandardError("demo \(demo.name): this demo has no offscreen scene to record\n")
            return 2
        }
        guard let format = AnimationFormat(path: path) else {
            writeStandardError("demo \(demo.name): --record writes .webp, .png (.apng) or .gif files, not '\(path)'\n")
            return 2
        }
        let fps = options.framesPerSecond ?? defaultFramesPerSecond
        let frameCount = max(1, Int((options.seconds ?? defaultSeconds) * Double(fps) + 0.5))
        guard frameCount <= maximumFrames else {
            writeStandardError("demo \(demo.name): \(frameCount) frames is more than a recording holds (\(maximumFrames))\n")
            return 2
        }
        // The clock stays frozen afterwards, as after a snapshot (no animation hears of a false finish).
        let started = Date()
        do {
            let frames = try OffscreenScene(makeScene, options: options)
            let width = frames.context.width, height = frames.context.height
            var encoder = try format.encoder(width: width, height: height, fps: fps)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for k in 0..<frameCount {
                let t = Double(k) / Double(fps)
                frames.advance(to: t)
                frames.render(at: t)
                AnimationFormat.straightRGBA(of: frames.context, into: &rgba)
                try rgba.withUnsafeBufferPointer { try encoder.add(rgba: $0) }
            }
            let data = try encoder.finish()
            try Snapshot.write(data, to: path)
            let elapsed = Date().timeIntervalSince(started)
            writeStandardError(String(format: "demo %@: %d frames at %d fps, %dx%d, %d bytes, %.1f s\n",
                                                       demo.name, frameCount, fps, width, height, data.count, elapsed))
        } catch {
            writeStandardError("demo \(demo.name): \(error)\n")
            return 1
        }
        print(path)
        return 0
    }
}
