import CoreGraphics
import Foundation
import QuartzCore

/// What a window shows, recorded into an animated image from `init` to `finish()` (the windows' V key,
/// `WindowShellKeys`; a Linux addition). Frames are drawn on the main thread at `framesPerSecond`
/// from the shown tree at their media times, through `CARenderer` (the renderer `--record` uses
/// offscreen), at one pixel per point; a recording stops by itself after
/// `AnimationFormat.maximumFrames` frames (`didReachLimit`).
@MainActor
public final class WindowRecording {
    public static let framesPerSecond = 30
    /// The file the recording is written to.
    public let path: String
    private let context: CGContext
    private let renderer: CARenderer
    private var encoder: AnimationEncoder
    private var rgba: [UInt8]
    private var timer: Timer?
    /// The frames recorded so far.
    public private(set) var frameCount = 0
    /// The media time of the first frame.
    private var start: CFTimeInterval = 0
    /// Called when the recording stopped by itself (its frame limit).
    public var didReachLimit: (() -> Void)?

    /// Starts recording `root` (its bounds, in its superlayer's space) into `path`.
    public init(root: CALayer, path: String) throws {
        guard let format = AnimationFormat(path: path) else { throw AnimationEncodingError("not an animated image name: \(path)") }
        let width = max(1, Int(root.bounds.width.rounded())), height = max(1, Int(root.bounds.height.rounded()))
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw AnimationEncodingError("no \(width)x\(height) bitmap") }
        self.path = path
        self.context = context
        renderer = CARenderer(context: context)
        renderer.layer = root
        renderer.bounds = root.frame
        encoder = try format.encoder(width: width, height: height, fps: Self.framesPerSecond)
        rgba = [UInt8](repeating: 0, count: width * height * 4)
        captureFrame()
        let timer = Timer(timeInterval: 1 / Double(Self.framesPerSecond), repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            MainActor.assumeIsolated { self.captureFrame() }
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    /// The first `NAME-N.webp` in `folder` (default: the current directory) that does not exist yet.
    public static func freePath(for name: String, in folder: String? = nil) -> String {
        let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        var n = 1
        while FileManager.default.fileExists(atPath: "\(prefix)\(name)-\(n).webp") { n += 1 }
        return "\(prefix)\(name)-\(n).webp"
    }

    /// Draws the newest frame slot due (slot k at `start + k/fps`) and fills every slot since the last
    /// drawn one with it: a main thread too slow for the rate repeats frames, and the file still
    /// plays in real time.
    private func captureFrame() {
        guard timer != nil || frameCount == 0 else { return }
        let fps = Double(Self.framesPerSecond)
        let now = CACurrentMediaTime()
        if frameCount == 0 { start = now }
        let due = min(AnimationFormat.maximumFrames, Int((now - start) * fps) + 1)
        guard due > frameCount else { return }
        context.clear(CGRect(x: 0, y: 0, width: context.width, height: context.height))
        renderer.beginFrame(atTime: start + Double(due - 1) / fps)
        renderer.render()
        renderer.endFrame()
        AnimationFormat.straightRGBA(of: context, into: &rgba)
        do {
            while frameCount < due {
                try rgba.withUnsafeBufferPointer { try encoder.add(rgba: $0) }
                frameCount += 1
            }
        } catch {
            writeStandardError("recording \(path): \(error)\n")
            frameCount = due
        }
        if frameCount >= AnimationFormat.maximumFrames {
            timer?.invalidate()
            timer = nil
            didReachLimit?()
        }
    }

    /// Stops and writes the file (`OutputFile`: an earlier file there is kept on failure); returns its
    /// size in bytes.
    public func finish() throws -> Int {
        timer?.invalidate()
        timer = nil
        let data = try encoder.finish()
        try OutputFile.write(data, to: path)
        return data.count
    }
}
