import Foundation

/// The listings' `NSLog`: one line on standard error.
enum ListingLog {
    static func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// How `NSLog("%@")` prints an object: `<null>` for `NSNull`, `<ClassName>` otherwise.
    static func describe(_ object: Any?) -> String {
        guard let object else { return "(null)" }
        if object is NSNull { return "<null>" }
        return "<\(type(of: object))>"
    }
}
