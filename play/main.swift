import ArgumentParser
import Foundation

/// The options of `play`.
struct PlayOptions {
    var snapshot: String?
    var at: Double = 0
    var once = false
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

    @Flag(name: .long, help: "Run the page once, without watching it: the window stays until it is closed; a page without a live view exits when its code ends.")
    var once = false

    @Option(name: .long, help: ArgumentHelp("The play-window executable (default: the one beside play).", valueName: "path"))
    var window: String?

    func validate() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in seconds, 0 or more") }
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
                                      options: PlayOptions(snapshot: snapshot, at: at, once: once))
        throw ExitCode(session.run())
    }
}

signal(SIGPIPE, SIG_IGN)
Play.main()
