import QuartzCore
@testable import UIKit
import XCTest

/// A view that logs the touch and press calls it gets; with `forwards` it passes them on as well.
final class RecordingView: UIView {
    nonisolated(unsafe) var log: [String] = []
    nonisolated(unsafe) var locations: [CGPoint] = []
    nonisolated(unsafe) var tapCounts: [Int] = []
    nonisolated(unsafe) var forwards = false
    nonisolated(unsafe) var acceptsFirstResponder = false

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began")
        locations.append(touches.first!.location(in: self))
        tapCounts.append(touches.first!.tapCount)
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("moved")
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("ended")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("cancelled")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        log.append("pressesBegan \(presses.first!.key!.charactersIgnoringModifiers)")
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        log.append("pressesEnded \(presses.first!.key!.charactersIgnoringModifiers)")
    }
}

/// A window rendered by a `CARenderer` (so its tree has presentation copies) on a frozen clock.
@MainActor
func makeRenderedWindow(width: CGFloat = 300, height: CGFloat = 300) -> (UIWindow, CARenderer) {
    CAMediaClock.freeze(at: 1000)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    let renderer = CARenderer(context: ctx)
    renderer.layer = window.layer
    CATransaction.flush()
    return (window, renderer)
}

extension UIWindow {
    /// One touch report at media time `t` (tests).
    @MainActor
    func touch(_ id: Int, _ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat, at t: TimeInterval,
               type: UITouch.TouchType = .direct) {
        dispatchTouches([TouchInput(id: id, phase: phase, location: CGPoint(x: x, y: y), type: type)], timestamp: t)
    }

    /// A tap (down and up at the same place) at media time `t`.
    @MainActor
    func tap(_ x: CGFloat, _ y: CGFloat, at t: TimeInterval, type: UITouch.TouchType = .direct) {
        touch(0, .began, x, y, at: t, type: type)
        touch(0, .ended, x, y, at: t + 0.05, type: type)
    }
}
