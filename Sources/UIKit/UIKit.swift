// UIKit: views, responders, controls and the application loop on top of the layer tree; windows
// are shown through LayerHost's `WaylandLayerHost`.
@_exported import QuartzCore
@_exported import CoreGraphics
