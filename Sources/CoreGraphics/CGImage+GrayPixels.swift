import CALinuxCairo
import Foundation

extension CGImage {
    /// A gray image's pixels in its public layout: one gray byte per pixel, or gray then alpha (not
    /// premultiplied), in packed rows of `bytesPerRow`. The surface holds them for drawing as equal
    /// red, green and blue, premultiplied by alpha: a gray under a partial alpha comes back rounded.
    func grayPixelBytes() -> Data? {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return nil }
        let withAlpha = isGrayWithAlpha, stride = surfaceStride, rowBytes = bytesPerRow
        var data = Data(count: height * rowBytes)
        data.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                let start = y * rowBytes
                for x in 0..<width {
                    let gray = (row[x] >> 8) & 0xFF
                    guard withAlpha else {
                        out[start + x] = UInt8(gray)
                        continue
                    }
                    let alpha = row[x] >> 24
                    out[start + 2 * x] = alpha == 0 ? 0 : UInt8(min(255, (gray * 255 + alpha / 2) / alpha))
                    out[start + 2 * x + 1] = UInt8(alpha)
                }
            }
        }
        return data
    }
}
