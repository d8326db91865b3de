import Foundation
import QuartzCore
import UIKit

/// A playground page as Xcode runs it: the page's top-level code runs top to bottom, then, when it
/// set a live view or asked for indefinite execution, the page goes on running: the live view in a
/// window of its own, the main run loop delivering its input, frames and timers, until the window is
/// closed or the page calls `finishExecution()`.
///
/// Any program with top-level code can be a page: `scripts/play PAGE.swift` builds and runs it (and
/// reloads it on save); compiled any other way, it behaves the same. With `CA_SNAPSHOT=FILE.png` the
/// live view is drawn offscreen instead (see UIKit's application snapshot).
@preconcurrency @MainActor
public final class PlaygroundPage {
    /// The page that is running.
    public static let current = PlaygroundPage()

    private init() {}

    /// What the page shows: a view or a view controller (anything `PlaygroundLiveViewable`), in a window
    /// of its size (a view) or of Xcode's default live view size, 375 × 668 points (a controller).
    /// Setting it makes the page run on after its code (`needsIndefiniteExecution`); nil closes the window.
    public var liveView: PlaygroundLiveViewable? {
        didSet {
            show(liveView)
            if liveView != nil { needsIndefiniteExecution = true }
        }
    }

    /// Whether the page goes on running after its top-level code.
    public var needsIndefiniteExecution = false {
        didSet { if needsIndefiniteExecution { PlaygroundPage.runAfterTopLevelCode() } }
    }

    /// Xcode's live view can fill its assistant pane; the window here is as large as the view asks.
    public var wantsFullScreenLiveView = false

    /// Ends the page (and the process) now, with status 0.
    public func finishExecution() -> Never {
        PlaygroundPage.finished = true
        exit(0)
    }

    /// The window the live view is shown in.
    public private(set) var liveViewWindow: UIWindow?

    /// The size of a live view controller's window (Xcode's default).
    public static let defaultLiveViewSize = CGSize(width: 375, height: 668)

    /// The window `scripts/play` shows every build of a page in: live views go there, and the page's
    /// end does not run the main loop (the window's process does).
    package static var hostWindow: UIWindow?

    /// Forgets the live view of the previous build of the page (its window stays) and stops its
    /// display links, so that the build before stops drawing.
    package func resetForReload() {
        liveView = nil
        needsIndefiniteExecution = false
        DisplayLinkClock.shared.invalidateAll()
    }

    private func show(_ live: PlaygroundLiveViewable?) {
        guard let live else {
            if let host = PlaygroundPage.hostWindow {
                host.rootViewController = nil
            } else {
                liveViewWindow?.isHidden = true
                liveViewWindow = nil
            }
            return
        }
        let controller: UIViewController
        let size: CGSize
        switch live.playgroundLiveViewRepresentation {
        case .viewController(let viewController):
            controller = viewController
            let preferred = viewController.preferredContentSize
            size = preferred.width > 0 && preferred.height > 0 ? preferred : PlaygroundPage.defaultLiveViewSize
        case .view(let view):
            controller = LiveViewHolder(view)
            size = view.bounds.width > 0 && view.bounds.height > 0 ? view.bounds.size : PlaygroundPage.defaultLiveViewSize
        }
        if let host = PlaygroundPage.hostWindow {
            host.rootViewController = controller
            liveViewWindow = host
            return
        }
        let window = liveViewWindow ?? UIWindow(frame: CGRect(origin: .zero, size: size))
        window.title = PlaygroundPage.title
        window.rootViewController = controller
        liveViewWindow = window
        window.makeKeyAndVisible()
    }

    /// The live view window's title: the page's file name.
    static var title: String {
        ProcessInfo.processInfo.environment["PLAYGROUND_PAGE_NAME"]
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "Playground").lastPathComponent
    }

    nonisolated(unsafe) private static var finished = false
    nonisolated(unsafe) private static var scheduled = false
    /// Whether the page runs on after its top-level code (tests, whose process must end, turn it off).
    nonisolated(unsafe) static var continuesAfterTopLevelCode = true

    /// Runs the main run loop when the page's top-level code returns: the process's exit handlers run
    /// then, and this one does not return while the page is running.
    private static func runAfterTopLevelCode() {
        guard !scheduled, continuesAfterTopLevelCode, hostWindow == nil else { return }
        scheduled = true
        atexit {
            guard !PlaygroundPage.finished, PlaygroundPage.continuesAfterTopLevelCode, Thread.isMainThread else { return }
            PlaygroundPage.finished = true
            // What the page printed is shown now, not when the process ends.
            fflush(stdout)
            MainActor.assumeIsolated { PlaygroundPage.current.runLiveView() }
        }
    }

    private func runLiveView() {
        if AppSnapshot.isRequested { AppSnapshot.finish(liveViewWindow) }
        guard needsIndefiniteExecution else { return }
        UIApplication.runMainLoop()
    }
}

/// What a page's live view can be.
public enum PlaygroundLiveViewRepresentation {
    case view(UIView)
    case viewController(UIViewController)
}

/// A value a page can show as its live view.
public protocol PlaygroundLiveViewable {
    var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { get }
}

extension UIView: PlaygroundLiveViewable {
    public var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { .view(self) }
}

extension UIViewController: PlaygroundLiveViewable {
    public var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { .viewController(self) }
}

/// Shows a live view that is a plain view: at its frame's origin in the window, as Xcode shows it.
private final class LiveViewHolder: UIViewController {
    let live: UIView

    init(_ live: UIView) {
        self.live = live
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        let container = UIView(frame: CGRect(origin: .zero, size: live.bounds.size))
        container.backgroundColor = .white
        live.frame.origin = .zero
        container.addSubview(live)
        view = container
    }
}
