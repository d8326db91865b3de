import CALinuxCairo
import Foundation
import XCTest

/// `play PAGE.swift` under a headless sway: the page's live view in a window, a save shown in that
/// same window, a compile error printed in the user's file and shown as a banner over the last good
/// build; the offscreen snapshot; clear messages for what cannot be played.
final class PlayEndToEndTests: SwayTestCase {
    private var play: URL { DemoBinary.buildDirectory.appendingPathComponent("play") }

    /// A page whose live view is a 300 × 200 view of `color`, written as editors save (a new file
    /// renamed over the old one).
    private func writePage(_ color: String, to page: URL, extra: String = "") throws {
        let text = """
            import UIKit
            import PlaygroundSupport

            class Swatch: UIView {
                @objc func tapped(_ sender: Any) {}
                @IBOutlet weak var label: UILabel?
            }

            let swatch = Swatch(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            swatch.backgroundColor = .\(color)
            _ = #selector(Swatch.tapped(_:))
            \(extra)
            PlaygroundPage.current.liveView = swatch

            """
        let temporary = page.deletingLastPathComponent().appendingPathComponent(".page.swift.tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, page.path), 0)
    }

    /// The pids of the clients that have windows.
    private func windowPIDs(_ sway: HeadlessSway) throws -> [Int] {
        let json = try sway.swaymsg(["-t", "get_tree", "-r"])
        guard let tree = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        var pids: [Int] = []
        func search(_ node: [String: Any]) {
            if let pid = node["pid"] as? Int { pids.append(pid) }
            for key in ["nodes", "floating_nodes"] { (node[key] as? [[String: Any]] ?? []).forEach(search) }
        }
        search(tree)
        return pids
    }

    private func waitForPixel(_ sway: HeadlessSway, x: Int, y: Int, timeout: TimeInterval,
                              _ matches: (RGB) -> Bool) throws -> PNGPixels? {
        var last: PNGPixels?
        let found = try poll(timeout: timeout, interval: 0.25) {
            last = try sway.screenshot()
            return last.map { matches($0[x, y]) } ?? false
        }
        return found ? last : nil
    }

    func testASaveShowsTheNewCodeInTheSameWindowAndAnErrorShowsABanner() throws {
        let sway = try startSway()
        let folder = try scratch("play-page")
        let page = folder.url.appendingPathComponent("page.swift")
        try writePage("red", to: page)
        let child = try runDemo([page.path], in: sway, executable: play)

        // The first build compiles the page against the library's modules.
        let red = try waitForPixel(sway, x: 150, y: 100, timeout: 90) { $0.r > 200 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(red, "no red live view; play said: \(child.stderr)")
        let first = try windowPIDs(sway)
        XCTAssertEqual(first.count, 1, "windows: \(first)")

        try writePage("blue", to: page)
        let blue = try waitForPixel(sway, x: 150, y: 100, timeout: 60) { $0.b > 200 && $0.r < 60 && $0.g < 60 }
        XCTAssertNotNil(blue, "the save was not shown; play said: \(child.stderr)")
        XCTAssertEqual(try windowPIDs(sway), first, "the save opened another window")
        XCTAssertTrue(poll(timeout: 5) { child.stdout.contains("play: reloaded in") }, child.stdout)
        if let blue { save(blue, as: "play-reloaded.png") }

        // A compile error: printed with the user's file, line and column; the blue build stays, under a banner.
        try writePage("blue", to: page, extra: "let broken: Int = \"not a number\"")
        let banner = try waitForPixel(sway, x: 400, y: 6, timeout: 60) { $0.r > 150 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(banner, "no error banner; play said: \(child.stderr)")
        if let banner {
            save(banner, as: "play-error-banner.png")
            let kept = banner[150, 100]
            XCTAssertTrue(kept.b > 200 && kept.r < 60, "the last good build is gone: \(kept)")
        }
        XCTAssertTrue(child.stderr.contains("\(page.path):12:19: error:"), child.stderr)
        XCTAssertEqual(try windowPIDs(sway), first)

        // Fixed again: the banner goes, the new build shows.
        try writePage("green", to: page)
        let green = try waitForPixel(sway, x: 150, y: 100, timeout: 60) { $0.g > 200 && $0.r < 60 && $0.b < 60 }
        XCTAssertNotNil(green, "the fix was not shown; play said: \(child.stderr)")
        if let green { XCTAssertFalse(green[400, 6].r > 150 && green[400, 6].g < 60, "the banner stayed") }
        XCTAssertEqual(try windowPIDs(sway), first)
    }

    func testASnapshotDrawsTheLiveViewOffscreenAndBadInputIsExplained() throws {
        let folder = try scratch("play-snapshot")
        let page = folder.url.appendingPathComponent("page.swift")
        try writePage("red", to: page)
        let picture = folder.url.appendingPathComponent("page.png")
        let snapshot = try ChildProcess(name: "play-snapshot", executable: play,
                                        arguments: [page.path, "--snapshot", picture.path],
                                        environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
        XCTAssertTrue(snapshot.waitForExit(timeout: 90))
        XCTAssertEqual(snapshot.termination, .exit(0), snapshot.stderr)
        XCTAssertEqual(snapshot.stdout, picture.path + "\n")
        let pixels = try PNGPixels(contentsOf: picture)
        XCTAssertEqual(pixels.width, 300)
        XCTAssertEqual(pixels.height, 200)
        XCTAssertTrue(pixels[150, 100].isRed, "\(pixels[150, 100])")

        for (arguments, message) in [([folder.url.appendingPathComponent("missing.swift").path], "does not exist"),
                                     ([folder.url.path], "a .playground folder")] {
            let run = try ChildProcess(name: "play-bad", executable: play, arguments: arguments,
                                       environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
            XCTAssertTrue(run.waitForExit(timeout: 30))
            XCTAssertNotEqual(run.termination, .exit(0))
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
    }

    /// Runs `play PAGE --snapshot` and returns the picture.
    private func snapshot(_ page: URL, at time: String = "0", page name: String? = nil,
                          in folder: ScratchDirectory) throws -> PNGPixels {
        let picture = folder.url.appendingPathComponent(page.deletingPathExtension().lastPathComponent + (name ?? "") + ".png")
        let run = try ChildProcess(name: "play-" + page.lastPathComponent + (name ?? ""), executable: play,
                                   arguments: [page.path, "--snapshot", picture.path, "--at", time]
                                       + (name.map { ["--page", $0] } ?? []),
                                   environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
        XCTAssertTrue(run.waitForExit(timeout: 90))
        XCTAssertEqual(run.termination, .exit(0), run.stderr)
        return try PNGPixels(contentsOf: picture)
    }

    func testTargetActionWithSelectorsReachesThePagesObjcMethods() throws {
        let folder = try scratch("play-actions")
        let page = folder.url.appendingPathComponent("actions.swift")
        try """
            import UIKit
            import PlaygroundSupport

            class Controller: UIViewController {
                let button = UIButton(type: .system)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .red
                    button.addTarget(self, action: #selector(makeGreen(_:)), for: .touchUpInside)
                    let tap = UITapGestureRecognizer(target: self, action: #selector(makeBlue))
                    view.addGestureRecognizer(tap)
                }
                @objc func makeGreen(_ sender: UIButton) { view.backgroundColor = sender === button ? .green : .black }
                @objc func makeBlue() { view.layer.borderColor = UIColor.blue.cgColor; view.layer.borderWidth = 20 }
            }

            let controller = Controller()
            controller.preferredContentSize = CGSize(width: 200, height: 200)
            PlaygroundPage.current.liveView = controller
            controller.loadViewIfNeeded()
            controller.button.sendActions(for: .touchUpInside)
            (controller as UIGestureRecognizerTarget).gestureRecognizerDidFire(controller.view.gestureRecognizers![0],
                                                                               action: #selector(Controller.makeBlue))

            """.write(to: page, atomically: true, encoding: .utf8)
        let pixels = try snapshot(page, in: folder)
        let centre = pixels[100, 100], edge = pixels[5, 100]
        XCTAssertTrue(centre.g > 200 && centre.r < 60 && centre.b < 60, "the button's action did not run: \(centre)")
        XCTAssertTrue(edge.b > 200 && edge.r < 60 && edge.g < 60, "the recognizer's action did not run: \(edge)")
    }

    func testTheExamplePagesRun() throws {
        let folder = try scratch("play-examples")
        let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/Pages")
        let names = try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(names, ["Explicit.swift", "Implicit.swift", "Layers.swift"])
        // Layers: the blue layer in the middle, its orange sublayer on its top-right corner.
        let layers = try snapshot(pages.appendingPathComponent("Layers.swift"), in: folder)
        XCTAssertTrue(layers[160, 160].b > 200 && layers[160, 160].r < 60, "\(layers[160, 160])")
        XCTAssertTrue(layers[210, 110].r > 200 && (120...180).contains(layers[210, 110].g), "\(layers[210, 110])")
        // Implicit: the teal square before any tap.
        let implicit = try snapshot(pages.appendingPathComponent("Implicit.swift"), in: folder)
        XCTAssertTrue(implicit[160, 160].b > 150 && implicit[160, 160].g > 130 && implicit[160, 160].r < 90, "\(implicit[160, 160])")
        // Explicit at 0.5 s: the square half-way through its eased quarter turn (a diamond), the ball at the top.
        let explicit = try snapshot(pages.appendingPathComponent("Explicit.swift"), at: "0.5", in: folder)
        XCTAssertTrue(explicit[90, 60].r > 200 && explicit[90, 60].b < 120, "diamond's top \(explicit[90, 60])")
        XCTAssertTrue(explicit[45, 75].isWhitish, "square's corner \(explicit[45, 75])")
        XCTAssertTrue(explicit[260, 65].b > 180 && explicit[260, 65].r < 120, "ball \(explicit[260, 65])")
    }

    /// Shapes.playground: pages Second (blue, with the resource's red dot twice) and First (green), in
    /// that order, a Sources helper and a Resources image.
    private func makePlayground(in folder: ScratchDirectory) throws -> URL {
        let playground = folder.url.appendingPathComponent("Shapes.playground")
        let fm = FileManager.default
        for sub in ["Sources", "Resources", "Pages/First.xcplaygroundpage", "Pages/Second.xcplaygroundpage"] {
            try fm.createDirectory(at: playground.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <playground version='6.0' target-platform='ios'>
                <pages>
                    <page name='Second'/>
                    <page name='First'/>
                </pages>
            </playground>
            """.write(to: playground.appendingPathComponent("contents.xcplayground"), atomically: true, encoding: .utf8)
        try """
            import UIKit

            /// A 200-point square view of `color`.
            public func makeSwatch(_ color: UIColor) -> UIView {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                view.backgroundColor = color
                return view
            }
            """.write(to: playground.appendingPathComponent("Sources/Helpers.swift"), atomically: true, encoding: .utf8)
        try "import PlaygroundSupport\nPlaygroundPage.current.liveView = makeSwatch(.green)\n"
            .write(to: playground.appendingPathComponent("Pages/First.xcplaygroundpage/Contents.swift"), atomically: true, encoding: .utf8)
        try """
            import UIKit
            import PlaygroundSupport
            let swatch = makeSwatch(.blue)
            let dot = UIImageView(image: UIImage(named: "dot"))
            dot.frame.origin = CGPoint(x: 20, y: 20)
            swatch.addSubview(dot)
            // Bundle.main finds the playground's resources too, as in Xcode.
            let path = Bundle.main.path(forResource: "dot", ofType: "png") ?? "missing"
            let bundled = UIImageView(image: UIImage(contentsOfFile: path))
            bundled.frame = CGRect(x: 120, y: 120, width: 40, height: 40)
            swatch.addSubview(bundled)
            PlaygroundPage.current.liveView = swatch

            """.write(to: playground.appendingPathComponent("Pages/Second.xcplaygroundpage/Contents.swift"), atomically: true, encoding: .utf8)
        // Resources/dot.png: 40 x 40 red.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 40)
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        XCTAssertEqual(cairo_surface_write_to_png(surface, playground.appendingPathComponent("Resources/dot.png").path),
                       CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return playground
    }

    func testAPlaygroundFolderSeesItsSourcesAndResourcesAndPicksItsPage() throws {
        let folder = try scratch("play-playground")
        let playground = try makePlayground(in: folder)

        // The first page of contents.xcplayground: blue, with the resource's red dot.
        let second = try snapshot(playground, in: folder)
        XCTAssertEqual(second.width, 200)
        XCTAssertTrue(second[180, 180].b > 200 && second[180, 180].r < 60, "\(second[180, 180])")
        XCTAssertTrue(second[40, 40].isRed, "the resource image: \(second[40, 40])")
        XCTAssertTrue(second[140, 140].isRed, "the resource through Bundle.main: \(second[140, 140])")

        let first = try snapshot(playground, page: "First", in: folder)
        XCTAssertTrue(first[100, 100].g > 200 && first[100, 100].r < 60, "\(first[100, 100])")

        let wrong = try ChildProcess(name: "play-wrong-page", executable: play, arguments: [playground.path, "--page", "Third"],
                                     environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
        XCTAssertTrue(wrong.waitForExit(timeout: 30))
        XCTAssertNotEqual(wrong.termination, .exit(0))
        XCTAssertTrue(wrong.stderr.contains("no page \"Third\"; its pages: Second, First"), wrong.stderr)
    }

    /// A page whose red bar moves across with an explicit animation and whose blue bar a display link
    /// grows by 10 points a frame.
    private func writeMovingPage(to page: URL) throws {
        try """
            import UIKit
            import PlaygroundSupport

            let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            view.backgroundColor = .white
            let bar = CALayer()
            bar.frame = CGRect(x: 0, y: 0, width: 10, height: 60)
            bar.backgroundColor = UIColor.red.cgColor
            view.layer.addSublayer(bar)
            let ticker = CALayer()
            ticker.anchorPoint = .zero
            ticker.frame = CGRect(x: 0, y: 80, width: 0, height: 20)
            ticker.backgroundColor = UIColor.blue.cgColor
            view.layer.addSublayer(ticker)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 195
            move.duration = 1
            bar.add(move, forKey: "move")
            var frames = 0
            let link = CADisplayLink(handler: { _ in
                frames += 1
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                ticker.bounds.size.width = CGFloat(frames) * 10
                CATransaction.commit()
            })
            link.add(to: .main, forMode: .common)
            PlaygroundPage.current.liveView = view

            """.write(to: page, atomically: true, encoding: .utf8)
    }

    func testARecordingHasEveryFrameAtItsTimeWithTheDisplayLinksCalled() throws {
        let folder = try scratch("play-record")
        let page = folder.url.appendingPathComponent("moving.swift")
        try writeMovingPage(to: page)
        // A relative path is the caller's, as the window runs elsewhere.
        let run = try ChildProcess(name: "play-record", executable: play,
                                   arguments: [page.path, "--record", "moving.png", "--seconds", "0.5", "--fps", "10"],
                                   environment: environment(with: ["WAYLAND_DISPLAY": nil]),
                                   workingDirectory: folder.url, logDirectory: folder.url)
        XCTAssertTrue(run.waitForExit(timeout: 90))
        XCTAssertEqual(run.termination, .exit(0), run.stderr)
        let path = folder.url.appendingPathComponent("moving.png").path
        XCTAssertEqual(run.stdout, path + "\n")
        let decoded = try AnimatedImageFrames.apng(Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(decoded.frames.count, 5)
        XCTAssertEqual(decoded.width, 200)
        for (k, frame) in decoded.frames.enumerated() {
            XCTAssertEqual(frame.startMs, k * 100)
            func isRed(_ p: RGB) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 }
            func isBlue(_ p: RGB) -> Bool { p.b > 200 && p.r < 60 && p.g < 60 }
            // The bar's centre at 5 + 190 t (an animation without a timing function is linear).
            let reds = (0..<200).filter { isRed(frame.pixels[30 * 200 + $0]) }
            XCTAssertEqual(reds.count, 10, "frame \(k): the red bar")
            if let first = reds.first {
                XCTAssertEqual(Double(first) + 5, 5 + 190 * Double(k) / 10, accuracy: 1, "frame \(k): the bar's place")
            }
            // The display link ran once per frame, before the frame was drawn: k + 1 ticks of 10 points.
            let blues = (0..<200).filter { isBlue(frame.pixels[90 * 200 + $0]) }.count
            XCTAssertEqual(blues, min(200, (k + 1) * 10), "frame \(k): the display link's bar")
        }
    }

    func testTheShellKeysWorkInPlaysWindow() throws {
        let sway = try startSway()
        let folder = try scratch("play-keys")
        let page = folder.url.appendingPathComponent("moving.swift")
        try writeMovingPage(to: page)
        let child = try runDemo([page.path], in: sway, executable: play, workingDirectory: folder.url)
        XCTAssertTrue(poll(timeout: 90) { child.stdout.contains("shown in") }, "no window; play said: \(child.stderr)")
        func said(_ text: String) -> Bool { poll(timeout: 10) { child.stdout.contains(text) } }
        try sway.type(["-k", "space"])
        XCTAssertTrue(said("window: paused"), "Space did not pause: \(child.stdout) \(child.stderr)")
        try sway.type(["s"])
        XCTAssertTrue(said("window: slow motion"), child.stdout)
        try sway.type(["v"])
        XCTAssertTrue(said("window: recording to \(folder.url.path)/moving-1.webp"), child.stdout)
        try sway.type(["r"])
        XCTAssertTrue(said("window: restarted"), child.stdout)
        // Q writes the recording and ends the window; play ends with it.
        try sway.type(["q"])
        XCTAssertTrue(said("window: saved \(folder.url.path)/moving-1.webp"), child.stdout)
        XCTAssertTrue(child.waitForExit(timeout: 10), "play did not end with its window")
        XCTAssertEqual(child.termination, .exit(0), child.stderr)
        let data = try Data(contentsOf: folder.url.appendingPathComponent("moving-1.webp"))
        XCTAssertGreaterThan(try AnimatedImageFrames.webp(data).frames.count, 0)

        // A recording under way when play is interrupted (Ctrl+C) is written as the window ends.
        let again = try runDemo([page.path], in: sway, executable: play, workingDirectory: folder.url)
        XCTAssertTrue(poll(timeout: 90) { again.stdout.contains("shown in") }, "no window; play said: \(again.stderr)")
        // (The new window may take a moment to get the keyboard: V again until it records.)
        var recording = false
        for _ in 0..<5 where !recording {
            try sway.type(["v"])
            recording = poll(timeout: 2) { again.stdout.contains("recording to \(folder.url.path)/moving-2.webp") }
        }
        XCTAssertTrue(recording, again.stdout)
        kill(again.pid, SIGINT)
        XCTAssertTrue(again.waitForExit(timeout: 10))
        XCTAssertTrue(again.stdout.contains("window: saved \(folder.url.path)/moving-2.webp"), again.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("moving-2.webp").path))
    }

    /// An app's folder as Xcode's template has it: an `@main` delegate (in a file of its own, with an
    /// `@objc` method play must blank) and a controller whose view is `color`.
    private func writeApp(_ color: String, in folder: URL, extra: String = "", entry: String = "@main") throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
            import UIKit

            \(entry)
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication,
                                 didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    window?.rootViewController = ViewController()
                    window?.makeKeyAndVisible()
                    return true
                }
                @objc func unused() {}
            }

            """.write(to: folder.appendingPathComponent("Sources/App/AppDelegate.swift"), atomically: true, encoding: .utf8)
        let text = """
            import UIKit

            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .\(color)
                    \(extra)
                }
            }

            """
        let file = folder.appendingPathComponent("Sources/App/ViewController.swift")
        let temporary = folder.appendingPathComponent("Sources/App/.ViewController.swift.tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, file.path), 0)
    }

    func testAnAppsFolderRunsAndReloadsInTheSameWindow() throws {
        let sway = try startSway()
        let folder = try scratch("play-app")
        let app = folder.url.appendingPathComponent("Colors")
        try writeApp("red", in: app)
        let child = try runDemo([app.path], in: sway, executable: play)
        let red = try waitForPixel(sway, x: 200, y: 300, timeout: 90) { $0.r > 200 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(red, "no red app; play said: \(child.stderr)")
        let first = try windowPIDs(sway)
        XCTAssertEqual(first.count, 1, "windows: \(first)")

        try writeApp("blue", in: app)
        let blue = try waitForPixel(sway, x: 200, y: 300, timeout: 60) { $0.b > 200 && $0.r < 60 && $0.g < 60 }
        XCTAssertNotNil(blue, "the save was not shown; play said: \(child.stderr)")
        XCTAssertEqual(try windowPIDs(sway), first, "the save opened another window")
        if let blue { save(blue, as: "play-app-reloaded.png") }

        try writeApp("blue", in: app, extra: "let broken: Int = \"no\"")
        let banner = try waitForPixel(sway, x: 400, y: 6, timeout: 60) { $0.r > 150 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(banner, "no error banner; play said: \(child.stderr)")
        XCTAssertTrue(child.stderr.contains("ViewController.swift:7:"), child.stderr)
        if let banner {
            save(banner, as: "play-app-error-banner.png")
            XCTAssertTrue(banner[200, 300].b > 200, "the last good build is gone: \(banner[200, 300])")
        }
        XCTAssertEqual(try windowPIDs(sway), first)
    }

    func testAnAppFolderNeedsOneMainType() throws {
        let folder = try scratch("play-app-bad")
        let none = folder.url.appendingPathComponent("None")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        try "import UIKit\nclass A: UIView {}\n".write(to: none.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let two = folder.url.appendingPathComponent("Two")
        try writeApp("red", in: two)
        try "import UIKit\n@main class Other: UIResponder, UIApplicationDelegate {}\n"
            .write(to: two.appendingPathComponent("Other.swift"), atomically: true, encoding: .utf8)
        for (path, message) in [(none.path, "no type marked @main"),
                                (two.path, "2 types marked @main: Other (\(two.path)/Other.swift:2), AppDelegate (\(two.path)/Sources/App/AppDelegate.swift:3)")] {
            let run = try ChildProcess(name: "play-bad-app", executable: play, arguments: [path],
                                       environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
            XCTAssertTrue(run.waitForExit(timeout: 30))
            XCTAssertNotEqual(run.termination, .exit(0))
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        // An app folder snapshots as a page does, whichever entry it has: `@main`, the older
        // `@UIApplicationMain`, or a main.swift calling `UIApplicationMain`.
        let one = folder.url.appendingPathComponent("One"), old = folder.url.appendingPathComponent("Old")
        let plain = folder.url.appendingPathComponent("Plain")
        try writeApp("green", in: one)
        try writeApp("green", in: old, entry: "@UIApplicationMain")
        try writeApp("green", in: plain, entry: "")
        try "import UIKit\nprint(\"main.swift runs\")\nUIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))\n"
            .write(to: plain.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        for app in [one, old, plain] {
            let picture = folder.url.appendingPathComponent(app.lastPathComponent + ".png")
            let run = try ChildProcess(name: "play-app-snapshot", executable: play, arguments: [app.path, "--snapshot", picture.path],
                                       environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
            XCTAssertTrue(run.waitForExit(timeout: 90))
            XCTAssertEqual(run.termination, .exit(0), "\(app.lastPathComponent): \(run.stderr)")
            guard let pixels = try? PNGPixels(contentsOf: picture) else { XCTFail("no picture of \(app.lastPathComponent)"); continue }
            XCTAssertEqual(pixels.width, 390)
            XCTAssertTrue(pixels[100, 100].g > 100 && pixels[100, 100].r < 60, "\(app.lastPathComponent): \(pixels[100, 100])")
        }
    }

    func testThePageListInTheWindowSwitchesPages() throws {
        let sway = try startSway()
        let folder = try scratch("play-page-list")
        let playground = try makePlayground(in: folder)
        let child = try runDemo([playground.path], in: sway, executable: play)
        let blue = try waitForPixel(sway, x: 180, y: 60, timeout: 90) { $0.b > 200 && $0.r < 60 && $0.g < 60 }
        XCTAssertNotNil(blue, "no Second page; play said: \(child.stderr)")
        let pid = try XCTUnwrap(try windowPIDs(sway).first)
        let rect = try XCTUnwrap(try sway.windowRect(pid: Int32(pid)))
        // Play sends the list once the window says the page is loaded (just before it prints "shown
        // in"), which can come after the page's first picture.
        XCTAssertTrue(poll(timeout: 20) { child.stdout.contains("shown in") }, child.stdout)
        Thread.sleep(forTimeInterval: 0.5)
        save(try sway.screenshot(), as: "play-page-list.png")
        // The list runs along the bottom of the window: Second (selected) on the left half, First on the
        // right. The window is the page's 200 points, or the output's size once sway has tiled it: a
        // click on First for each (the other lands where nothing answers it).
        try sway.pointer(["move", "\(rect.x + 150)", "\(rect.y + 182)", "click", "left",
                          "move", "\(rect.x + rect.width * 3 / 4)", "\(rect.y + rect.height - 18)", "click", "left"])
        XCTAssertTrue(poll(timeout: 10) { child.stdout.contains("play: page First") }, "the list did not switch: \(child.stdout)")
        let green = try waitForPixel(sway, x: rect.x + 100, y: rect.y + 60, timeout: 60) { $0.g > 200 && $0.r < 60 && $0.b < 60 }
        XCTAssertNotNil(green, "the First page was not shown; play said: \(child.stderr)")
        XCTAssertEqual(try windowPIDs(sway), [pid], "the switch opened another window")
    }

    func testAPageThatHoldsTheMainThreadIsSaidToBeNotAnswering() throws {
        let sway = try startSway()
        let folder = try scratch("play-stall")
        let page = folder.url.appendingPathComponent("stall.swift")
        try writePage("blue", to: page, extra: "DispatchQueue.main.asyncAfter(deadline: .now() + 1) { while true { usleep(1000) } }")
        let child = try runDemo([page.path], in: sway, executable: play)
        XCTAssertTrue(poll(timeout: 90) { child.stdout.contains("shown in") }, "no window; play said: \(child.stderr)")
        // Answering, the window shows the page alone.
        let blue = try XCTUnwrap(try waitForPixel(sway, x: 150, y: 8, timeout: 5) { $0.b > 200 && $0.r < 60 })
        XCTAssertTrue(blue[150, 8].b > 200, "\(blue[150, 8])")
        // Then the page's code holds the main thread: the render thread shows the banner by itself.
        let stalled = try waitForPixel(sway, x: 150, y: 8, timeout: 15) { $0.r > 180 && (90...170).contains($0.g) && $0.b < 60 }
        XCTAssertNotNil(stalled, "no not-answering banner")
        if let stalled { save(stalled, as: "play-not-answering.png") }
        child.stop()
    }
}
