#if os(Linux)
import Glibc

/// Messages on stderr, prefixed with the program name as command-line tools do ("demo: ...").
enum Diagnostics {
    /// The last path component of `CommandLine.arguments[0]` ("demo" for `.build/debug/demo`).
    static var programName: String {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return "WaylandShell" }
        return first.split(separator: "/").last.map(String.init) ?? first
    }

    /// Writes "<program>: warning: <message>" to stderr.
    static func warn(_ message: String) {
        writeLine("\(programName): warning: \(message)")
    }

    /// Writes "<program>: <message>" to stderr.
    static func error(_ message: String) {
        writeLine("\(programName): \(message)")
    }

    private static func writeLine(_ line: String) {
        let text = line + "\n"
        text.withCString { pointer in _ = fputs(pointer, stderr) }
        fflush(stderr)
    }
}
#endif
