import CoreGraphics
import Foundation
import Glibc
import LayerHost
import WaylandShell

/// The one orderly end of a demo in a window. Every way it ends comes here: SIGTERM, SIGINT and
/// SIGHUP (status 0), the shell's Q and Escape, the compositor closing the window
/// (`xdg_toplevel.close`, status 0), the connection failing (the compositor gone or a protocol
/// error: its one line on stderr, status 1), the bench's `--seconds`. In that order it:
/// stops the window's render thread (its last frames get their trace lines), writes the trace's
/// `{"type":"renderer","requested":…,"active":…}` line and closes it, runs what the demo asked to
/// run at the end (the bench's summary), says why on stderr when it failed, and exits.
@MainActor
enum DemoExit {
    private static var host: WaylandLayerHost?
    private static var finishers: [() -> Void] = []
    private static var isExiting = false
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    static let exitSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Routes the ends of `host`'s window and the exit signals here.
    static func install(on host: WaylandLayerHost) {
        self.host = host
        for signalNumber in exitSignals {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { exit(status: 0) } }
            source.resume()
            signalSources.append(source)
        }
        host.window.didClose = { exit(status: 0) }
        host.window.didFail = { error in exit(status: 1, message: error.message) }
    }

    /// Runs `finish` on the way out, after the render thread stopped (its statistics are final)
    /// and the trace was closed.
    static func atExit(_ finish: @escaping () -> Void) {
        finishers.append(finish)
    }

    /// Ends the demo: stops rendering, closes the trace, runs the finishers, prints `message`
    /// ("demo: <message>") on stderr when given, and exits with `status`.
    static func exit(status: Int32, message: String? = nil) {
        guard !isExiting else { return }
        isExiting = true
        // A reader of stdout that went away must not kill the demo before the trace is written out.
        signal(SIGPIPE, SIG_IGN)
        host?.window.stopRendering()
        // The trace first: it is safe on disk even if a full stdout pipe blocks the summary.
        if let host, let writer = host.window.trace ?? DemoTrace.writer {
            writer.write(["type": "renderer", "requested": host.requestedRenderer.rawValue,
                          "active": host.activeRenderer.rawValue])
        }
        host?.window.trace?.close()
        DemoTrace.writer?.close()
        for finish in finishers { finish() }
        fflush(stdout)
        if let message { writeStandardError("demo: \(message)\n") }
        Glibc.exit(status)
    }
}
