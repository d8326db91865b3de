import Foundation

// `demo NAME [options]`: runs one of the guide's examples in a Wayland window.
let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode = DemoCommand(arguments: arguments).run()
exit(exitCode)
