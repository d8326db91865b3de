// LayerHost: a layer tree shown in a Wayland window (a Linux addition). `WaylandLayerHost` keeps a
// render server per shown tree, runs the window's frames through them and draws client-side
// decorations when the compositor leaves them to the client. Layer-only programs import this
// module; UIKit builds its windows on it.
@_exported import QuartzCore
@_exported import CoreGraphics
