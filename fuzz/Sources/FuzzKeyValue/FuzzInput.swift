import Foundation

/// Reads choices, numbers and strings off the fuzzer's bytes; past the end every read gives zeros.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    mutating func uint64() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }

    /// A number that is often one of the awkward ones: NaN, infinities, huge, tiny, negative zero.
    mutating func double() -> Double {
        switch byte() % 12 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .greatestFiniteMagnitude
        case 4: return -.greatestFiniteMagnitude
        case 5: return .leastNonzeroMagnitude
        case 6: return -0.0
        case 7: return Double(Int64(bitPattern: uint64()))
        case 8: return Double(bitPattern: uint64())
        default: return Double(Int8(bitPattern: byte())) / 4
        }
    }

    mutating func int() -> Int {
        switch byte() % 4 {
        case 0: return .max
        case 1: return .min
        case 2: return Int(Int64(bitPattern: uint64()))
        default: return Int(Int8(bitPattern: byte()))
        }
    }

    /// Up to 32 bytes as a string (invalid UTF-8 repaired).
    mutating func string() -> String {
        let count = Int(byte() % 33)
        return String(decoding: (0..<count).map { _ in byte() }, as: UTF8.self)
    }
}
