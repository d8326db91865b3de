import CoreGraphics
import Foundation
import QuartzCore

/// The stack of current graphics contexts, one per thread as in UIKit (where drawing off the main thread
/// into an image context has been allowed since iOS 4). An entry made by
/// `UIGraphicsBeginImageContextWithOptions` remembers its scale, which marks it as an image context.
final class GraphicsContextStack {
    struct Entry {
        let context: CGContext
        /// Pixels per point of an image context; nil for a context pushed with `UIGraphicsPushContext`.
        let imageScale: CGFloat?
    }

    var entries: [Entry] = []

    private static let perThread = ThreadLocal { GraphicsContextStack() }

    /// The calling thread's stack.
    static var current: GraphicsContextStack { perThread.value }
}

/// The context UIKit drawing (`UIView.draw(_:)`, `UIBezierPath.fill()`, `UIImage.draw(in:)`) draws into:
/// the top of the calling thread's stack, nil when there is none.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current.entries.last?.context }

/// Makes `context` the current one until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.entries.append(.init(context: context, imageScale: nil))
}

/// Goes back to the context that was current before the last push (nothing happens on an empty stack).
public func UIGraphicsPopContext() { _ = GraphicsContextStack.current.entries.popLast() }

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Strokes a 1-point frame just inside `rect` in the current context with its fill colour, as UIKit does.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let t = min(1, r.height), l = min(1, r.width)
    context.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: t),
                  CGRect(x: r.minX, y: r.maxY - t, width: r.width, height: t),
                  CGRect(x: r.minX, y: r.minY, width: l, height: r.height),
                  CGRect(x: r.maxX - l, y: r.minY, width: l, height: r.height)])
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
