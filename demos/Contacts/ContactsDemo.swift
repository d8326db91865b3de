import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo contacts` (Lockwood listings 12.1 and 12.2): a table of 1000 contacts with shadowed avatars
/// and names, scrolled with the wheel or by dragging.
///
/// | key | action |
/// |-----|--------|
/// | R   | rasterize the cells (`shouldRasterize`, at the screen's scale) or not (`--variant rasterized` starts with it) |
/// | D   | debug tints: none, blended layers, offscreen-rendered layers, rasterization hits (green) and misses (red) |
///
/// `--trace FILE` writes `{"type":"rows","count","contentHeight"}` once, `{"type":"configure","row","cell"}` per
/// configured cell (cells numbered 1, 2, … as the table makes them), `{"type":"scroll","y"}` per scroll,
/// `{"type":"rasterization","on"}` per R, and per frame that draws rasterized cells
/// `{"type":"rasterize","frame","cells","rows","reused"}`: the cells drawn into their bitmaps again
/// (misses), the rows they show, and how many kept bitmaps were drawn (hits). `--scroll Y1,Y2,…` scrolls
/// to those offsets, one every half second (a snapshot draws each as a window frame, up to `--at`).
@MainActor
final class ContactsDemo: DemoKeyHandling {
    nonisolated static let sceneSize = CGSize(width: 360, height: 480)
    nonisolated static let variants = ["slow", "rasterized"]
    /// What D cycles through.
    static let overlays: [CADebugOverlay] = [.none, .blendedLayers, .offscreenLayers, .rasterizationHitsAndMisses]

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Contacts", options) { host in
            let demo = ContactsDemo(host: host, options: options)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            ContactsScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), options: options,
                          trace: options.openTrace() ?? nil, drawsFrames: true)
        }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    let scene: ContactsScene

    init(host: any LayerHosting, options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        // Bound first, so that the screen's scale (the rasterization scale) is the window's.
        window.bind(to: host)
        scene = ContactsScene(window: window, options: options, trace: DemoTrace.writer, drawsFrames: false)
    }

    func start() {
        window.makeKey()
        scene.scheduleScript()
        announce("rasterization \(scene.controller.rasterizes ? "on" : "off") (R toggles, D cycles the debug tints)")
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        let keysym = event.keysym.lowercased
        guard keysym == WaylandKeysym("r") || keysym == WaylandKeysym("d") else { return false }
        guard event.state == .pressed, !event.isRepeat else { return true }
        if keysym == WaylandKeysym("r") {
            scene.setRasterizes(!scene.controller.rasterizes)
            announce("rasterization \(scene.controller.rasterizes ? "on" : "off")")
        } else {
            let current = Self.overlays.firstIndex(of: RenderDebugOptions.shared.overlay) ?? 0
            let next = Self.overlays[(current + 1) % Self.overlays.count]
            RenderDebugOptions.shared.overlay = next
            host.window.setNeedsDisplay()
            announce("debug overlay: \(next.rawValue)")
        }
        return true
    }

    private func announce(_ message: String) {
        print("demo: \(message)")
        fflush(stdout)
    }
}

/// Which cell shows which row, by the cell layer's identity: the render thread's trace lines name
/// cells and rows through it (hence the lock).
final class ContactsCellRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var cells: [ObjectIdentifier: (number: Int, row: Int)] = [:]

    /// Records that the cell with `layer` now shows `row`; returns the cell's number (1, 2, … in
    /// the order the cells were first seen).
    func configure(_ layer: ObjectIdentifier, row: Int) -> Int {
        lock.withLock {
            let number = cells[layer]?.number ?? cells.count + 1
            cells[layer] = (number, row)
            return number
        }
    }

    func lookUp(_ layer: ObjectIdentifier) -> (number: Int, row: Int)? {
        lock.withLock { cells[layer] }
    }
}

/// The window with the contacts controller as its root, its trace and its scripted scroll.
final class ContactsScene: DemoScene {
    let window: UIWindow
    let controller: ContactsViewController
    private let trace: TraceWriter?
    private let registry = ContactsCellRegistry()
    private let script: ScrollScript?
    private var nextStep = 0
    /// In a snapshot: each scripted step's frame, drawn as the window's render thread would.
    private var frames: OffscreenFrames?
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, options: DemoOptions, trace: TraceWriter?, drawsFrames: Bool) {
        self.window = window
        self.trace = trace
        script = options.scrollOffsets.map(ScrollScript.init(offsets:))
        controller = ContactsViewController(seed: options.seed ?? 1, rasterizes: options.variant == "rasterized")
        let registry = self.registry
        controller.didConfigure = { cell, row in
            let number = registry.configure(ObjectIdentifier(cell.layer), row: row)
            trace?.write(["type": "configure", "row": row, "cell": number])
            trace?.flush()
        }
        controller.didScroll = { y in
            trace?.write(["type": "scroll", "y": Double(y)])
            trace?.flush()
        }
        RenderDebugOptions.shared.rasterCacheObserver = { report in
            Self.traceRasterization(report, registry: registry, trace: trace)
        }
        window.rootViewController = controller
        window.layoutIfNeeded()
        CATransaction.flush()
        let table = controller.tableView
        trace?.write(["type": "rows", "count": table.numberOfRows(inSection: 0), "contentHeight": Double(table.contentSize.height)])
        trace?.flush()
        if drawsFrames, script != nil {
            frames = OffscreenFrames(root: window.layer, size: window.bounds.size)
        }
    }

    /// One line per frame that drew rasterized cells (on the thread that drew it).
    private static func traceRasterization(_ report: RasterCacheReport, registry: ContactsCellRegistry, trace: TraceWriter?) {
        let missed = report.misses.compactMap(registry.lookUp).sorted { $0.number < $1.number }
        let reused = report.hits.compactMap(registry.lookUp).count
        guard !missed.isEmpty || reused > 0 else { return }
        trace?.write(["type": "rasterize", "frame": Int(report.frame), "cells": missed.map(\.number),
                      "rows": missed.map(\.row), "reused": reused])
        trace?.flush()
    }

    @MainActor
    func setRasterizes(_ on: Bool) {
        controller.setRasterizes(on)
        trace?.write(["type": "rasterization", "on": on])
        trace?.flush()
    }

    /// Scrolls the table to `y` (clamped to its content) and lays it out.
    @MainActor
    func scroll(to y: CGFloat) {
        let table = controller.tableView
        let maxY = max(0, table.contentSize.height - table.bounds.height)
        let clamped = min(max(y, 0), maxY)
        table.contentOffset = CGPoint(x: 0, y: clamped)
        window.layoutIfNeeded()
        CATransaction.flush()
    }

    /// The next scripted step: its scroll, and in a snapshot its frame.
    @MainActor
    func step() {
        guard let script, nextStep < script.offsets.count else { return }
        scroll(to: script.offsets[nextStep])
        nextStep += 1
        frames?.draw()
    }

    /// In a window: the scripted steps on timers, one every `ScrollScript.interval` seconds.
    @MainActor
    func scheduleScript() {
        script?.schedule { [weak self] in self?.step() }
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { script?.times(upTo: seconds) ?? [] }
    func fireTimers() { MainActor.assumeIsolated { step() } }
}

extension Demo {
    static let contacts = Demo(name: "contacts", summary: "a table of 1000 contacts with shadowed avatars and names; R rasterizes the cells, D cycles the debug tints (blended, offscreen, rasterization hits green and misses red); --variant slow|rasterized, --scroll Y1,Y2,... scrolls, --trace logs each frame's rasterizations (Lockwood ch. 12)",
        preferredSize: ContactsDemo.sceneSize, run: ContactsDemo.run, scene: ContactsDemo.scene,
        variants: ContactsDemo.variants)
}
