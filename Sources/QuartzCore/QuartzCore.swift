// QuartzCore: layers, transforms, transactions, timing and the software renderer.
@_exported import CoreGraphics
