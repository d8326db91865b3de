import Foundation
import PlaygroundSupport
import UIKit

// `play-window [--once] [--title TITLE]`: the window of `play PATH`, which starts it and sends it each
// build of the page on standard input (PageHost.swift). Built in release (the page's frames are drawn
// here); `play`, which builds the pages, needs no speed.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
let once = arguments.contains("--once")
let title = arguments.firstIndex(of: "--title").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
MainActor.assumeIsolated {
    let host = PageHost(once: once, title: "play — " + (title ?? "page"))
    host.readCommands()
}
while true {
    RunLoop.main.run()
    Thread.sleep(forTimeInterval: 0.01)
}
