import CoreGraphics
import Foundation

/// What a listing reports (its `NSLog` lines, alerts, a touched view): one line on standard error,
/// and a `{"type":"log","text":…}` line in the `--trace` file, so that tests can read either.
func demoLog(_ text: String) {
    writeStandardError((text + "\n"))
    DemoTrace.writer?.write(["type": "log", "text": text])
    DemoTrace.writer?.flush()
}

/// How `NSLog("%@")` prints an object: `(null)` for nil, `<null>` for `NSNull`, `<ClassName>`
/// otherwise (the listings log the actions layers find this way).
func logDescription(_ object: Any?) -> String {
    guard let object else { return "(null)" }
    if object is NSNull { return "<null>" }
    return "<\(type(of: object))>"
}
