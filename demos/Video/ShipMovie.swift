import CoreGraphics
import Foundation
import LayerHost
import UIKit

/// Ship.mp4 of Lockwood's listings 6.15 and 6.16, made at start (this platform has no movie codec):
/// 3 s at 25 frames a second, 320×180 pixels, the chapter 8 ship flying left to right across a
/// starfield that scrolls the other way in three depths, a progress bar along the bottom and the
/// frame number in seven-segment digits at the bottom right; encoded as a lossy animated WebP in
/// the temporary folder, once per process (removed at exit).
@MainActor
enum ShipMovie {
    static let width = 320, height = 180, fps = 25, frameCount = 75
    static var duration: Double { Double(frameCount) / Double(fps) }
    /// The sky's colour (tests tell the picture from what is around it by it).
    static let sky = (r: 0.05, g: 0.06, b: 0.18)

    private static var written: Result<URL, Error>?

    /// The movie's file, written the first time.
    static func url() throws -> URL {
        if let written { return try written.get() }
        let made = Result { try write() }
        written = made
        return try made.get()
    }

    private static func write() throws -> URL {
        var encoder = try WebPAnimationEncoder(width: width, height: height, fps: fps, lossyQuality: 85)
        let ship = ShipLayerArt.ship(side: 64).cgImage
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        for frame in 0..<frameCount {
            try pixels.withUnsafeMutableBytes { bytes in
                guard let ctx = CGContext(data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: rowBytes, space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
                else { throw AnimationEncodingError("a \(width)x\(height) frame cannot be drawn") }
                draw(frame: frame, ship: ship, in: ctx)
            }
            try pixels.withUnsafeBufferPointer { try encoder.add(bgra: $0) }
        }
        let url = RunTimeAsset.url(named: "Ship.webp")
        try encoder.finish().write(to: url)
        return url
    }

    /// Frame `frame`, in a context whose y runs down from the top.
    private static func draw(frame: Int, ship: CGImage?, in ctx: CGContext) {
        let w = CGFloat(width), h = CGFloat(height)
        let t = CGFloat(frame) / CGFloat(frameCount)
        ctx.translateBy(x: 0, y: h)
        ctx.scaleBy(x: 1, y: -1)
        ctx.setFillColor(CGColor(red: sky.r, green: sky.g, blue: sky.b, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        // Stars at fixed pseudo-random places, scrolling left faster the nearer they are.
        var seed: UInt32 = 12345
        func next() -> CGFloat {
            seed = seed &* 1_103_515_245 &+ 12345
            return CGFloat((seed >> 8) & 0xFFFF) / 65536
        }
        for depth in 1...3 {
            let speed = CGFloat(depth) * 60, size = CGFloat(depth), brightness = 0.4 + 0.2 * CGFloat(depth)
            ctx.setFillColor(CGColor(red: brightness, green: brightness, blue: brightness * 0.9 + 0.1, alpha: 1))
            for _ in 0..<30 {
                let x0 = next() * w, y = next() * (h - 14)
                var x = (x0 - speed * CGFloat(frame) / CGFloat(fps)).truncatingRemainder(dividingBy: w)
                if x < 0 { x += w }
                ctx.fill(CGRect(x: x, y: y, width: size, height: size))
            }
        }
        // The ship, from off the left edge to off the right one, bobbing a little.
        if let ship {
            let side: CGFloat = 64
            let x = -side + t * (w + side), y = h / 2 - side / 2 - 8 + 10 * sin(t * 4 * .pi)
            ctx.saveGState()
            ctx.translateBy(x: x, y: y + side)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(ship, in: CGRect(x: 0, y: 0, width: side, height: side))
            ctx.restoreGState()
        }
        // The progress bar and the frame number.
        ctx.setFillColor(CGColor(red: 0.3, green: 0.3, blue: 0.4, alpha: 1))
        ctx.fill(CGRect(x: 0, y: h - 6, width: w, height: 6))
        ctx.setFillColor(CGColor(red: 1, green: 0.75, blue: 0.1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: h - 6, width: w * CGFloat(frame + 1) / CGFloat(frameCount), height: 6))
        SevenSegment.draw(String(format: "%02d", frame), at: CGPoint(x: w - 40, y: h - 30), digitSize: CGSize(width: 10, height: 16),
                          color: CGColor(red: 0.9, green: 0.95, blue: 1, alpha: 1), in: ctx)
    }
}
