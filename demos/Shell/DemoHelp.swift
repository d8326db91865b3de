import ArgumentParser
import Foundation

/// `demo --help` and `demo NAME --help`: the options as swift-argument-parser describes them
/// (`DemoArguments`), a demo's own help keeping only the options that apply to it.
enum DemoHelp {
    static let shellKeys = """
        keys in every window: Space pause/resume (unless the demo uses Space), Left/Right step a frame while
          paused, S slow motion, D debug overlay, B block the main thread 1 s, R restart, V record to NAME-N.webp, F11 fullscreen,
          Q or Escape quit (a demo's own keys, in its summary, come first)
        """

    static func general() -> String {
        let options = entries().map(\.text).joined(separator: "\n")
        return """
        usage: demo NAME [options]        run a demo in a Wayland window (or offscreen: --snapshot, --record)
               demo NAME --help           the demo's options and keys
               demo list                  the demos
               demo sheet FILE.png [--at SECONDS]   every demo's snapshot in one picture

        options:
        \(options)

        \(shellKeys)
        """
    }

    static func text(for demo: Demo) -> String {
        let own = entries().filter { entry in
            if entry.flag == "--variant" { return !demo.variants.isEmpty }
            guard let demos = DemoCommand.optionDemos[entry.flag] else { return true }
            return demos.contains(demo.name)
        }
        var lines = ["demo \(demo.name): \(demo.summary)"]
        if !demo.variants.isEmpty { lines.append("variants: " + demo.variants.joined(separator: ", ")) }
        lines += ["", "usage: demo \(demo.name) [options]", "", "options:"]
        lines += own.map(\.text)
        lines += ["", shellKeys]
        return lines.joined(separator: "\n")
    }

    /// The options section of `DemoArguments`' help, one entry per option (its lines kept together),
    /// named by its first flag.
    static func entries() -> [(flag: String, text: String)] {
        let help = DemoArguments.helpMessage(columns: 100)
        var entries: [(flag: String, text: String)] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS:") { inOptions = true; continue }
            guard inOptions, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if line.hasPrefix("  -") {
                let first = line.dropFirst(2).prefix { $0 != " " && $0 != "," }
                entries.append((String(first), String(line)))
            } else if !entries.isEmpty {
                entries[entries.count - 1].text += "\n" + line
            }
        }
        return entries
    }
}
