import CALinuxCairo
import Foundation

/// One pixel, 8 bits per channel, not premultiplied.
struct RGB: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int

    var isRed: Bool { r > 150 && g < 100 && b < 100 }
    var isDark: Bool { max(r, g, b) < 90 }
    var isWhitish: Bool { min(r, g, b) > 240 }
    var isBlack: Bool { max(r, g, b) < 16 }
    func isGray(_ level: Int, tolerance: Int = 8) -> Bool {
        abs(r - level) <= tolerance && abs(g - level) <= tolerance && abs(b - level) <= tolerance
    }
    /// Luminance-ish brightness, for picking the darkest pixel of a neighbourhood.
    var brightness: Int { r + g + b }
    var description: String { "(\(r),\(g),\(b))" }
}

/// The pixels of a PNG file, decoded with cairo.
struct PNGPixels {
    let width: Int
    let height: Int
    /// Row-major, one RGB per pixel.
    private let pixels: [RGB]
    /// The file's bytes, to save a copy next to a failure message.
    let pngData: Data

    init(contentsOf url: URL) throws {
        let surface = cairo_image_surface_create_from_png(url.path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw Failure("cannot decode \(url.path) as PNG: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        try self.init(surface: surface, pngData: Data(contentsOf: url))
    }

    /// Reads an image surface (any of cairo's 32-bit formats).
    init(surface: OpaquePointer?, pngData: Data = Data()) throws {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else {
            throw Failure("unexpected cairo image format \(format.rawValue)")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = format == CAIRO_FORMAT_ARGB32
        var pixels = [RGB]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                // Native-endian 0xAARRGGBB, premultiplied when there is alpha.
                let v = row[x]
                let a = hasAlpha ? Int(v >> 24) : 255
                var r = Int((v >> 16) & 0xff), g = Int((v >> 8) & 0xff), b = Int(v & 0xff)
                if a > 0 && a < 255 { r = r * 255 / a; g = g * 255 / a; b = b * 255 / a }
                pixels.append(RGB(r: r, g: g, b: b))
            }
        }
        self.pixels = pixels
        self.pngData = pngData
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    subscript(x: Int, y: Int) -> RGB { pixels[y * width + x] }

    /// The pixel nearest to a point given in pixel coordinates (clamped to the image).
    func at(_ x: Double, _ y: Double) -> RGB {
        self[min(max(Int(x.rounded(.down)), 0), width - 1), min(max(Int(y.rounded(.down)), 0), height - 1)]
    }

    /// The darkest pixel within `radius` pixels (a square) of a point.
    func darkest(near x: Double, _ y: Double, radius: Int = 3) -> RGB {
        let cx = Int(x.rounded(.down)), cy = Int(y.rounded(.down))
        var best = RGB(r: 255, g: 255, b: 255)
        for py in (cy - radius)...(cy + radius) {
            for px in (cx - radius)...(cx + radius) where contains(px, py) {
                let p = self[px, py]
                if p.brightness < best.brightness { best = p }
            }
        }
        return best
    }

    /// Calls `body` for every pixel.
    func forEach(_ body: (Int, Int, RGB) -> Void) {
        for y in 0..<height { for x in 0..<width { body(x, y, pixels[y * width + x]) } }
    }

    /// The bounding box of the pixels that are not (near) black, in pixels; nil when all are black.
    func nonBlackBounds() -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        forEach { x, y, p in
            if !p.isBlack { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Writes the PNG bytes to `url` (for looking at a picture a test did not like).
    func save(to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? pngData.write(to: url)
    }
}
