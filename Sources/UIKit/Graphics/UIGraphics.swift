import CoreGraphics
import Foundation

/// The stack of current graphics contexts (main thread), as UIKit's `UIGraphicsGetCurrentContext()`.
@MainActor private var contextStack: [CGContext] = []

/// The context `UIView.draw(_:)` draws into.
@preconcurrency @MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
@preconcurrency @MainActor public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
@preconcurrency @MainActor public func UIGraphicsPopContext() { _ = contextStack.popLast() }
