import CoreGraphics
import QuartzCore
import WaylandShell

/// Shows a layer tree in a Wayland window (a Linux addition; `UIWindow` builds on it).
///
/// The root layer always fills the window. Every commit that touches the tree asks the window for
/// a frame; the frame callback renders the tree into the window's buffer with the software
/// renderer. An idle tree therefore costs no wake-ups.
public final class WaylandLayerHost {
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
        window.draw = { [weak self] buffer in self?.draw(into: buffer) }
        window.didResize = { [weak self] width, height, _ in self?.windowDidResize(width: width, height: height) }
        CATransaction.addCommitObserver { [weak self] roots in
            guard let self else { return }
            if roots.contains(where: { $0.rootLayer === self.rootLayer }) { self.window.setNeedsDisplay() }
        }
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

    private func draw(into buffer: WaylandPixelBuffer) {
        guard let ctx = CGContext(data: buffer.data, width: buffer.width, height: buffer.height,
                                  bitsPerComponent: 8, bytesPerRow: buffer.bytesPerRow,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        ctx.clear(CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        let renderer = CARenderer(context: ctx)
        renderer.layer = rootLayer
        renderer.scale = CGFloat(buffer.scale)
        let now = CACurrentMediaTime()
        renderer.beginFrame(atTime: now)
        renderer.render()
        renderer.endFrame()
        scheduleNextFrame(at: renderer.nextFrameTime(), now: now)
    }

    private var wakeUp: Timer?

    /// Keeps frames coming while something animates: the next frame callback when the picture
    /// changes again within about a frame, a timer for a later start, nothing when all is still.
    private func scheduleNextFrame(at next: CFTimeInterval, now: CFTimeInterval) {
        wakeUp?.invalidate()
        wakeUp = nil
        guard next.isFinite else { return }
        if next - now < 0.02 {
            window.setNeedsDisplay()
        } else {
            let timer = Timer(timeInterval: next - now, repeats: false) { [weak self] _ in self?.window.setNeedsDisplay() }
            RunLoop.main.add(timer, forMode: .common)
            wakeUp = timer
        }
    }
}
