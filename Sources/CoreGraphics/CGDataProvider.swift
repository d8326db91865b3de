/// A source of bytes for image creation (raw pixels or an encoded PNG).
///
/// Apple's provider reads lazily through CFData/CFURL callbacks; here the bytes are read once, eagerly,
/// into a `Data` at creation, and `data` returns them (Apple returns `CFData?`; on Linux it is `Data?`).
public final class CGDataProvider: @unchecked Sendable {
    private let bytes: Data

    /// A provider over a copy of `data`.
    public init?(data: Data) {
        bytes = data
    }

    /// A provider over the contents of a file URL; nil if it cannot be read.
    public convenience init?(url: URL) {
        guard let contents = try? Data(contentsOf: url) else { return nil }
        self.init(data: contents)
    }

    /// A provider over the contents of the file at `filename` (a path); nil if it cannot be read.
    public convenience init?(filename: String) {
        self.init(url: URL(fileURLWithPath: filename))
    }

    /// All of the provider's bytes.
    public var data: Data? { bytes }
}
