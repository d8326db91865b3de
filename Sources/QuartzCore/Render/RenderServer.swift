import CoreGraphics
import Foundation

/// The render side of one layer tree shown in a window (a Linux addition: Core Animation's render
/// server, in process). The main thread hands it each commit's `RenderTree`; the window's render
/// thread draws the newest one at each frame's target time and learns when the picture next
/// changes. Only `RenderTree`s cross the boundary: the render thread never touches a `CALayer`.
package final class RenderServer: @unchecked Sendable {
    private let lock = NSLock()
    /// The newest tree (guarded by `lock`).
    private var newestTree: RenderTree
    // Render thread only.
    private var frame: RenderFrame?
    /// The contents stamp of the tree drawn last (the redraw flash tints what is newer).
    private var lastDrawnStamp: UInt64 = 0
    private var lastDrawnTree: RenderTree?
    private var flashShowing = false

    /// A server showing `tree` until the next commit.
    package init(tree: RenderTree) {
        newestTree = tree
    }

    /// Hands the tree of a commit to the render side (any thread; the main thread at commits).
    package func commit(_ tree: RenderTree) {
        lock.lock()
        newestTree = tree
        lock.unlock()
    }

    /// The newest tree handed over.
    package var tree: RenderTree {
        lock.lock(); defer { lock.unlock() }
        return newestTree
    }

    /// Draws the newest tree evaluated at media time `time` into `context` at `scale` pixels per
    /// point, with the debug overlay of `RenderDebugOptions.shared`; returns the media time at which
    /// the picture next changes by itself (`time` while something animates, infinity when still).
    /// Render thread only.
    package func draw(in context: CGContext, scale: CGFloat, atMediaTime time: CFTimeInterval) -> CFTimeInterval {
        let tree = self.tree
        let frame = self.frame ?? RenderFrame(tree: tree)
        self.frame = frame
        frame.evaluate(tree, atMediaTime: time)
        let overlay = RenderDebugOptions.shared.overlay
        // The redraw flash shows what a commit redrew on the first frame of its tree, for one frame.
        let newTree = tree !== lastDrawnTree
        let redrawnAfter = newTree ? lastDrawnStamp : tree.contentsStamp
        CARenderer.draw(frame.rootLayer, in: context, scale: scale, debugOverlay: overlay, redrawnAfter: redrawnAfter)
        flashShowing = newTree && overlay == .redrawFlash && tree.contentsStamp > lastDrawnStamp
        lastDrawnTree = tree
        lastDrawnStamp = tree.contentsStamp
        return flashShowing ? time : tree.nextChangeTime(after: time)
    }
}
