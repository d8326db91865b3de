import Foundation

/// One runnable example.
struct Demo {
    let name: String
    let summary: String
    /// Runs the demo (normally never returns: it runs the main run loop); returns an exit code.
    let run: (DemoOptions) -> Int32
}

/// Parses the command line and dispatches to a demo.
struct DemoCommand {
    static let demos: [Demo] = [
        Demo(name: "clock", summary: "analog clock; hands pivot at the centre via anchorPoint (Lockwood ch. 3)",
             run: ClockDemo.run),
    ]

    let arguments: [String]

    func run() -> Int32 {
        guard let name = arguments.first, name != "list" else {
            print(Self.listing())
            return 0
        }
        if name == "--help" || name == "-h" || name == "help" {
            print(Self.usage + "\n\n" + Self.listing())
            return 0
        }
        guard let demo = Self.demos.first(where: { $0.name == name }) else {
            FileHandle.standardError.write(Data("demo: unknown demo '\(name)'\n\n\(Self.listing())\n".utf8))
            return 2
        }
        do {
            let options = try DemoOptions(parsing: Array(arguments.dropFirst()))
            return demo.run(options)
        } catch {
            FileHandle.standardError.write(Data("demo \(name): \(error)\n\n\(Self.usage)\n".utf8))
            return 2
        }
    }

    static let usage = """
        usage: demo NAME [--size WxH] [--time HH:MM:SS]
          --size WxH        preferred window size in points (when the compositor lets the client choose)
          --time HH:MM:SS   the wall-clock time the demo sees at start (it then advances normally)
        """

    static func listing() -> String {
        let width = demos.map(\.name.count).max() ?? 0
        return "demos:\n" + demos.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            .joined(separator: "\n")
    }
}
