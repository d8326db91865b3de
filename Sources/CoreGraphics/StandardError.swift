import Foundation

/// Writes `text` to standard error, ignoring failures: a message must not stop the program when
/// standard error is gone (a closed pipe, a hangup). `FileHandle.standardError.write(_:)` traps then
/// (with SIGPIPE ignored, as a window's demo ignores it, writing to a closed pipe fails instead of
/// killing). For every module of the package and the demos.
package func writeStandardError(_ text: String) {
    fputs(text, stderr)
}
