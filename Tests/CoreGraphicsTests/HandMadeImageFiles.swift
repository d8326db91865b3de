import Foundation

/// PNG and JPEG files built byte by byte, to declare sizes no encoder would write for the data given.
enum HandMadeImageFiles {
    /// A PNG of `width` × `height` pixels with a valid IHDR and valid CRCs. The IDAT holds `idat`
    /// (e.g. a few bytes), or when nil every row, all zeros, in an uncompressed zlib stream.
    static func png(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, idat: [UInt8]? = nil) -> Data {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colorType, 0, 0, 0]
        file += chunk("IHDR", header)
        let channels: Int = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let rowBytes = (width * channels * Int(bitDepth) + 7) / 8
        file += chunk("IDAT", idat ?? storedZlib(count: height * (1 + rowBytes)))
        file += chunk("IEND", [])
        return Data(file)
    }

    /// An 8-bit PNG of `colorType` whose rows hold `rows`' samples (unfiltered), with `chunks`
    /// (type, data) between the header and the pixel data (a `tRNS`, say).
    static func png(width: Int, colorType: UInt8, rows: [[UInt8]], chunks: [(String, [UInt8])] = []) -> Data {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(rows.count)) + [8, colorType, 0, 0, 0])
        for (type, data) in chunks { file += chunk(type, data) }
        file += chunk("IDAT", storedZlib(rows.flatMap { [0] + $0 }))
        file += chunk("IEND", [])
        return Data(file)
    }

    /// A zlib stream of `count` zero bytes in stored (uncompressed) deflate blocks.
    static func storedZlib(count: Int) -> [UInt8] {
        storedZlib([UInt8](repeating: 0, count: count))
    }

    /// A zlib stream of `bytes` in stored (uncompressed) deflate blocks.
    static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(bytes.count - start, 65535)
            let last = start + n == bytes.count
            out += [last ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += bytes[start..<start + n]
            start += n
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// `jpeg` with its frame header (SOF0/1/2) patched to declare `width` × `height`, and `padding`
    /// bytes of made-up scan data inserted before the end-of-image marker.
    static func jpeg(_ jpeg: Data, declaring width: Int, _ height: Int, padTo size: Int? = nil) -> Data {
        var bytes = [UInt8](jpeg)
        guard let sof = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) })
        else { fatalError("no frame header") }
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        if let size, size > bytes.count {
            bytes.insert(contentsOf: [UInt8](repeating: 0x55, count: size - bytes.count), at: bytes.count - 2)
        }
        return Data(bytes)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}

/// The process's peak resident memory (VmHWM in /proc/self/status), which Linux resets on request.
enum PeakMemory {
    /// Bytes the peak resident memory rose by while `body` ran, measured from a peak reset to the
    /// resident memory at the start (nil when /proc does not allow the reset).
    static func growth(during body: () -> Void) -> Int? {
        guard let clear = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        // "5" resets the high-water mark to the current resident size (proc(5)).
        clear.write(Data("5".utf8))
        try? clear.close()
        guard let before = highWaterMark() else { return nil }
        body()
        guard let after = highWaterMark() else { return nil }
        return after - before
    }

    private static func highWaterMark() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kB * 1024
    }
}
