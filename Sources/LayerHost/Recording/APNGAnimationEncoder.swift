import CALinuxZlib
import Foundation

/// Animated PNG (APNG: PNG with `acTL`, `fcTL` and `fdAT` chunks, which libpng does not write): every
/// frame whole, RGBA 8 bits, rows filtered "up" and deflated by zlib, shown for exactly 1/fps s.
/// Viewers without APNG show the first frame.
public struct APNGAnimationEncoder: AnimationEncoder {
    private let width: Int, height: Int, fps: Int
    /// The deflated frames.
    private var frames: [Data] = []

    public init(width: Int, height: Int, fps: Int) {
        self.width = width
        self.height = height
        self.fps = fps
    }

    public mutating func add(rgba: UnsafeBufferPointer<UInt8>) throws {
        let stride = width * 4
        var filtered = [UInt8](repeating: 0, count: height * (stride + 1))
        for y in 0..<height {
            let out = y * (stride + 1)
            filtered[out] = 2   // "up": each byte minus the one above it
            for x in 0..<stride {
                let above = y > 0 ? rgba[(y - 1) * stride + x] : 0
                filtered[out + 1 + x] = rgba[y * stride + x] &- above
            }
        }
        var size = compressBound(uLong(filtered.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        guard compress2(&deflated, &size, filtered, uLong(filtered.count), 6) == Z_OK else {
            throw AnimationEncodingError("zlib could not deflate a frame")
        }
        frames.append(Data(deflated[0..<Int(size)]))
    }

    public mutating func finish() throws -> Data {
        guard !frames.isEmpty else { throw AnimationEncodingError("no frames") }
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 6, 0, 0, 0])   // 8 bits, RGBA, deflate, adaptive filters, no interlace
        Self.appendChunk("IHDR", header, to: &file)
        var control = Data()
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(0))   // loop forever
        Self.appendChunk("acTL", control, to: &file)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            var fc = Data()
            fc.appendBigEndian(sequence)
            fc.appendBigEndian(UInt32(width))
            fc.appendBigEndian(UInt32(height))
            fc.appendBigEndian(UInt32(0))
            fc.appendBigEndian(UInt32(0))
            fc.appendBigEndian(UInt16(1))     // shown for 1/fps s
            fc.appendBigEndian(UInt16(fps))
            fc.append(contentsOf: [0, 0])     // dispose: none; blend: source (the frame replaces the canvas)
            Self.appendChunk("fcTL", fc, to: &file)
            sequence += 1
            if index == 0 {
                Self.appendChunk("IDAT", frame, to: &file)
            } else {
                var fd = Data()
                fd.appendBigEndian(sequence)
                fd.append(frame)
                Self.appendChunk("fdAT", fd, to: &file)
                sequence += 1
            }
        }
        Self.appendChunk("IEND", Data(), to: &file)
        return file
    }

    private static func appendChunk(_ type: String, _ body: Data, to file: inout Data) {
        file.appendBigEndian(UInt32(body.count))
        var typed = Data(type.utf8)
        typed.append(body)
        file.append(typed)
        let crc = typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
        file.appendBigEndian(UInt32(crc))
    }
}

extension Data {
    fileprivate mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
