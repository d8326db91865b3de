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
}

/// Parses the command line and dispatches to a demo.
struct DemoCommand {
    /// Every demo, in the order `demo list` shows them.
    static let demos: [Demo] = [
        .clock,
        .cube,
        .cubes,
        .lcdClock,
        .ball,
        .bench,
        .crates,
        .shapes,
        .gradient,
        .replicator,
        .reflection,
        .scrollLayer,
        .tiles,
        .matrix3d,
        .viewAnim,
        .mars,
        .tabs,
        .chalk,
        .contacts,
        .carousel,
        .sketch,
        .text,
        .explosion,
        .waterfall,
        .thickness,
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
        .transactions,
        .pathBounce,
        .borderGroup,
        .anatomy,
        .actions,
        .compass,
        .sailboat,
        .transitions,
        .flash,
        .constraints,
        .autolayout,
        .imageBench,
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
        let options: DemoOptions
        do {
            options = try DemoOptions(parsing: Array(arguments.dropFirst()), preferredSize: demo.preferredSize)
        } catch {
            FileHandle.standardError.write(Data("demo \(name): \(error) (demo --help lists the options)\n".utf8))
            return 2
        }
        if let variant = options.variant, !demo.variants.contains(variant) {
            let accepted = demo.variants.isEmpty ? "it has none" : "one of " + demo.variants.joined(separator: ", ")
            FileHandle.standardError.write(Data("demo \(name): unknown variant '\(variant)' (\(accepted))\n".utf8))
            return 2
        }
        if name != "matrix3d", name != "tiles", options.contentOffset != nil {
            FileHandle.standardError.write(Data("demo \(name): --offset applies only to tiles and matrix3d\n".utf8))
            return 2
        }
        if name != "tiles", options.cutDirectory != nil || options.tilesDirectory != nil
            || options.jpegTiles || options.measuresTiles {
            FileHandle.standardError.write(Data("demo \(name): --cut, --jpeg, --tiles and --measure apply only to tiles\n".utf8))
            return 2
        }
        if name != "contacts", name != "carousel", options.scrollOffsets != nil {
            FileHandle.standardError.write(Data("demo \(name): --scroll applies only to contacts and carousel\n".utf8))
            return 2
        }
        if name != "carousel", options.photosDirectory != nil {
            FileHandle.standardError.write(Data("demo \(name): --photos applies only to carousel\n".utf8))
            return 2
        }
        if !["sketch", "chalk", "stretch"].contains(name), options.drag != nil {
            FileHandle.standardError.write(Data("demo \(name): --drag applies only to sketch, chalk and stretch\n".utf8))
            return 2
        }
        if !["layers", "zorder"].contains(name), options.click != nil {
            FileHandle.standardError.write(Data("demo \(name): --click applies only to layers and zorder\n".utf8))
            return 2
        }
        if options.steps != nil || options.dump {
            guard let headless = demo.headless, !options.dump || name == "crates" else {
                FileHandle.standardError.write(Data("demo \(name): --steps applies only to crates and bench, --dump only to crates\n".utf8))
                return 2
            }
            return headless(options)
        }
        if options.recordPath != nil, options.snapshotPath != nil {
            FileHandle.standardError.write(Data("demo \(name): --record and --snapshot cannot be used together\n".utf8))
            return 2
        }
        if options.framesPerSecond != nil, options.recordPath == nil {
            FileHandle.standardError.write(Data("demo \(name): --fps applies only to --record\n".utf8))
            return 2
        }
        if let path = options.recordPath { return Recording.run(demo, options: options, path: path) }
        if let path = options.snapshotPath { return Snapshot.run(demo, options: options, path: path) }
        return demo.run(options)
    }

    static let usage = """
        usage: demo NAME [--size WxH] [--time HH:MM:SS] [--variant NAME | --easing] [--snapshot FILE.png [--at SECONDS]]
                 [--record FILE.webp|.png|.gif [--seconds S] [--fps F]]
                 [--seed N] [--filter nearest|linear] [--fix none|a|b] [--offset X,Y] [--cut DIR [--jpeg]] [--tiles DIR]
                 [--drag X0,Y0,X1,Y1] [--click X,Y] [--scroll A,B,...] [--photos DIR]
                 [--trace FILE] [--layers N] [--seconds S] [--debug-overlay NAME] [--steps N [--dump]]
                 [--renderer gl|software]
          --renderer R      gl (OpenGL ES through EGL; software where none can be had) or software
                            (cairo); default: CA_RENDERER, else software
          --size WxH        preferred window size in points (when the compositor lets the client choose);
                            with --snapshot, the picture's size in pixels (default: the demo's preferred size)
          --time HH:MM:SS   the wall-clock time the demo sees at start (it then advances normally;
                            a snapshot without --time sees 10:08:30)
          --variant NAME    one of the demo's variants (also --camera; cube: corner-on, face-on;
                            clock: a, b (default), c, d or 1-4; ball: keyframes, linear, easing,
                            timer, display-link or 1-5; crates: fixed-step (default), falling,
                            walls or 1-3)
          --easing          the same as --variant easing (ball: the bounceEaseOut keyframes)
          --snapshot FILE   render one frame offscreen (no compositor) into the PNG FILE and print its path
          --record FILE     render the demo offscreen on a frozen clock, frame k at k/F seconds, and write
                            an animated image by FILE's extension: .webp (lossless), .png (APNG) or .gif;
                            the same options give the same bytes
          --seconds S       with --record, the recording's length (default 3)
          --fps F           with --record, frames per second (default 30)
          --at SECONDS      the snapshot's media time since the demo's start (default 0); timers fire
                            at their times up to it, on a frozen clock
          --trace FILE      write JSON lines: one per frame ({"type":"frame","seq","target","commit",
                            "presented"}, seconds of CACurrentMediaTime, presented null without feedback)
          --seed N          cubes: the seed of the faces' random colours; contacts: of the names and
                            avatars (default 1)
          --fix none|a|b    cube: the touch fix of face 3's button: none (the guide's bug: face 5 takes
                            its clicks), a (only face 3 interactive), b (face 3 added last); key X cycles
          --steps N         crates: no window; run N fixed physics steps of 1/120 s (default 600) and print a summary
                            bench: no window; render N frames offscreen with --renderer, print fps and CPU per frame
          --dump            crates: with --steps, print every crate's position, angle and velocities exactly
          --cut DIR         tiles: write the picture's 64 tiles Snowman_XX_YY.png into DIR and exit
                            (--jpeg: Snowman_XX_YY.jpg)
          --tiles DIR       tiles: draw the tiles read from DIR (as --cut writes them)
          --offset X,Y      tiles, matrix3d: start scrolled to content offset (X, Y) points
          --drag X0,Y0,X1,Y1  sketch, chalk: one stroke; stretch: a drag (of the handle); from (X0, Y0) to (X1, Y1) through the window's touch input
          --click X,Y       layers, zorder: one click at (X, Y) through the window's touch input
          --scroll A,B,...  contacts, carousel: scroll to these content offsets (points down, or across for
                            the carousel) in turn, one every 0.5 s; a snapshot draws each step as a window
                            frame (those up to --at)
          --photos DIR      carousel: the PNG and JPEG files of DIR instead of the generated photos
          --measure         tiles: no window; print the first complete frame's time and tiles drawn per second
          --filter NAME     lcd-clock: the digits' magnification filter, nearest (default) or linear
          --layers N        bench: the number of squares (default 1000; N may also be the last argument)
          --seconds S       bench: run S seconds, then print the summary (default: until SIGTERM);
                            image-bench: load each file for at least S seconds (default 1)
          --no-decorations  a bare window: no title bar or borders (the compositor's or drawn here)
          --debug-overlay NAME  QuartzCore's debug overlay from the start (also in a snapshot): none,
                            layerBounds, blendedLayers, offscreenLayers, redrawFlash,
                            rasterizationHitsAndMisses (key D cycles them)
        keys in the window: Space pause/resume, Left/Right step a frame while paused, S slow motion,
          D debug overlay, B block the main thread 1 s, R restart, Q or Escape quit
        """

    static func listing() -> String {
        let width = demos.map(\.name.count).max() ?? 0
        return "demos:\n" + demos.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            .joined(separator: "\n")
    }
}

