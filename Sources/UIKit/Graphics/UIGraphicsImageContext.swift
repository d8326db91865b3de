import CoreGraphics
import Foundation

// The pre-iOS 10 image contexts: Begin pushes a bitmap context on the calling thread's stack (see
// UIGraphics.swift), drawing goes to it through UIGraphicsGetCurrentContext(), End pops it. They nest,
// and calls without a matching Begin do nothing (as UIKit, which only logs).

/// A bitmap context of `size` points at `scale` pixels per point, y down with the origin at the top
/// left, as UIKit's image contexts are. Opaque bitmaps have no alpha and start black. At least 1×1 pixel.
func makeImageBitmapContext(size: CGSize, scale: CGFloat, opaque: Bool) -> CGContext? {
    let scale = scale > 0 && scale.isFinite ? scale : 1
    guard size.width.isFinite, size.height.isFinite else { return nil }
    let width = max(1, Int((size.width * scale).rounded(.up)))
    let height = max(1, Int((size.height * scale).rounded(.up)))
    let alpha: CGImageAlphaInfo = opaque ? .noneSkipFirst : .premultipliedFirst
    guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: scale, y: -scale)
    return context
}

/// Starts an image context of `size` points at scale 1, not opaque.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Starts an image context of `size` points and makes it current. `scale` 0 means the main screen's
/// scale (1 off the main thread); `opaque` drops the alpha channel. A size with no area makes no
/// context (UIKit logs an error and draws nowhere), so `UIGraphicsGetCurrentContext()` stays as it was.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard size.width > 0, size.height > 0 else { return }
    let pixelsPerPoint = scale > 0 ? scale : UIImage.screenScale
    guard let context = makeImageBitmapContext(size: size, scale: pixelsPerPoint, opaque: opaque) else { return }
    GraphicsContextStack.current.entries.append(.init(context: context, imageScale: pixelsPerPoint))
}

/// What was drawn so far into the current context, at its scale; nil when the current context is not
/// an image context (none, or one pushed with `UIGraphicsPushContext`).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.current.entries.last, let scale = entry.imageScale,
          let image = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the innermost image context (contexts pushed above it with `UIGraphicsPushContext` go with it).
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let index = stack.entries.lastIndex(where: { $0.imageScale != nil }) else { return }
    stack.entries.removeSubrange(index...)
}
