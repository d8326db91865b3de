import Foundation

/// The bridge between a caller's RGBA bitmap (bytes R, G, B, A in memory: Apple's
/// `premultipliedLast`/`noneSkipLast` with the default byte order) and the ARGB32 buffer cairo
/// draws into (bytes B, G, R, A on a little-endian machine).
struct RGBAMirror {
    enum Layout {
        /// Premultiplied R, G, B, A.
        case premultipliedRGBA
        /// R, G, B and an ignored byte (written as 255).
        case opaqueRGBX
    }

    let layout: Layout
    let drawing: UnsafeMutableRawPointer
    let target: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let rowBytes: Int

    /// Reads the caller's pixels into the drawing buffer (at creation: the bitmap may hold a picture).
    func load() {
        for y in 0..<height {
            let from = target.advanced(by: y * rowBytes).assumingMemoryBound(to: UInt8.self)
            let to = drawing.advanced(by: y * rowBytes).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let i = x * 4
                to[i] = from[i + 2]
                to[i + 1] = from[i + 1]
                to[i + 2] = from[i]
                to[i + 3] = layout == .opaqueRGBX ? 255 : from[i + 3]
            }
        }
    }

    /// Writes the drawing buffer back in the caller's layout.
    func store() {
        for y in 0..<height {
            let from = drawing.advanced(by: y * rowBytes).assumingMemoryBound(to: UInt8.self)
            let to = target.advanced(by: y * rowBytes).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let i = x * 4
                to[i] = from[i + 2]
                to[i + 1] = from[i + 1]
                to[i + 2] = from[i]
                to[i + 3] = layout == .opaqueRGBX ? 255 : from[i + 3]
            }
        }
    }
}
