import CoreGraphics
import Foundation

/// The stack of current graphics contexts (main thread), as UIKit's `UIGraphicsGetCurrentContext()`.
@MainActor private var contextStack: [CGContext] = []

/// The context `UIView.draw(_:)` draws into.
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
@MainActor public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
@MainActor public func UIGraphicsPopContext() { _ = contextStack.popLast() }
