import Foundation
import LayerHost
import UIKit

/// Opening a demo's window.
enum DemoHost {
    /// Opens a window titled `title` with the options' size, decorations and renderer (nil:
    /// `CA_RENDERER`, else OpenGL ES), and the options' trace; prints the reason and returns nil (exit status 1) when either fails.
    static func open(title: String, _ options: DemoOptions) -> WaylandLayerHost? {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: title, size: options.size, decorations: options.decorations,
                                        renderer: options.renderer)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return nil
        }
        guard DemoTrace.start(options, on: host) else { return nil }
        MainActor.assumeIsolated { DemoExit.install(on: host) }
        return host
    }

    /// Opens the demo's window, starts the demo `make` builds in it (again for the shell's R) with
    /// the shell keys, and runs the main run loop; 1 when no window opens.
    static func run(title: String, _ options: DemoOptions, _ make: @escaping @MainActor (WaylandLayerHost) -> AnyObject) -> Int32 {
        guard let host = open(title: title, options) else { return 1 }
        _ = MainActor.assumeIsolated {
            DemoShell.run(in: host) { MainActor.assumeIsolated { make(host) } }
        }
        RunLoop.main.run()
        return 0
    }
}
