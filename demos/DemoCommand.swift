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
    static let demos: [Demo] = [
        Demo(name: "clock", summary: "analog clock of views; --variant a|b|c|d or keys 1-4: misaligned, anchorPoint, animated, eased (Lockwood ch. 3, 8, 10)",
             run: ClockDemo.run, scene: ClockDemo.scene, variants: ClockScene.Variant.arguments),
        Demo(name: "cube", summary: "six face views in perspective, lit, a button on face 3 (Lockwood ch. 5; --variant face-on, --fix none|a|b)",
             preferredSize: CubeScene.containerSize, run: CubeDemo.run, scene: CubeDemo.scene,
             variants: CubeScene.Camera.allCases.map(\.rawValue)),
        Demo(name: "cubes", summary: "two cubes of six faces in CATransformLayers, one perspective (Lockwood ch. 6; --seed N colours)",
             preferredSize: CubesScene.containerSize, run: CubesDemo.run, scene: CubesDemo.scene),
        Demo(name: "lcd-clock", summary: "LCD clock: sprite-sheet digits via contentsRect, nearest filter (Lockwood ch. 4; --filter linear)",
             preferredSize: CGSize(width: 480, height: 240), run: LCDClockDemo.run, scene: LCDClockDemo.scene),
        Demo(name: "ball", summary: "bouncing ball of views; --variant 1-5 or keys: keyframes, linear, easing, timer, display-link; click replays, click the ball to catch it (Lockwood ch. 10, 11)",
             preferredSize: CGSize(width: 480, height: 480), run: BallDemo.run, scene: BallDemo.scene,
             variants: BallScene.Variant.arguments),
        Demo(name: "bench", summary: "benchmark: N spinning, fading squares (docs/BENCH.md; --layers N, --seconds S)",
             preferredSize: BenchScene.windowSize, run: BenchDemo.run, scene: BenchDemo.scene,
             headless: BenchOffscreen.run),
        Demo(name: "crates", summary: "crates with Chipmunk 2D physics: walls, gravity from the arrows, drag a crate (Lockwood ch. 11; keys 1-3)",
             preferredSize: CGSize(width: 480, height: 480), run: CratesDemo.run, scene: CratesDemo.scene,
             variants: CratesDemo.variantNames, headless: CratesDemo.headless),
        Demo(name: "shapes", summary: "CAShapeLayer: the stick figure, a square with three rounded corners, a rounded rectangle without an offscreen pass, a delegate's curve; --variant or keys 1-4 (Lockwood ch. 6, 15; the Core Animation Programming Guide, listing 2-4)",
             preferredSize: CGSize(width: ShapesScene.side, height: ShapesScene.side), run: ShapesDemo.run,
             scene: ShapesDemo.scene, variants: ShapesScene.Variant.arguments),
        Demo(name: "gradient", summary: "CAGradientLayer: red to blue along the diagonal, then red, yellow and green at locations 0, 0.25, 0.5; --variant or keys 1-2 (Lockwood ch. 6)",
             preferredSize: CGSize(width: GradientScene.side, height: GradientScene.side),
             run: { options in LayerSceneDemo.run(title: "Gradient", options, GradientDemo.make) },
             scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, GradientDemo.make) },
             variants: GradientScene.Variant.arguments),
        Demo(name: "replicator", summary: "CAReplicatorLayer: a ring of ten squares, each turned 36 degrees and a little redder (Lockwood ch. 6)",
             preferredSize: CGSize(width: ReplicatorScene.sceneSide, height: ReplicatorScene.sceneSide),
             run: { options in LayerSceneDemo.run(title: "Replicator", options) { root, _ in ReplicatorScene(root: root) } },
             scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ReplicatorScene(root: root) } }),
        Demo(name: "reflection", summary: "a view whose CAReplicatorLayer reflects its contents 2 points below it at 40% opacity (Lockwood ch. 6)",
             preferredSize: ReflectionScene.sceneSize,
             run: { options in LayerSceneDemo.run(title: "Reflection", options) { root, _ in ReflectionScene(root: root) } },
             scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size) { root, _ in ReflectionScene(root: root) } }),
        Demo(name: "scroll-layer", summary: "a view whose layer is a CAScrollLayer: drag to scroll a large picture, past its edges too (Lockwood ch. 6)",
             preferredSize: ScrollLayerDemo.sceneSize, run: ScrollLayerDemo.run, scene: ScrollLayerDemo.scene),
        Demo(name: "tiles", summary: "CATiledLayer: a 2048-pixel snowman cut into 64 tiles drawn on demand as you drag or wheel-scroll; --variant retina, --offset X,Y, --cut DIR [--jpeg] writes the tiles, --tiles DIR draws them from there (Lockwood ch. 6)",
             preferredSize: TilesDemo.sceneSize, run: TilesDemo.run, scene: TilesDemo.scene,
             variants: TilesDemo.Variant.arguments),
        Demo(name: "matrix3d", summary: "a scrolling 3D matrix of layers seen in perspective: every layer of 10x10x10, only the visible ones of 100x100x10, or those recycled from a pool; --variant or keys 1-3, --offset X,Y; logs displayed/total/recycled (Lockwood ch. 15)",
             preferredSize: Matrix3DDemo.sceneSize, run: Matrix3DDemo.run, scene: Matrix3DDemo.scene,
             variants: ["1", "2", "3"]),
        Demo(name: "view-anim", summary: "one view animated by Neuburg's examples: old-style begin/commit blocks (E05-E12: colour, position, autoreverse, resets in did-stop selectors, shrink and remove, begins-from-current-state) and blocks (E17-E19: autoreverse with a completion, repetition by recursion, cancelling an endless repeat); --variant e05...e19 or keys 1-9, 0, -; click runs again, F toggles E12's flag, X cancels E19 (Neuburg ch. 4)",
             preferredSize: ViewAnimDemo.sceneSize, run: ViewAnimDemo.run, scene: ViewAnimDemo.scene,
             variants: ViewAnimExamples.Example.arguments),
        Demo(name: "mars", summary: "UIImageView animationImages flash Mars on and off over 2 s, once; a \"Howdy\" button's animated image pulses a red dot through six sizes every 0.5 s (Neuburg ch. 4)",
             preferredSize: MarsDemo.sceneSize, run: MarsDemo.run, scene: MarsDemo.scene),
        Demo(name: "tabs", summary: "a tab bar controller whose delegate crossfades the two screens with a CATransition on the controller's view (0.25 s); --variant 1|2 or keys 1-2 click a tab, clicks on the bar too; a snapshot clicks the chosen tab at 0.5 s (Lockwood ch. 8)",
             preferredSize: TabsDemo.sceneSize, run: TabsDemo.run, scene: TabsDemo.scene, variants: TabsDemo.variants),
        Demo(name: "chalk", summary: "a chalkboard of 32-point brush stamps, redrawn whole after each stamp or only in the new stamp's dirty rectangle; --variant full|dirty or V switches; --drag X0,Y0,X1,Y1 injects a stroke, --trace logs each draw(_:) (Lockwood ch. 13)",
             preferredSize: ChalkDemo.sceneSize, run: ChalkDemo.run, scene: ChalkDemo.scene, variants: ChalkDemo.variants),
        Demo(name: "contacts", summary: "a table of 1000 contacts with shadowed avatars and names; R rasterizes the cells, D cycles the debug tints (blended, offscreen, rasterization hits green and misses red); --variant slow|rasterized, --scroll Y1,Y2,... scrolls, --trace logs each frame's rasterizations (Lockwood ch. 12)",
             preferredSize: ContactsDemo.sceneSize, run: ContactsDemo.run, scene: ContactsDemo.scene,
             variants: ContactsDemo.variants),
        Demo(name: "carousel", summary: "a horizontal carousel of 800x600 photos loaded from files; keys 1-5 or --variant choose the loading: main thread, background queue, forced decompression, a CATiledLayer per cell, NSCache with preloading; --photos DIR, --scroll X1,X2,..., --trace logs each load and decode with its thread (Lockwood ch. 14)",
             preferredSize: CarouselDemo.sceneSize, run: CarouselDemo.run, scene: CarouselDemo.scene,
             variants: CarouselDemo.variants),
        Demo(name: "sketch", summary: "press and drag to draw red 5-point strokes with Core Graphics in draw(_:) or with a CAShapeLayer; --variant cg|shape or keys 1-2, V switches (Lockwood ch. 13); --drag X0,Y0,X1,Y1 injects one stroke",
             preferredSize: SketchDemo.sceneSize, run: SketchDemo.run, scene: SketchDemo.scene,
             variants: SketchDemo.Variant.arguments),
        Demo(name: "text", summary: "CATextLayer: a justified, wrapped paragraph; the same as an attributed string with \"ipsum\" red and underlined; a view backed by a text layer; --variant or keys 1-3 (Lockwood ch. 6)",
             preferredSize: CGSize(width: TextScene.side, height: TextScene.side),
             run: { options in LayerSceneDemo.run(title: "Text", options, TextDemo.make) },
             scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, TextDemo.make) },
             variants: TextScene.Variant.arguments),
        Demo(name: "explosion", summary: "CAEmitterLayer: an additive orange explosion of 150 sparks a second at the centre; click moves the emitter, A toggles additive (Lockwood ch. 6; --seed N)",
             preferredSize: CGSize(width: ExplosionScene.side, height: ExplosionScene.side), run: ExplosionDemo.run,
             scene: ExplosionDemo.scene),
        Demo(name: "waterfall", summary: "CAEmitterLayer: Neuburg's emitter stages (boring, hose, waterfall, varied, keypath, animated, splash, line); --variant or keys 1-8 (Neuburg ch. 17)",
             preferredSize: CGSize(width: WaterfallScene.side, height: WaterfallScene.side),
             run: { options in LayerSceneDemo.run(title: "Waterfall", options, WaterfallDemo.make) },
             scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, WaterfallDemo.make) },
             variants: WaterfallScene.Stage.arguments),
        Demo(name: "thickness", summary: "a CALayer subclass's custom animatable property: the border of a red square grows to 10 points and back; Space animates (Neuburg ch. 17, Making a Property Animatable)",
             preferredSize: CGSize(width: 320, height: 320), run: ThicknessDemo.run, scene: ThicknessDemo.scene),
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
        if name != "sketch", name != "chalk", options.drag != nil {
            FileHandle.standardError.write(Data("demo \(name): --drag applies only to sketch and chalk\n".utf8))
            return 2
        }
        if options.steps != nil || options.dump {
            guard let headless = demo.headless, !options.dump || name == "crates" else {
                FileHandle.standardError.write(Data("demo \(name): --steps applies only to crates and bench, --dump only to crates\n".utf8))
                return 2
            }
            return headless(options)
        }
        if let path = options.snapshotPath { return Snapshot.run(demo, options: options, path: path) }
        return demo.run(options)
    }

    static let usage = """
        usage: demo NAME [--size WxH] [--time HH:MM:SS] [--variant NAME | --easing] [--snapshot FILE.png [--at SECONDS]]
                 [--seed N] [--filter nearest|linear] [--fix none|a|b] [--offset X,Y] [--cut DIR [--jpeg]] [--tiles DIR]
                 [--drag X0,Y0,X1,Y1] [--scroll A,B,...] [--photos DIR]
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
          --drag X0,Y0,X1,Y1  sketch, chalk: draw one stroke from (X0, Y0) to (X1, Y1) through the window's touch input
          --scroll A,B,...  contacts, carousel: scroll to these content offsets (points down, or across for
                            the carousel) in turn, one every 0.5 s; a snapshot draws each step as a window
                            frame (those up to --at)
          --photos DIR      carousel: the PNG and JPEG files of DIR instead of the generated photos
          --measure         tiles: no window; print the first complete frame's time and tiles drawn per second
          --filter NAME     lcd-clock: the digits' magnification filter, nearest (default) or linear
          --layers N        bench: the number of squares (default 1000; N may also be the last argument)
          --seconds S       bench: run S seconds, then print the summary (default: until SIGTERM)
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

/// `demo gradient`'s scene for the options' variant.
enum GradientDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        GradientScene(root: root, variant: options.variant.flatMap(GradientScene.Variant.init(argument:)) ?? .twoColors)
    }
}

/// `demo text`'s scene for the options' variant, at the screen's scale.
enum TextDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        TextScene(root: root, variant: options.variant.flatMap(TextScene.Variant.init(argument:)) ?? .plain,
                  scale: root.contentsScale)
    }
}

/// `demo waterfall`'s scene for the options' stage (`--seed N`, default 1).
enum WaterfallDemo {
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        WaterfallScene(root: root, stage: options.variant.flatMap(WaterfallScene.Stage.init(argument:)) ?? .boring,
                       seed: UInt32(truncatingIfNeeded: options.seed ?? 1))
    }
}
