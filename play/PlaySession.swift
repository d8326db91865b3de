import CoreGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `play PATH`: builds the page at PATH, starts the window (`play-window`, a child process that loads
/// each build into itself) and, unless `once`, watches the file: each save is built again and, when
/// it compiles, loaded into the same window; a compile error is printed (`file:line:column: error:`,
/// in the user's file) and shown as a banner over the last good build, which keeps running. When the
/// page's code crashes (a trap), the window goes with it: that is said in one line, and the next save
/// opens a new window.
final class PlaySession {
    private var source: PlaySource
    private var page: URL { source.page }
    private let options: PlayOptions
    private let compiler: PageCompiler
    private let work: URL
    private var generation = 0
    private var host: Process?
    private var hostInput: FileHandle?
    private let hostLines = HostLines()

    /// The window's executable.
    private let window: URL
    /// The one started: `window` itself, or its link in a folder of the playground's resources.
    private var windowToRun: URL

    init(source: PlaySource, window: URL, options: PlayOptions) throws {
        self.source = source
        self.window = window
        windowToRun = window
        self.options = options
        compiler = try PageCompiler(executable: window)
        work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("ca-play-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    /// `Bundle.main` finds resources beside the executable on Linux (its folder is the bundle), not
    /// through links to it: the window runs as a hard link (or a copy) of itself in a folder of links
    /// to the playground's resources, the page's own first. Made again before each start of the window.
    private func linkResources() {
        guard !source.resourceFolders.isEmpty else { return }
        let fm = FileManager.default
        let bundle = work.appendingPathComponent("bundle")
        try? fm.removeItem(at: bundle)
        do {
            try fm.createDirectory(at: bundle, withIntermediateDirectories: true)
            let executable = bundle.appendingPathComponent(window.lastPathComponent)
            if link(window.path, executable.path) != 0 { try fm.copyItem(at: window, to: executable) }
            for folder in source.resourceFolders {
                for name in try fm.contentsOfDirectory(atPath: folder.path) where name != window.lastPathComponent {
                    let target = bundle.appendingPathComponent(name)
                    if !fm.fileExists(atPath: target.path) {
                        try fm.createSymbolicLink(at: target, withDestinationURL: folder.appendingPathComponent(name))
                    }
                }
            }
            windowToRun = executable
        } catch {
            writeStandardError("play: Bundle.main will not find the playground's resources: \(error)\n")
            windowToRun = window
        }
    }

    /// Ends the window and removes the builds.
    func cleanUp() {
        if let host, host.isRunning {
            host.terminate()
            // The window writes a recording under way before it ends: give it a few seconds.
            let deadline = Date().addingTimeInterval(5)
            while host.isRunning, Date() < deadline { usleep(20_000) }
        }
        try? FileManager.default.removeItem(at: work)
    }

    private var signalSources: [DispatchSourceSignal] = []

    /// Ctrl+C and SIGTERM end the window too and leave no builds behind.
    private func handleSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.cleanUp()
                exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    static var executable: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
    }

    /// Runs until the window is closed (or, with `once`, until the page ends); returns the exit code.
    func run() -> Int32 {
        handleSignals()
        defer { cleanUp() }
        var library: URL?
        switch build() {
        case .built(let url): library = url
        case .failed(let messages):
            writeStandardError(messages)
            if options.runsOnce { return 1 }
        case .unreadable(let why):
            writeStandardError("play: \(why)\n")
            if options.runsOnce { return 1 }
        }
        if options.runsOnce {
            guard let library else { return 1 }
            return runOnce(library)
        }
        if let library { startHost(loading: library) }
        return watch()
    }

    private enum Build {
        case built(URL)
        case failed(String)
        case unreadable(String)
    }

    /// Transforms and compiles the page as it is now.
    private func build() -> Build {
        guard let data = FileManager.default.contents(atPath: page.path) else {
            return .unreadable(FileManager.default.fileExists(atPath: page.path)
                ? "cannot read \(page.path)" : "\(page.path) does not exist (deleted?); waiting for it")
        }
        let text = String(decoding: data, as: UTF8.self)
        generation += 1
        let pageSource = work.appendingPathComponent("page\(generation).swift")
        let library = work.appendingPathComponent("libpage\(generation).so")
        if source.isApp { return buildApp() }
        do {
            // The playground's Sources: a module of their own (a new name each build, as each build is
            // loaded beside the earlier ones), imported by the page without an import of its own.
            var flags: [String] = []
            if !source.sources.isEmpty {
                let module = "PlaygroundSources\(generation)"
                var copies: [URL] = []
                for file in source.sources {
                    guard let data = FileManager.default.contents(atPath: file.path) else {
                        return .unreadable("cannot read \(file.path)")
                    }
                    let copy = work.appendingPathComponent("\(module)-\(file.lastPathComponent)")
                    try PageTransform.moduleSource(of: String(decoding: data, as: UTF8.self), path: file.path)
                        .write(to: copy, atomically: true, encoding: .utf8)
                    copies.append(copy)
                }
                let warnings = try compiler.compile(
                    sources: copies, moduleName: module, output: work.appendingPathComponent("lib\(module).so"),
                    extraFlags: ["-emit-module", "-emit-module-path", work.appendingPathComponent("\(module).swiftmodule").path])
                if !warnings.isEmpty { writeStandardError(warnings) }
                flags = ["-I", work.path, "-L", work.path, "-l\(module)", "-Xlinker", "-rpath", "-Xlinker", work.path,
                         "-Xfrontend", "-import-module", "-Xfrontend", module]
            }
            try PageTransform.librarySource(of: text, path: page.path).write(to: pageSource, atomically: true, encoding: .utf8)
            let warnings = try compiler.compile(sources: [pageSource], moduleName: "Page\(generation)", output: library,
                                                extraFlags: flags)
            if !warnings.isEmpty { writeStandardError(warnings) }
            return .built(library)
        } catch let failure as PageCompiler.Failure {
            return .failed(failure.description)
        } catch {
            return .unreadable("cannot build the page: \(error)")
        }
    }

    /// An app's folder: every file (its `@main` blanked) and an entry that launches the delegate, one
    /// module, a new name each build; or, for an app with a main.swift, that file made a page (its
    /// top-level code, `UIApplicationMain` among it, the entry) beside the others.
    private func buildApp() -> Build {
        let module = "App\(generation)"
        let library = work.appendingPathComponent("lib\(module).so")
        do {
            var copies: [URL] = []
            for (index, file) in source.sources.enumerated() {
                guard let data = FileManager.default.contents(atPath: file.path) else {
                    return .unreadable(FileManager.default.fileExists(atPath: file.path)
                        ? "cannot read \(file.path)" : "\(file.path) does not exist (deleted?); waiting for it")
                }
                let copy = work.appendingPathComponent("\(module)-\(index)-\(file.lastPathComponent)")
                let text = String(decoding: data, as: UTF8.self)
                try (file == source.appMainFile ? PageTransform.librarySource(of: text, path: file.path)
                                                : PageTransform.moduleSource(of: text, path: file.path, blankingMain: true))
                    .write(to: copy, atomically: true, encoding: .utf8)
                copies.append(copy)
            }
            if let delegate = source.appDelegate {
                let entry = work.appendingPathComponent("\(module)-entry.swift")
                try PageTransform.appEntrySource(delegate: delegate, file: page.path, line: source.appDelegateLine)
                    .write(to: entry, atomically: true, encoding: .utf8)
                copies.append(entry)
            }
            let warnings = try compiler.compile(sources: copies, moduleName: module, output: library)
            if !warnings.isEmpty { writeStandardError(warnings) }
            return .built(library)
        } catch let failure as PageCompiler.Failure {
            return .failed(failure.description)
        } catch {
            return .unreadable("cannot build the app: \(error)")
        }
    }

    private func hostArguments() -> [String] {
        // Recordings made with V are named for the page and written where play was started.
        let name = source.isApp ? URL(fileURLWithPath: source.title).deletingPathExtension().lastPathComponent
                                : page.deletingPathExtension().lastPathComponent
        var arguments = ["--title", source.title, "--name", name, "--output-folder", FileManager.default.currentDirectoryPath]
        if options.runsOnce { arguments.append("--once") }
        if source.isApp { arguments.append("--app") }
        return arguments
    }

    /// The window's process, not started: this environment with `changes`, in the playground's
    /// Resources folder when it has one (`UIImage(named:)` looks there first).
    private func windowProcess(environment changes: [String: String]) -> Process {
        linkResources()
        let process = Process()
        process.executableURL = windowToRun
        process.arguments = hostArguments()
        if let resources = source.resources { process.currentDirectoryURL = resources }
        process.environment = ProcessInfo.processInfo.environment.merging(changes) { $1 }
        return process
    }

    /// `--once`, `--snapshot` and `--record`: one run of the window, its exit status passed on.
    private func runOnce(_ library: URL) -> Int32 {
        var changes: [String: String] = [:]
        // Paths are the user's, relative to where play was started (the window runs in Resources/).
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let snapshot = options.snapshot {
            changes["CA_SNAPSHOT"] = URL(fileURLWithPath: snapshot, relativeTo: here).path
            changes["CA_SNAPSHOT_AT"] = String(options.at)
        }
        if let record = options.record {
            changes["CA_RECORD"] = URL(fileURLWithPath: record, relativeTo: here).path
            if let seconds = options.seconds { changes["CA_RECORD_SECONDS"] = String(seconds) }
            if let fps = options.fps { changes["CA_RECORD_FPS"] = String(fps) }
        }
        let process = windowProcess(environment: changes)
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        // The window's own "loaded" lines are play's business; the rest is passed on.
        process.standardError = errors
        let lines = hostLines
        errors.fileHandleForReading.readabilityHandler = { handle in lines.take(handle.availableData) }
        do { try process.run() } catch {
            writeStandardError("play: cannot start the window: \(error)\n")
            return 1
        }
        send(["load": library.path], to: input.fileHandleForWriting)
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        lines.take(errors.fileHandleForReading.readDataToEndOfFile())
        lines.flush()
        return reportEnd(of: process) ?? process.terminationStatus
    }

    private func startHost(loading library: URL) {
        // A trap in the page prints the runtime's one line ("Fatal error: Index out of range"), not a backtrace.
        let process = windowProcess(environment: ["SWIFT_BACKTRACE": ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"]
                                                      ?? "enable=no"])
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        let lines = hostLines
        errors.fileHandleForReading.readabilityHandler = { handle in lines.take(handle.availableData) }
        do { try process.run() } catch {
            writeStandardError("play: cannot start the window: \(error)\n")
            return
        }
        host = process
        hostInput = input.fileHandleForWriting
        load(library)
    }

    /// When the change being built was seen.
    private var changeSeen = Date()

    private func load(_ library: URL) {
        guard let hostInput else { return }
        let started = changeSeen
        let expected = hostLines.loads + 1
        send(["load": library.path], to: hostInput)
        // The load is done when the window says so, or over when its process ends (a trap in the page).
        let deadline = Date().addingTimeInterval(10)
        var loaded = false
        while !loaded, Date() < deadline, host?.isRunning == true {
            loaded = hostLines.wait(forLoads: expected, timeout: 0.1)
        }
        if let host, !host.isRunning {
            windowEnded()
            return
        }
        if loaded {
            // The window lists a playground's pages; choosing one there switches to it.
            if let current = source.pageName { send(["pages": source.pages, "current": current], to: hostInput) }
            let seconds = Date().timeIntervalSince(started)
            print(generation > 1 ? String(format: "play: reloaded in %.2f s", seconds)
                                 : "play: \(source.isApp ? source.title : page.lastPathComponent) shown in " + String(format: "%.2f s", seconds))
            fflush(stdout)
        } else if host?.isRunning == true {
            writeStandardError("play: the page is not answering (its code may loop forever on the main thread); "
                               + "Ctrl+C ends it\n")
        }
    }

    private func send(_ object: [String: Any], to handle: FileHandle) {
        guard var data = try? JSONSerialization.data(withJSONObject: object) else { return }
        data.append(0x0A)
        try? handle.write(contentsOf: data)
    }

    /// Forgets the window after its process ended (a crash, said by `reportEnd`): the next build opens a new one.
    private func windowEnded() {
        if let host, host.terminationReason == .uncaughtSignal, !reportedEnd { reportEnd(of: host) }
        host = nil
        hostInput = nil
        reportedEnd = false
        writeStandardError("play: save the page to run it again\n")
    }

    private var reportedEnd = false

    /// Says how the window's process ended when it was not by closing the window; nil when it was.
    @discardableResult
    private func reportEnd(of process: Process) -> Int32? {
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let what = signal == SIGILL || signal == SIGTRAP ? "trapped (a force-unwrapped nil, an index out of range, a fatalError…)"
                : "was killed by signal \(signal)"
            writeStandardError("play: the page's code \(what); the window closed with it\n")
            reportedEnd = true
            return 128 + signal
        }
        return nil
    }

    /// Watches the page's folder (inotify) and rebuilds on each change of the page, until the window
    /// closes. A change while the window is gone (after a crash) opens a new one.
    private func watch() -> Int32 {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else {
            writeStandardError("play: cannot watch files: \(String(cString: strerror(errno)))\n")
            return 1
        }
        inotifyDescriptor = fd
        guard addWatches() else { return 1 }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pollDescriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            if let host, !host.isRunning {
                guard host.terminationReason == .uncaughtSignal else { return 0 }  // the window was closed
                windowEnded()
            }
            if let chosen = hostLines.takeChosenPage() { switchPage(to: chosen) }
            // Wake every half second to notice the window's end or a page chosen in it.
            guard poll(&pollDescriptor, 1, 500) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { continue }
            guard changes(in: buffer[0..<n]) else { continue }
            // Editors write in several steps: let them finish.
            usleep(50_000)
            while poll(&pollDescriptor, 1, 0) > 0, read(fd, &buffer, buffer.count) > 0 {}
            rebuild()
        }
    }

    /// For each watched folder, the one file name whose changes count (nil: any `.swift` file).
    private var watchedNames: [Int32: String?] = [:]
    private var inotifyDescriptor: Int32 = -1
    private var watchedFolders: Set<String> = []

    /// Watches the source's folders not watched yet; false (after saying why) when one cannot be.
    private func addWatches() -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for folder in source.watched where !watchedFolders.contains(folder.path) {
            let descriptor = inotify_add_watch(inotifyDescriptor, folder.path, mask)
            guard descriptor >= 0 else {
                writeStandardError("play: cannot watch \(folder.path): \(String(cString: strerror(errno)))\n")
                return false
            }
            watchedFolders.insert(folder.path)
            // A page's folder: the page's file; a Sources folder: any Swift file.
            let isPageFolder = !source.isApp && folder == page.deletingLastPathComponent()
            watchedNames.updateValue(isPageFolder ? page.lastPathComponent : nil, forKey: descriptor)
        }
        return true
    }

    /// Shows another page of the playground (chosen in the window's page list) in the same window.
    private func switchPage(to name: String) {
        guard let playground = source.playground, name != source.pageName, source.pages.contains(name) else { return }
        do {
            source = try PlaySource.locate(playground, page: name)
        } catch {
            writeStandardError("play: \(error)\n")
            return
        }
        print("play: page \(name)")
        fflush(stdout)
        _ = addWatches()
        rebuild()
    }

    /// Whether the events name the page's file or a Swift file of a Sources folder.
    private func changes(in events: ArraySlice<UInt8>) -> Bool {
        var offset = events.startIndex
        let header = MemoryLayout<inotify_event>.size
        var changed = false
        while offset + header <= events.endIndex {
            let (descriptor, length) = events.withUnsafeBytes { raw -> (Int32, Int) in
                (raw.loadUnaligned(fromByteOffset: offset - events.startIndex, as: Int32.self),
                 Int(raw.loadUnaligned(fromByteOffset: offset - events.startIndex + 12, as: UInt32.self)))
            }
            let nameBytes = events[(offset + header)..<min(offset + header + length, events.endIndex)]
            let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if let wanted = watchedNames[descriptor] {
                if let wanted { changed = changed || eventName == wanted } else { changed = changed || eventName.hasSuffix(".swift") }
            }
            offset += header + length
        }
        return changed
    }

    private func rebuild() {
        changeSeen = Date()
        switch build() {
        case .built(let library):
            if host == nil {
                startHost(loading: library)
            } else {
                load(library)
            }
        case .failed(let messages):
            writeStandardError(messages)
            let first = messages.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? messages
            if let hostInput { send(["error": first], to: hostInput) }
        case .unreadable(let why):
            writeStandardError("play: \(why)\n")
        }
    }
}

/// The window's standard error: its "play-host: loaded N" lines counted, the rest passed on.
final class HostLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending = Data()
    private(set) var loads = 0
    private var chosenPage: String?

    /// The page chosen in the window's list since the last call, if any.
    func takeChosenPage() -> String? {
        condition.lock()
        defer { condition.unlock() }
        defer { chosenPage = nil }
        return chosenPage
    }

    func take(_ data: Data) {
        condition.lock()
        defer { condition.unlock() }
        guard !data.isEmpty else { return }
        pending.append(data)
        while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            if line.hasPrefix("play-host: loaded ") {
                loads += 1
                condition.broadcast()
            } else if line.hasPrefix("play-host: page ") {
                chosenPage = String(line.dropFirst("play-host: page ".count))
            } else {
                writeStandardError(line + "\n")
            }
        }
    }

    /// Passes on a last line without its newline.
    func flush() {
        condition.lock()
        defer { condition.unlock() }
        if !pending.isEmpty { writeStandardError(String(decoding: pending, as: UTF8.self)) }
        pending.removeAll()
    }

    func wait(forLoads count: Int, timeout: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while loads < count {
            if !condition.wait(until: deadline) { return loads >= count }
        }
        return true
    }
}
