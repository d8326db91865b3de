import CoreGraphics
import Foundation
import QuartzCore

/// One runnable example.
struct Demo {
    let name: String
    let summary: String
    /// The window size to ask for, and the size of a snapshot, when `--size` is not given.
    var preferredSize = CGSize(width: 480, height: 480)
    /// Runs the demo in a window (normally never returns: it runs the main run loop); returns an exit code.
    let run: (DemoOptions) -> Int32
    /// Builds the demo's scene without a window, at the given size, for `--snapshot`.
    var scene: ((DemoOptions, CGSize) -> DemoScene)?
    /// The names `--variant` accepts, the default first; empty when the demo has no variants.
    var variants: [String] = []
    /// Runs the demo without a window or a picture for `--steps N` (crates: physics steps; bench: frames
    /// rendered offscreen); nil when it has no such mode.
    var headless: ((DemoOptions) -> Int32)? = nil
    /// The Swift file that declares the demo (the gallery's "Source" tab shows its folder).
    let sourceFile: String

    init(name: String, summary: String, preferredSize: CGSize = CGSize(width: 480, height: 480),
         run: @escaping (DemoOptions) -> Int32, scene: ((DemoOptions, CGSize) -> DemoScene)? = nil,
         variants: [String] = [], headless: ((DemoOptions) -> Int32)? = nil, sourceFile: String = #filePath) {
        self.name = name
        self.summary = summary
        self.preferredSize = preferredSize
        self.run = run
        self.scene = scene
        self.variants = variants
        self.headless = headless
        self.sourceFile = sourceFile
    }
}

/// Parses the command line and dispatches to a demo.
struct DemoCommand {
    /// Every demo, in the order `demo list` shows them: the order of the books' examples (seed-examples
    /// §8), the benchmark last.
    static let demos: [Demo] = [
        .clock,
        .lcdClock,
        .cube,
        .cubes,
        .ball,
        .crates,
        .layers,
        .snowman,
        .gravity,
        .sprites,
        .stretch,
        .zorder,
        .effects,
        .mask,
        .scaling,
        .groupOpacity,
        .affine,
        .perspective,
        .flatten,
        .shapes,
        .text,
        .gradient,
        .replicator,
        .reflection,
        .scrollLayer,
        .tiles,
        .explosion,
        .color,
        .presentation,
        .ship,
        .spin,
        .transitions,
        .snapshot,
        .door,
        .timing,
        .easing,
        .contacts,
        .sketch,
        .chalk,
        .carousel,
        .matrix3d,
        .transactions,
        .pathBounce,
        .borderGroup,
        .anatomy,
        .actions,
        .compass,
        .sailboat,
        .thickness,
        .waterfall,
        .mars,
        .viewAnim,
        .flash,
        .glTriangle,
        .video,
        .tabs,
        .imageBench,
        .constraints,
        .autolayout,
        .bench,
    ]

    let arguments: [String]

    func run() -> Int32 {
        // A reader of stdout or stderr that went away (`demo list | head -1`, a closed terminal) makes
        // writes fail; it must not kill the demo with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard let name = arguments.first else { return Gallery.run(Self.demos) }
        if name == "list" {
            print(Self.listing())
            return 0
        }
        if name == "gallery" { return Gallery.run(Self.demos) }
        if name == "sheet" { return ContactSheet.run(arguments: Array(arguments.dropFirst())) }
        if name == "--help" || name == "-h" || name == "help" {
            print(DemoHelp.general() + "\n\n" + Self.listing())
            return 0
        }
        guard let demo = Self.demos.first(where: { $0.name == name }) else {
            writeStandardError("demo: unknown demo '\(name)'\n\n\(Self.listing())\n")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(DemoHelp.text(for: demo))
            return 0
        }
        let parsed: DemoArguments
        do {
            parsed = try DemoArguments.parse(rest)
        } catch {
            let message = DemoArguments.message(for: error).split(separator: "\n").joined(separator: "; ")
            writeStandardError("demo \(name): \(message) (demo \(name) --help lists its options)\n")
            return 2
        }
        for option in parsed.demoSpecificOptions {
            guard let demos = Self.optionDemos[option], !demos.contains(name) else { continue }
            writeStandardError("demo \(name): \(option) applies only to \(demos.joined(separator: ", "))\n")
            return 2
        }
        let options = DemoOptions(parsed, preferredSize: demo.preferredSize)
        MainActor.assumeIsolated { DemoShell.demoName = demo.name }
        if let variant = options.variant, !demo.variants.contains(variant) {
            let accepted = demo.variants.isEmpty ? "it has none" : "one of " + demo.variants.joined(separator: ", ")
            writeStandardError("demo \(name): unknown variant '\(variant)' (\(accepted))\n")
            return 2
        }
        if options.steps != nil || options.dump {
            guard let headless = demo.headless else { return 2 }
            return headless(options)
        }
        if let path = options.recordPath { return Recording.run(demo, options: options, path: path) }
        if let path = options.snapshotPath { return Snapshot.run(demo, options: options, path: path) }
        return demo.run(options)
    }

    /// The demos each demo-specific option applies to (every other option applies to all).
    static let optionDemos: [String: [String]] = [
        "--layers": ["bench"], "--steps": ["crates", "bench"], "--dump": ["crates"], "--emitter": ["bench"],
        "--easing": ["ball"], "--filter": ["lcd-clock"], "--fix": ["cube"],
        "--cut": ["tiles"], "--jpeg": ["tiles"], "--tiles": ["tiles"], "--measure": ["tiles"],
        "--offset": ["tiles", "matrix3d"], "--drag": ["sketch", "chalk", "stretch"], "--click": ["layers", "zorder"],
        "--scroll": ["contacts", "carousel"], "--photos": ["carousel"], "--particles": ["explosion", "waterfall"],
    ]


    static func listing() -> String {
        let width = demos.map(\.name.count).max() ?? 0
        return "demos:\n" + demos.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            .joined(separator: "\n")
    }
}

