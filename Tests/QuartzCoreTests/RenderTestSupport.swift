import QuartzCore

/// A zeroed 32-bit premultiplied ARGB bitmap context (cairo's native layout).
func makeBitmapContext(width: Int, height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: CGColorSpaceCreateDeviceRGB(),
              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
}

/// Renders `layer` with `CARenderer` at media time 0: layer point (x, y) lands on pixel
/// (x * scale, y * scale) counted from the top row.
func renderOffscreen(_ layer: CALayer, width: Int, height: Int, scale: CGFloat = 1) -> CGImage {
    let ctx = makeBitmapContext(width: width, height: height)
    let renderer = CARenderer(context: ctx)
    renderer.layer = layer
    renderer.scale = scale
    renderer.beginFrame(atTime: 0)
    renderer.render()
    renderer.endFrame()
    return ctx.makeImage()!
}

/// The premultiplied (r, g, b, a) bytes of pixel (x, y), row 0 at the top.
func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}
