import Foundation
import PlaygroundSupport
import UIKit

// `play-window [--once] [--app] [--title TITLE] [--name NAME] [--output-folder PATH]`: the window of `play PATH`, which starts it and sends it each
// build of the page on standard input (PageHost.swift). Built in release (the page's frames are drawn
// here); `play`, which builds the pages, needs no speed.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
let once = arguments.contains("--once")
let isApp = arguments.contains("--app")
func value(of option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}
let title = value(of: "--title")
MainActor.assumeIsolated {
    // The keys for experimenting (Space pauses, S slow motion, V records, …), as in the demos' windows.
    UIWindow.answersShellKeys = true
    UIApplication.mainLoopRunsElsewhere = isApp
    let host = PageHost(once: once, isApp: isApp, title: "play — " + (title ?? "page"), recordingName: value(of: "--name") ?? "page",
                        recordingFolder: value(of: "--output-folder"))
    host.readCommands()
}
// play ends its window with SIGTERM (Ctrl+C in play's terminal, or play ending): the window ends as an
// app does, a recording under way (V) written first.
var signalSources: [DispatchSourceSignal] = []
for number in [SIGTERM, SIGINT, SIGHUP] {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { () -> Void in UIApplication.shared.terminate() } }
    source.resume()
    signalSources.append(source)
}
while true {
    RunLoop.main.run()
    Thread.sleep(forTimeInterval: 0.01)
}
