import Foundation
import LayerHost
import PlaygroundSupport
import UIKit
#if canImport(Glibc)
import Glibc
#endif

/// `play`'s window (`play-window`, started by `play PATH`): loads each build of the page (a shared
/// library made by play's `PageTransform`) into this process and runs it, the live view shown in the one window,
/// which keeps its size from one build to the next. With `--app`, each build is an app (its `@main`
/// delegate launched by the build's entry function): the app before it ends (`endForRelaunch`) and
/// the new one's first window is shown in the same toplevel (`UIWindow.reusableHost`). Commands come
/// as JSON lines on standard input (`{"load": PATH}`, `{"error": TEXT}`, `{"clear": true}`); what the
/// page prints goes to standard output, and the host's own lines ("play-host: loaded N") to standard error.
@MainActor
final class PageHost {
    private let window: UIWindow
    private let banner = UILabel()
    /// Said over the picture when the page's code holds the main thread (see `armStallBanner`).
    private let stallBanner = UILabel()
    private var stallTimer: Timer?
    /// A playground's pages, along the bottom of the window (choosing one shows it).
    private var pageList: UISegmentedControl?
    private var shown = false
    private var loads = 0
    private let once: Bool
    private let isApp: Bool
    /// The build shown last (R runs it again).
    private var lastLoaded: String?
    /// What recordings (V) are named and where they go: the page's name, play's folder.
    private let recordingName: String
    private let recordingFolder: String?

    /// The page's entry function (play's `PageHost.entryName`).
    static let entryName = "ca_play_page_main"

    init(once: Bool, isApp: Bool, title: String, recordingName: String, recordingFolder: String?) {
        self.once = once
        self.isApp = isApp
        self.recordingName = recordingName
        self.recordingFolder = recordingFolder
        let size = isApp ? UIWindow.defaultShellWindowSize : PlaygroundPage.defaultLiveViewSize
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.title = title
        if isApp {
            if !AppSnapshot.isRequested {
                do {
                    let host = try WaylandLayerHost(title: title, size: size, fitsOutputsQuietly: true)
                    UIWindow.reusableHost = host
                } catch {
                    writeStandardError("play: cannot open a window: \(error)\n")
                    exit(1)
                }
            }
        } else {
            PlaygroundPage.hostWindow = window
        }
        banner.numberOfLines = 0
        banner.backgroundColor = UIColor(red: 0.75, green: 0.1, blue: 0.1, alpha: 0.95)
        banner.textColor = .white
        banner.font = UIFont.systemFont(ofSize: 13)
        banner.isHidden = true
        stallBanner.text = " Not answering: the code holds the main thread. Ctrl+C in play's terminal ends it."
        stallBanner.numberOfLines = 0
        stallBanner.backgroundColor = UIColor(red: 0.85, green: 0.5, blue: 0.0, alpha: 0.95)
        stallBanner.textColor = .white
        stallBanner.font = UIFont.boldSystemFont(ofSize: 13)
        stallBanner.layer.opacity = 0
    }

    /// How long the main thread may not turn before the window says it is not answering.
    static let stallSeconds: CFTimeInterval = 4

    /// Core Animation says it when the main thread cannot: the banner's opacity animation to 1 begins
    /// `stallSeconds` from now on the render thread's clock, and the main thread pushes it back every
    /// second while it runs. Stuck, it stops pushing, and the render thread shows the banner.
    private func armStallBanner() {
        let show = CABasicAnimation(keyPath: "opacity")
        show.fromValue = 1
        show.toValue = 1
        show.beginTime = stallBanner.layer.convertTime(CACurrentMediaTime(), from: nil) + Self.stallSeconds
        show.duration = 1e7
        show.isRemovedOnCompletion = false
        stallBanner.layer.add(show, forKey: "stall")
        guard stallTimer == nil else { return }
        let timer = Timer(timeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.armStallBanner() }
        }
        RunLoop.main.add(timer, forMode: .common)
        stallTimer = timer
    }

    /// Puts the stall banner over whatever the window shows now, armed.
    private func placeStallBanner() {
        guard !AppSnapshot.isRequested, let window = isApp ? bannerWindow : Optional(window) else { return }
        if stallBanner.superview !== window { window.addSubview(stallBanner) }
        window.bringSubviewToFront(stallBanner)
        let width = window.bounds.width
        let fitted = stallBanner.sizeThatFits(CGSize(width: width - 8, height: .greatestFiniteMagnitude))
        stallBanner.frame = CGRect(x: 0, y: 0, width: width, height: fitted.height + 12)
        armStallBanner()
    }

    /// The window the banner is shown over: the page's, or the app's in the shared toplevel.
    private var bannerWindow: UIWindow {
        isApp ? (UIWindow.reusableHostWindow ?? UIApplication.shared.keyWindow ?? window) : window
    }

    /// Loads and runs one build of the page; false (after saying why) when it cannot be loaded.
    @discardableResult
    func load(_ path: String) -> Bool {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            writeStandardError("play: cannot load the \(isApp ? "app" : "page"): \(String(cString: dlerror()))\n")
            return false
        }
        guard let symbol = dlsym(handle, PageHost.entryName) else {
            writeStandardError("play: the build has no entry \(PageHost.entryName)\n")
            return false
        }
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        lastLoaded = path
        loads += 1
        if isApp {
            runApp(entry)
        } else {
            runPage(entry)
        }
        configureKeys()
        placeStallBanner()
        CATransaction.flush()
        writeStandardError("play-host: loaded \(loads)\n")
        return true
    }

    private func runPage(_ entry: @convention(c) () -> Void) {
        PlaygroundPage.current.resetForReload()
        window.shellKeys?.resetTiming()
        if AppSnapshot.isRequested { AppSnapshot.begin() }
        entry()
        fflush(stdout)
        let page = PlaygroundPage.current
        // The window takes the first live view's size (a view's own, else Xcode's default) and keeps it.
        if !shown, case .view(let view)? = page.liveView?.playgroundLiveViewRepresentation,
           view.bounds.width > 0, view.bounds.height > 0 {
            window.frame = CGRect(origin: .zero, size: view.bounds.size)
        }
        if AppSnapshot.isRequested { AppSnapshot.finish(window) }
        if page.liveView == nil, !page.needsIndefiniteExecution {
            writeStandardError("play: the page set no live view (PlaygroundPage.current.liveView)\n")
            if once { exit(0) }
        }
        show()
        window.addSubview(banner)
        layoutBanner()
        if let pageList { window.addSubview(pageList) }
        layoutPageList()
    }

    /// Lists `pages` along the bottom of the window, `current` selected; choosing another asks play
    /// to show it (`play-host: page NAME`).
    func showPages(_ pages: [String], current: String) {
        if pageList == nil || pageList!.numberOfSegments != pages.count
            || (0..<pages.count).contains(where: { pageList!.titleForSegment(at: $0) != pages[$0] }) {
            pageList?.removeFromSuperview()
            let list = UISegmentedControl(items: pages)
            list.backgroundColor = UIColor(white: 0.95, alpha: 0.92)
            list.addAction(UIAction { [weak list] _ in
                guard let list, let name = list.titleForSegment(at: list.selectedSegmentIndex) else { return }
                writeStandardError("play-host: page \(name)\n")
            }, for: .valueChanged)
            pageList = list
        }
        pageList!.selectedSegmentIndex = pages.firstIndex(of: current) ?? UISegmentedControl.noSegment
        if pageList!.superview == nil { window.addSubview(pageList!) }
        layoutPageList()
        CATransaction.flush()
    }

    private func layoutPageList() {
        guard let pageList, let window = pageList.superview else { return }
        window.bringSubviewToFront(pageList)
        let height: CGFloat = 28
        pageList.frame = CGRect(x: 4, y: window.bounds.height - height - 4, width: window.bounds.width - 8, height: height)
    }

    /// The app before ends as iOS ends an app (its delegate hears of it), the display links of its
    /// build stop, and the new build's entry launches its delegate.
    private func runApp(_ entry: @convention(c) () -> Void) {
        UIApplication.shared.endForRelaunch()
        banner.removeFromSuperview()
        PlaygroundPage.current.resetForReload()
        if AppSnapshot.isRequested { AppSnapshot.begin() }
        entry()
        fflush(stdout)
        let application = UIApplication.shared
        if AppSnapshot.isRequested { AppSnapshot.finish(application.keyWindow ?? application.windows.first) }
        if application.windows.isEmpty {
            writeStandardError("play: the app shows no window\n")
            if once { exit(0) }
        }
        shown = true
        bannerWindow.addSubview(banner)
        layoutBanner()
    }

    /// The shell keys of the window shown: recordings named for the page or app, R runs the build again.
    private func configureKeys() {
        guard let keys = (isApp ? UIWindow.reusableHostWindow : window)?.shellKeys else { return }
        keys.recordingName = recordingName
        keys.recordingFolder = recordingFolder
        keys.restart = { [weak self] in
            guard let self, let path = self.lastLoaded else { return }
            self.load(path)
            keys.announce("restarted")
        }
    }

    /// Shows `text` (a compile error) over the page, or hides the banner (nil).
    func showError(_ text: String?) {
        banner.text = text.map { " " + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        banner.isHidden = text == nil
        if banner.superview == nil { bannerWindow.addSubview(banner) }
        layoutBanner()
        show()
        CATransaction.flush()
    }

    private func layoutBanner() {
        guard let window = banner.superview as? UIWindow else { return }
        window.bringSubviewToFront(banner)
        let width = window.bounds.width
        let fitted = banner.sizeThatFits(CGSize(width: width - 8, height: .greatestFiniteMagnitude))
        banner.frame = CGRect(x: 0, y: 0, width: width, height: min(fitted.height + 12, window.bounds.height / 2))
    }

    /// Opens the window the first time (a page's; an app's own windows open themselves), answering the
    /// shell keys (Space pauses, V records, …).
    private func show() {
        guard !shown else { return }
        shown = true
        window.makeKeyAndVisible()
        configureKeys()
    }

    /// Reads commands from standard input until it closes (then the window closes too).
    func readCommands() {
        let input = FileHandle.standardInput
        let pending = LineBuffer()
        input.readabilityHandler = { handle in
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                handle.readabilityHandler = nil
                DispatchQueue.main.async { exit(0) }
                return
            }
            for line in pending.lines(adding: chunk) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        if let path = object["load"] as? String {
                            if self.load(path) { self.showError(nil) }
                        } else if let text = object["error"] as? String {
                            self.showError(text)
                        } else if let pages = object["pages"] as? [String], let current = object["current"] as? String {
                            self.showPages(pages, current: current)
                        } else if object["clear"] != nil {
                            self.showError(nil)
                        }
                    }
                }
            }
        }
    }
}

/// Bytes read so far, cut into lines (used from the reading queue only).
private final class LineBuffer: @unchecked Sendable {
    private var pending = Data()

    func lines(adding data: Data) -> [Data] {
        pending.append(data)
        var lines: [Data] = []
        while let newline = pending.firstIndex(of: 0x0A) {
            lines.append(Data(pending[pending.startIndex..<newline]))
            pending.removeSubrange(pending.startIndex...newline)
        }
        return lines
    }
}
