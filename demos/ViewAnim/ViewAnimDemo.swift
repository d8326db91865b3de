import Foundation
import LayerHost
import QuartzCore
import UIKit

/// `demo view-anim` (Neuburg ch. 4, examples 5–12, 17–19): one view animated by the chosen example.
/// Keys 1–9, 0 and - choose E05…E19 and run it; a click runs it again; F toggles E12's
/// begins-from-current-state flag; X cancels E19's endless repeat (Escape is the shell's quit).
@MainActor
final class ViewAnimDemo {
    nonisolated static let sceneSize = CGSize(width: 400, height: 320)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "View Animation", options) { host in
            let demo = ViewAnimDemo(host: host, example: example(options))
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            ViewAnimScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), example: example(options),
                          flag: true)
        }
    }

    nonisolated static func example(_ options: DemoOptions) -> ViewAnimExamples.Example {
        options.variant.flatMap(ViewAnimExamples.Example.init(rawValue:)) ?? .e17
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: ViewAnimScene
    private var secondBlock: Timer?

    init(host: any LayerHosting, example: ViewAnimExamples.Example) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = ViewAnimScene(window: window, example: example, flag: true, runsAtOnce: false)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self else { return }
            switch key.lowercased() {
            case "f": scene.examples.beginsFromCurrentState.toggle()
            case "x": scene.examples.cancelRepeat()
            default:
                if let example = ViewAnimExamples.Example.allCases.first(where: { $0.key == key }) {
                    scene.example = example
                    run()
                }
            }
        }
        let tap = UITapGestureRecognizer { [weak self] _ in MainActor.assumeIsolated { self?.run() } }
        window.addGestureRecognizer(tap)
        // The window shows first; then the example runs, as if clicked.
        RunLoop.main.perform { MainActor.assumeIsolated { self.run() } }
    }

    private func run() {
        secondBlock?.invalidate()
        scene.reset()
        scene.runExample()
        if scene.example == .e12 {
            let timer = Timer(fire: Date(timeIntervalSinceNow: ViewAnimExamples.e12SecondBlockDelay), interval: 0,
                              repeats: false) { [weak self] _ in
                MainActor.assumeIsolated { self?.scene.examples.runE12SecondBlock() }
            }
            RunLoop.main.add(timer, forMode: .common)
            secondBlock = timer
        }
    }
}

/// The window's contents: a 60-point blue square in the middle; the chosen example.
final class ViewAnimScene: DemoScene {
    let window: UIWindow
    var example: ViewAnimExamples.Example
    private(set) var examples: ViewAnimExamples
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }
    static let start = CGPoint(x: 200, y: 180)

    /// `runsAtOnce`: the example starts when the scene is made (snapshots); a window starts it itself.
    @MainActor
    init(window: UIWindow, example: ViewAnimExamples.Example, flag: Bool, runsAtOnce: Bool = true) {
        self.window = window
        self.example = example
        window.backgroundColor = .white
        examples = ViewAnimExamples(view: UIView())
        examples.beginsFromCurrentState = flag
        reset()
        if runsAtOnce {
            // A snapshot draws this tree: its views animate as a shown window's do.
            window.layer.markTreeAsRendered()
            runExample()
        }
    }

    /// A fresh square at the start.
    @MainActor
    func reset() {
        examples.v.removeFromSuperview()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        v.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        v.center = Self.start
        window.addSubview(v)
        let flag = examples.beginsFromCurrentState
        examples = ViewAnimExamples(view: v)
        examples.beginsFromCurrentState = flag
        CATransaction.flush()
    }

    @MainActor
    func runExample() { examples.run(example) }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        example == .e12 && seconds >= ViewAnimExamples.e12SecondBlockDelay ? [ViewAnimExamples.e12SecondBlockDelay] : []
    }

    func fireTimers() {
        MainActor.assumeIsolated { if example == .e12 { examples.runE12SecondBlock() } }
    }
}

extension Demo {
    static let viewAnim = Demo(name: "view-anim", summary: "one view animated by Neuburg's examples: old-style begin/commit blocks (E05-E12: colour, position, autoreverse, resets in did-stop selectors, shrink and remove, begins-from-current-state) and blocks (E17-E19: autoreverse with a completion, repetition by recursion, cancelling an endless repeat); --variant e05...e19 or keys 1-9, 0, -; click runs again, F toggles E12's flag, X cancels E19 (Neuburg ch. 4)",
        preferredSize: ViewAnimDemo.sceneSize, run: ViewAnimDemo.run, scene: ViewAnimDemo.scene,
        variants: ViewAnimExamples.Example.arguments)
}
