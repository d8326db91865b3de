import CoreGraphics
import Foundation
import LayerHost
import UIKit

/// Opening a demo's window: a window of its own, or the gallery's pane while the gallery runs it.
enum DemoHost {
    /// Makes the pane a demo runs in while the gallery shows it (nil: each demo opens a window).
    @MainActor static var pane: (@MainActor (_ title: String) -> any LayerHosting)?

    /// Opens a window titled `title` with the options' size, decorations and renderer (nil:
    /// `CA_RENDERER`, else OpenGL ES), and the options' trace; prints the reason and returns nil (exit
    /// status 1) when either fails. In the gallery: its pane.
    static func open(title: String, _ options: DemoOptions) -> (any LayerHosting)? {
        if let pane = MainActor.assumeIsolated({ Self.pane }) { return MainActor.assumeIsolated { pane(title) } }
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: title, size: options.size, decorations: options.decorations,
                                        renderer: options.renderer)
        } catch {
            writeStandardError("demo: \(error)\n")
            return nil
        }
        guard DemoTrace.start(options, on: host) else { return nil }
        MainActor.assumeIsolated { DemoExit.install(on: host) }
        return host
    }

    /// Opens the demo's window, starts the demo `make` builds in it (again for the shell's R) with
    /// the shell keys, and runs the main run loop; 1 when no window opens.
    static func run(title: String, _ options: DemoOptions, _ make: @escaping @MainActor (any LayerHosting) -> AnyObject) -> Int32 {
        guard let host = open(title: title, options) else { return 1 }
        _ = MainActor.assumeIsolated {
            DemoShell.run(in: host) { MainActor.assumeIsolated { make(host) } }
        }
        runMainLoop()
        return 0
    }

    /// Runs the main run loop (it never returns), unless the demo was started in the gallery's pane:
    /// the gallery's loop runs it then, and this returns at once.
    static func runMainLoop() {
        guard MainActor.assumeIsolated({ Self.pane }) == nil else { return }
        RunLoop.main.run()
    }
}
