import Foundation

// The one limit on what PNG and JPEG bytes may decode to, checked against the size a file declares
// before any pixel memory is allocated, and the single stderr line that says an image was refused.

extension CGImage {
    /// The most pixels a PNG or JPEG may decode to (Linux addition; Apple's decoders have no such
    /// public limit): 2²⁶ = 67,108,864, e.g. 8192 × 8192, which is 256 MiB at the 4 bytes per pixel
    /// every decoded image takes. A larger image is bigger than the texture limit of any display
    /// hardware and would take hundreds of megabytes: `CGImage(pngDataProviderSource:...)`,
    /// `CGImage(jpegDataProviderSource:...)` and `UIImage(data:)` return nil for it, and the first
    /// refusal writes one line on stderr. The size is read from the file's header (PNG's IHDR, JPEG's
    /// frame header) before anything is allocated, so a few bytes that claim 32767 × 32767 cost
    /// nothing.
    public static let maximumDecodedPixelCount = 1 << 26

    /// Why an image of `width` × `height` declared by a `format` file is refused, or nil when it may
    /// be decoded.
    static func decodedSizeRefusal(width: Int, height: Int, format: String) -> String? {
        guard width > 0, height > 0 else { return "\(format) declares an empty \(width)×\(height) image" }
        // Cairo's image surfaces hold at most 32767 pixels a side.
        guard width <= 32767, height <= 32767 else {
            return "\(format) declares \(width)×\(height) pixels: more than 32767 on a side"
        }
        guard width * height <= maximumDecodedPixelCount else {
            return "\(format) declares \(width)×\(height) pixels: more than CGImage.maximumDecodedPixelCount "
                + "(\(maximumDecodedPixelCount))"
        }
        return nil
    }

    /// Writes `reason` as one line on stderr the first time an image is refused for this `kind` of
    /// reason, and nothing for later ones (a program that retries a bad file every frame must not
    /// flood its log).
    static func reportRefusedImage(_ kind: DecodeRefusalKind, _ reason: String) {
        guard DecodeRefusalLog.shared.firstTime(kind) else { return }
        writeStandardError("CoreGraphics: image refused: \(reason)\n")
    }

    /// Lets every kind of refusal be reported again (for tests of the report).
    static func forgetReportedRefusals() { DecodeRefusalLog.shared.forget() }
}

/// The reasons an image is refused before it is decoded, each reported once per process.
enum DecodeRefusalKind: Hashable {
    /// The declared size is over `CGImage.maximumDecodedPixelCount` (or cairo's 32767 a side).
    case tooLarge
    /// The file is far too short for the size it declares (cut off, or built to claim a size).
    case tooShort
}

/// Which refusal kinds were reported already.
private final class DecodeRefusalLog: @unchecked Sendable {
    static let shared = DecodeRefusalLog()
    private let lock = NSLock()
    private var reported = Set<DecodeRefusalKind>()

    /// True only the first time for `kind`.
    func firstTime(_ kind: DecodeRefusalKind) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return reported.insert(kind).inserted
    }

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        reported.removeAll()
    }
}
