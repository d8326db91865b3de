import ArgumentParser
import Foundation

/// The options of `play`.
struct PlayOptions {
    var snapshot: String?
    var at: Double = 0
    var record: String?
    var seconds: Double?
    var fps: Int?
    var once = false

    /// Whether the page runs once, unwatched (`--once`, `--snapshot`, `--record`).
    var runsOnce: Bool { once || snapshot != nil || record != nil }
}

/// `play PAGE.swift`: runs a playground page (any file of top-level code) in a window and reloads it
/// on every save (scripts/play builds this and runs it).
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a playground page in a window; each save shows the new code in the same window.",
        discussion: """
            PAGE is a .swift file of top-level code, as a playground page is, or a .playground folder \
            (its Sources compiled as a module the page sees, its Resources found by UIImage(named:)): \
            what the page assigns to \
            PlaygroundPage.current.liveView (a view or a view controller) is shown in the window. \
            Compile errors are printed and shown over the last good build, which keeps running.
            """)

    @Argument(help: ArgumentHelp("The page: a .swift file, or a .playground folder.", valueName: "page"))
    var path: String

    @Option(name: .long, help: ArgumentHelp("The page of a .playground folder of several pages (default: the first).", valueName: "name"))
    var page: String?

    @Option(name: .long, help: ArgumentHelp("Draw the live view offscreen at --at into the PNG file, print its path and exit.", valueName: "file.png"))
    var snapshot: String?

    @Option(name: .long, help: ArgumentHelp("With --snapshot, the media time of the picture in seconds (default 0).", valueName: "seconds"))
    var at: Double = 0

    @Option(name: .long, help: ArgumentHelp("Record the live view offscreen into an animated image (.webp, .png/.apng or .gif): frame k at k/fps s on the frozen clock, display links called at each frame; print its path and exit.", valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("With --record, its length in seconds (default 3).", valueName: "s"))
    var seconds: Double?

    @Option(name: .long, help: ArgumentHelp("With --record, frames per second, 1-120 (default 30).", valueName: "fps"))
    var fps: Int?

    @Flag(name: .long, help: "Run the page once, without watching it: the window stays until it is closed; a page without a live view exits when its code ends.")
    var once = false

    @Option(name: .long, help: ArgumentHelp("The play-window executable (default: the one beside play).", valueName: "path"))
    var window: String?

    func validate() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in seconds, 0 or more") }
        if record != nil, snapshot != nil { throw ValidationError("--record and --snapshot cannot be used together") }
        if let record, !["webp", "png", "apng", "gif"].contains((record as NSString).pathExtension.lowercased()) {
            throw ValidationError("--record writes .webp, .png (.apng) or .gif files, not '\(record)'")
        }
        if seconds != nil || fps != nil, record == nil { throw ValidationError("--seconds and --fps apply only to --record") }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 120) {
            throw ValidationError("--seconds must be more than 0 and at most 120")
        }
        if let fps, !(1...120).contains(fps) { throw ValidationError("--fps must be 1-120") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let source: PlaySource
        do {
            source = try PlaySource.locate(url, page: page)
        } catch let failure as PlaySource.Failure {
            throw ValidationError(failure.description)
        }
        if !source.pages.isEmpty {
            print("play: the pages of \(url.lastPathComponent): \(source.pages.joined(separator: ", ")) "
                  + "(this one: \(page ?? source.pages[0]); --page NAME for another)")
        }
        let windowExecutable = window.map { URL(fileURLWithPath: $0) }
            ?? PlaySession.executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("play-window")
        guard FileManager.default.isExecutableFile(atPath: windowExecutable.path) else {
            throw ValidationError("no play-window at \(windowExecutable.path) (scripts/play builds it)")
        }
        let session = try PlaySession(source: source, window: windowExecutable,
                                      options: PlayOptions(snapshot: snapshot, at: at, record: record,
                                                           seconds: seconds, fps: fps, once: once))
        throw ExitCode(session.run())
    }
}

signal(SIGPIPE, SIG_IGN)
Play.main()
