import Foundation
import CoreGraphics
import QuartzCore
import WaylandShell

/// Shows a layer tree in a Wayland window (a Linux addition; `UIWindow` builds on it).
///
/// The root layer always fills the window. Every commit that touches the tree makes an immutable
/// `RenderTreeSnapshot` of it (main thread) and hands it to the window's render thread (a
/// lock-protected swap) with a request for a frame. The render thread draws the newest snapshot,
/// its animations evaluated at the frame's target time, with `CARenderer` into the window's buffer,
/// and asks for the next frame while an animation runs (or sleeps until a later one starts). An
/// idle tree therefore costs no wake-ups, and a blocked main thread does not stop animations.
public final class WaylandLayerHost: @unchecked Sendable {
    /// The Wayland window the tree is shown in.
    public let window: WaylandWindow
    /// The root of the shown tree; its frame is kept equal to the window's bounds (points).
    public let rootLayer: CALayer
    /// Called after the window (and so the root layer) changed size, with the new size in points.
    public var didResize: ((CGSize) -> Void)?

    /// Opens a window of `size` points (used when the compositor lets the client choose).
    public init(title: String, appID: String = "org.coreanimation.demo", size: CGSize, rootLayer: CALayer = CALayer()) throws {
        let width = max(1, Int(size.width.isFinite ? size.width : 1))
        let height = max(1, Int(size.height.isFinite ? size.height : 1))
        window = try WaylandWindow(title: title, appID: appID, width: width, height: height)
        self.rootLayer = rootLayer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(x: 0, y: 0, width: CGFloat(window.width), height: CGFloat(window.height))
        CATransaction.commit()
        rootLayer.markTreeAsRendered()
        latestSnapshot = RenderTreeSnapshot(modelRoot: rootLayer)
        window.draw = { [weak self] buffer in self?.draw(into: buffer) }
        window.didResize = { [weak self] width, height, _ in self?.windowDidResize(width: width, height: height) }
        CATransaction.addCommitObserver { [weak self] roots in
            guard let self, roots.contains(where: { $0 === self.rootLayer }) else { return }
            self.hand(RenderTreeSnapshot(modelRoot: self.rootLayer))
        }
        // Display links are fired by this window's frames; a link starting asks for a frame.
        DisplayLinkClock.shared.activityChanged = { [weak self] active in
            if active { self?.window.setNeedsDisplay() }
        }
        window.setNeedsDisplay()
    }

    private let snapshotLock = NSLock()
    /// The newest snapshot (guarded by `snapshotLock`): written at commits, read by the render thread.
    private var latestSnapshot: RenderTreeSnapshot

    /// Hands `snapshot` to the render thread and asks for a frame.
    private func hand(_ snapshot: RenderTreeSnapshot) {
        snapshotLock.lock()
        latestSnapshot = snapshot
        snapshotLock.unlock()
        window.setNeedsDisplay()
    }

    private func windowDidResize(width: Int, height: Int) {
        let size = CGSize(width: CGFloat(width), height: CGFloat(height))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        didResize?(size)
        CATransaction.commit()
        window.setNeedsDisplay()
    }

    /// Draws one frame (render thread): the newest snapshot at the frame's target time.
    private func draw(into buffer: WaylandPixelBuffer) {
        snapshotLock.lock()
        let snapshot = latestSnapshot
        snapshotLock.unlock()
        guard let ctx = CGContext(data: buffer.data, width: buffer.width, height: buffer.height,
                                  bitsPerComponent: 8, bytesPerRow: buffer.bytesPerRow,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        ctx.clear(CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        let time = buffer.targetTime > 0 && !CAMediaClock.isFrozen ? buffer.targetTime : CACurrentMediaTime()
        // Display links run on their run loops for this frame (the refresh interval is taken as
        // 1/60 s here; the frame's target time is when it will be shown).
        let refresh = 1.0 / 60
        DisplayLinkClock.shared.frameDidBegin(timestamp: time - refresh, targetTimestamp: time, duration: refresh)
        snapshot.render(in: ctx, scale: CGFloat(buffer.scale), atMediaTime: time)
        let next = DisplayLinkClock.shared.isActive ? time : snapshot.nextChangeTime(after: time)
        scheduleNextFrame(at: next, frameTime: time)
    }

    /// Keeps frames coming while something animates: the next frame callback when the picture
    /// changes again within about a frame, a wake-up of the render thread for a later start,
    /// nothing when all is still.
    private func scheduleNextFrame(at next: CFTimeInterval, frameTime: CFTimeInterval) {
        guard next.isFinite else { return }
        if next - frameTime < 0.02 {
            window.setNeedsDisplay()
        } else {
            window.setNeedsDisplay(atTime: next)
        }
    }
}
