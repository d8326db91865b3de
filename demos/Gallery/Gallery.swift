import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo` with no arguments (or `demo gallery`): every demo in one window (`GalleryViewController`).
/// Without a Wayland display it prints the list, as `demo list` does.
enum Gallery {
    static let title = "Core Animation demos"
    static let size = CGSize(width: 1180, height: 760)
    /// The gallery's window (its views' handlers hold it weakly), alive while the program runs.
    @MainActor private static var window: UIWindow?

    static func run(_ demos: [Demo]) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard environment["WAYLAND_DISPLAY"] != nil || environment["WAYLAND_SOCKET"] != nil else {
            print(DemoCommand.listing())
            return 0
        }
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: title, size: size)
        } catch {
            writeStandardError("demo: no window for the gallery: \(error)\n")
            print(DemoCommand.listing())
            return 0
        }
        MainActor.assumeIsolated {
            // Signals, the window closed and a lost compositor end the gallery as they end a demo.
            DemoExit.install(on: host)
            let window = UIWindow(host: host)
            Self.window = window
            // The benchmark opens a bare window of its own: it is not a book's example.
            let gallery = GalleryViewController(host: host, demos: demos.filter { $0.name != "bench" })
            window.rootViewController = gallery
            window.makeKey()
            window.layoutIfNeeded()
            routeInput(of: host, to: gallery)
            if let first = GalleryCatalog.sections.first?.demos.first { gallery.show(first) }
        }
        RunLoop.main.run()
        return 0
    }

    /// Input over the stage goes to the shown demo's pane, the rest to the gallery's window; keys go
    /// to the demo (its own keys, then the shell's) except while the search field is edited and the
    /// gallery's own: PageUp/PageDown, / (search) and Tab (source).
    @MainActor
    private static func routeInput(of host: WaylandLayerHost, to gallery: GalleryViewController) {
        let pointer = host.didReceivePointerEvent
        // The pane routes its own frames; the gallery's views hear the enter and leave as the
        // pointer moves between the pane and them.
        var focus = PointerFocus<GalleryPointerReceiver>()
        host.didReceivePointerEvent = { event in
            MainActor.assumeIsolated {
                let inPane = gallery.isStageShown && gallery.pane?.host.route(event) == true
                focus.route(event, to: inPane ? .pane : .gallery) { receiver, event in
                    if receiver == .gallery { pointer?(event) }
                }
            }
        }
        let touch = host.didReceiveTouchEvent
        host.didReceiveTouchEvent = { event in
            MainActor.assumeIsolated {
                if gallery.isStageShown, let pane = gallery.pane?.host, pane.route(event) { return }
                touch?(event)
            }
        }
        let keys = host.didReceiveKeyEvent
        host.didReceiveKeyEvent = { event in
            MainActor.assumeIsolated {
                let pressed = event.state == .pressed
                let keysym = event.keysym.lowercased
                if gallery.searchField.isEditing {
                    if pressed, keysym == .escape || keysym == .return {
                        if keysym == .return { gallery.showFirstMatch() }
                        _ = gallery.searchField.resignFirstResponder()
                        return
                    }
                    keys?(event)
                    return
                }
                if pressed {
                    switch keysym {
                    case .pageUp: return gallery.showNeighbour(by: -1)
                    case .pageDown: return gallery.showNeighbour(by: 1)
                    case WaylandKeysym("/"): _ = gallery.searchField.becomeFirstResponder(); return
                    case .tab: return gallery.toggleTab()
                    default: break
                    }
                }
                gallery.pane?.host.deliver(event)
            }
        }
    }
}

/// Who takes the gallery window's pointer frames: the shown demo's pane or the gallery's own views.
private enum GalleryPointerReceiver { case pane, gallery }
