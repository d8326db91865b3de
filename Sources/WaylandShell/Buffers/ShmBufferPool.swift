#if os(Linux)
import CALinuxWaylandClient

/// The window's set of shared-memory buffers, all of one size.
///
/// Invariants:
/// - A buffer is handed out only when the compositor has released it (`isBusy == false`).
/// - At most `maximumBufferCount` buffers of the current size exist; when all are busy the frame is
///   skipped and `bufferReleased` tells the owner when to try again.
/// - When the size changes, buffers of the old size are destroyed: free ones at once, busy ones
///   when the compositor releases them (it may still be reading them).
final class ShmBufferPool {
    /// Two buffers suffice when the compositor releases promptly; the third and fourth cover a
    /// compositor that holds one buffer for scan-out and one for the next repaint.
    static let maximumBufferCount = 4

    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []
    /// Busy buffers of an old size, destroyed on release.
    private var retired: [ShmBuffer] = []
    private(set) var width = 0
    private(set) var height = 0
    /// Called on the main thread when a current-size buffer becomes free.
    var bufferReleased: (() -> Void)?

    init(shm: OpaquePointer) {
        self.shm = shm
    }

    deinit {
        destroyAll()
    }

    /// Number of buffers of the current size (busy or free).
    var bufferCount: Int { buffers.count }

    /// A free buffer of `width` × `height` device pixels, allocating one if all are busy and the cap
    /// allows. Returns nil (after a warning for allocation failures) when none can be had; the
    /// caller skips the frame.
    func acquire(width: Int, height: Int) -> ShmBuffer? {
        if width != self.width || height != self.height {
            resize(width: width, height: height)
        }
        if let free = buffers.first(where: { !$0.isBusy }) {
            return free
        }
        guard buffers.count < Self.maximumBufferCount else { return nil }
        switch ShmBuffer.make(shm: shm, width: width, height: height) {
        case .success(let buffer):
            buffer.released = { [weak self] buffer in self?.handleRelease(of: buffer) }
            buffers.append(buffer)
            return buffer
        case .failure(let error):
            Diagnostics.warn("cannot allocate a \(width)x\(height) window buffer (\(error)); skipping the frame")
            return nil
        }
    }

    /// Destroys every buffer, busy or not (the window is going away).
    func destroyAll() {
        for buffer in buffers + retired { buffer.destroy() }
        buffers.removeAll()
        retired.removeAll()
    }

    private func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        for buffer in buffers {
            if buffer.isBusy {
                retired.append(buffer)
            } else {
                buffer.destroy()
            }
        }
        buffers.removeAll()
    }

    private func handleRelease(of buffer: ShmBuffer) {
        if let index = retired.firstIndex(where: { $0 === buffer }) {
            retired.remove(at: index)
            buffer.destroy()
            return
        }
        bufferReleased?()
    }
}
#endif
