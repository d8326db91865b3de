// UIKit: views, responders and the application loop on top of the layer tree (a thin first cut:
// `WaylandLayerHost` shows a layer tree in a Wayland window).
@_exported import QuartzCore
@_exported import CoreGraphics
