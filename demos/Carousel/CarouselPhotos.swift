import CoreGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `demo carousel`'s "Vacation Photos": 800×600 landscapes drawn once at start from a seeded
/// generator (a sky gradient, a sun, layered hills, a lake, scattered trees) and written as PNG files
/// into a temporary folder, so that the carousel loads and decodes real files as Lockwood's
/// listings do. `--photos DIR` uses the PNG and JPEG files of DIR instead.
enum CarouselPhotos {
    static let size = CGSize(width: 800, height: 600)
    static let count = 10

    /// The photo files of `directory` (PNG and JPEG, by name), or nil with a message when there are none.
    static func files(in directory: String) -> Result<[String], PhotoError> {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return .failure(PhotoError(message: "cannot read the folder \(directory)"))
        }
        let photos = names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        guard !photos.isEmpty else { return .failure(PhotoError(message: "no PNG or JPEG files in \(directory)")) }
        return .success(photos.map { (directory as NSString).appendingPathComponent($0) })
    }

    struct PhotoError: Error { let message: String }

    /// Writes the generated photos into a new "Vacation Photos" folder in the temporary directory
    /// (removed when the process exits) and returns their paths.
    static func writeGenerated() throws -> [String] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("carousel-\(getpid())", isDirectory: true)
            .appendingPathComponent("Vacation Photos", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        CarouselPhotoFolder.removeAtExit(folder.deletingLastPathComponent().path)
        return try (0..<count).map { index in
            let url = folder.appendingPathComponent(String(format: "Photo %02d.png", index + 1))
            guard let png = photo(index).pngData() else { throw PhotoError(message: "cannot encode photo \(index + 1)") }
            try png.write(to: url)
            return url.path
        }
    }

    /// Photo `index`: the same picture for the same index on every run.
    static func photo(_ index: Int) -> CGImage {
        let width = Int(size.width), height = Int(size.height)
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.translateBy(x: 0, y: size.height)
        ctx.scaleBy(x: 1, y: -1)
        var generator = CubesScene.SeededGenerator(seed: 0xC0A5_7000 &+ UInt64(index))
        draw(index: index, in: ctx, generator: &generator)
        return ctx.makeImage()!
    }

    /// A 256-pixel tile of grey noise at about 10% opacity, the same on every run.
    static let grain: CGImage = {
        let side = 256
        var pixels = [UInt32](repeating: 0, count: side * side)
        var generator = CubesScene.SeededGenerator(seed: 0x6_7A1A)
        let alpha: UInt32 = 26
        for k in pixels.indices {
            // Premultiplied: the grey level is at most the alpha.
            let v = UInt32.random(in: 0...alpha, using: &generator)
            pixels[k] = alpha << 24 | v << 16 | v << 8 | v
        }
        return pixels.withUnsafeMutableBytes { bytes in
            CGContext(data: bytes.baseAddress, width: side, height: side, bitsPerComponent: 8, bytesPerRow: side * 4,
                      space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                .makeImage()!
        }
    }()

    private static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A colour of hue `h` (0...1) at saturation `s` and brightness `v`.
    private static func hsv(_ h: CGFloat, _ s: CGFloat, _ v: CGFloat) -> CGColor {
        let i = Int((h.truncatingRemainder(dividingBy: 1) * 6).rounded(.down)), f = h * 6 - CGFloat(i)
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        switch i % 6 {
        case 0: return color(v, t, p)
        case 1: return color(q, v, p)
        case 2: return color(p, v, t)
        case 3: return color(p, q, v)
        case 4: return color(t, p, v)
        default: return color(v, p, q)
        }
    }

    private static func draw(index: Int, in ctx: CGContext, generator g: inout CubesScene.SeededGenerator) {
        let w = size.width, h = size.height
        func random(_ range: ClosedRange<CGFloat>) -> CGFloat { CGFloat.random(in: range, using: &g) }
        // Each photo its own time of day: the sky's hue moves from dawn pink through blue to dusk orange.
        let dayHue = CGFloat(index) / CGFloat(count)
        let skyTop = hsv(0.58 + 0.1 * sin(dayHue * 2 * .pi), 0.75, 0.55 + 0.3 * dayHue)
        let skyBottom = hsv(0.08 + 0.5 * dayHue, 0.35, 0.98)
        let horizon = h * random(0.45...0.6)
        let sky = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [skyTop, skyBottom], locations: [0, 1])!
        ctx.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: horizon), options: [.drawsAfterEndLocation])
        // The sun, with a soft halo.
        let sun = CGPoint(x: random(120...680), y: random(70...horizon - 60))
        for (k, alpha) in [0.12, 0.2, 0.35].enumerated() {
            let r = 90 - CGFloat(k) * 22
            ctx.setFillColor(color(1, 0.95, 0.7, alpha))
            ctx.fillEllipse(in: CGRect(x: sun.x - r, y: sun.y - r, width: 2 * r, height: 2 * r))
        }
        ctx.setFillColor(color(1, 0.97, 0.8))
        ctx.fillEllipse(in: CGRect(x: sun.x - 34, y: sun.y - 34, width: 68, height: 68))
        // Three ranges of hills, nearer ones darker and greener, their ridges sums of waves.
        let landHue = random(0.22...0.36)
        for layer in 0..<3 {
            let base = horizon + CGFloat(layer) * h * 0.12
            let phase = random(0...(2 * .pi)), amplitude = random(25...60) / CGFloat(layer + 1)
            let ridge = CGMutablePath()
            ridge.move(to: CGPoint(x: 0, y: h))
            for x in stride(from: CGFloat(0), through: w, by: 8) {
                let y = base - amplitude * (1 + sin(x / w * 5 * .pi + phase)) - 12 * sin(x / 37 + phase * 3)
                ridge.addLine(to: CGPoint(x: x, y: y))
            }
            ridge.addLine(to: CGPoint(x: w, y: h))
            ridge.closeSubpath()
            ctx.addPath(ridge)
            ctx.setFillColor(hsv(landHue + CGFloat(layer) * 0.03, 0.45 + 0.15 * CGFloat(layer), 0.75 - 0.2 * CGFloat(layer)))
            ctx.fillPath()
        }
        // A lake in the foreground reflecting the sky.
        let lake = CGRect(x: random(-100...300), y: h * 0.82, width: random(400...700), height: h * 0.14)
        ctx.setFillColor(hsv(0.55 + 0.05 * dayHue, 0.5, 0.8))
        ctx.fillEllipse(in: lake)
        // Trees: dark triangles on the middle range.
        ctx.setFillColor(hsv(landHue + 0.05, 0.6, 0.3))
        for _ in 0..<40 {
            let x = random(0...w), y = horizon + random(40...140), s = random(10...26)
            ctx.beginPath()
            ctx.move(to: CGPoint(x: x, y: y - 2.2 * s))
            ctx.addLine(to: CGPoint(x: x + s * 0.6, y: y))
            ctx.addLine(to: CGPoint(x: x - s * 0.6, y: y))
            ctx.closePath()
            ctx.fillPath()
        }
        // Film grain over everything (it also makes the files about as large as real photos).
        let grain = Self.grain
        for y in stride(from: 0, to: Int(h), by: grain.height) {
            for x in stride(from: 0, to: Int(w), by: grain.width) {
                ctx.draw(grain, in: CGRect(x: x, y: y, width: grain.width, height: grain.height))
            }
        }
        // The photo's number in the corner, so each is told apart at a glance.
        ctx.setFillColor(color(0, 0, 0, 0.35))
        ctx.fill(CGRect(x: 20, y: 20, width: 92, height: 64))
        SevenSegment.draw(String(format: "%02d", index + 1), at: CGPoint(x: 34, y: 30),
                          digitSize: CGSize(width: 24, height: 44), color: color(1, 1, 1), in: ctx)
    }
}

/// The generated photos' folder, removed when the process exits.
enum CarouselPhotoFolder {
    nonisolated(unsafe) private static var path: String?

    static func removeAtExit(_ folder: String) {
        let first = path == nil
        path = folder
        if first {
            atexit {
                if let path = CarouselPhotoFolder.path { try? FileManager.default.removeItem(atPath: path) }
            }
        }
    }
}
