import Foundation

/// Compiles a transformed page into a shared library that `play`'s window loads, against the
/// library modules of the build `play` itself belongs to (their `.swiftmodule`s and the C module maps
/// they import), with the same `swiftc`. The library's symbols are resolved from the window's process
/// when it loads the page (the `play-window` executable exports them).
struct PageCompiler {
    /// `swiftc`.
    let swiftc: URL
    /// The flags that find the library's modules.
    let moduleFlags: [String]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The compiler flags of the build that holds `executable`, the window (read from SwiftPM's
    /// `description.json` beside it: the `play-window` target's own compile command).
    init(executable: URL) throws {
        let binDirectory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let description = binDirectory.appendingPathComponent("description.json")
        guard let data = try? Data(contentsOf: description),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let commands = json["swiftCommands"] as? [String: [String: Any]],
              let command = commands.first(where: { $0.key.hasPrefix("C.play-window-") && $0.key.hasSuffix(".module") })?.value,
              let arguments = command["otherArguments"] as? [String]
        else { throw Failure(description: "cannot read the library's build flags from \(description.path); rebuild play-window") }
        var flags: [String] = []
        if let importPath = command["importPath"] as? String { flags += ["-I", importPath] }
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if ["-Xcc", "-target", "-module-cache-path"].contains(argument), i + 1 < arguments.count {
                flags += [argument, arguments[i + 1]]
                i += 2
                continue
            }
            if argument.hasPrefix("-I") { flags.append(argument) }
            i += 1
        }
        moduleFlags = flags
        let fromToolchain = command["executable"] as? String
        swiftc = URL(fileURLWithPath: fromToolchain ?? "/usr/bin/swiftc")
    }

    /// Compiles `sources` (the library source of the page, or of a playground's Sources module) into
    /// `output`, a shared library whose module is `moduleName`. Returns the compiler's messages (empty on success) or throws them on failure.
    func compile(sources: [URL], moduleName: String, output: URL, extraFlags: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = extraFlags + sources.map(\.path) + [
            "-emit-library", "-module-name", moduleName, "-parse-as-library", "-swift-version", "5",
            "-Onone", "-diagnostic-style", "llvm",
            "-o", output.path,
        ] + moduleFlags
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let messages = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: messages) }
        return messages
    }
}
