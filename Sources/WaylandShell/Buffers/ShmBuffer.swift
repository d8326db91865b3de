#if os(Linux)
import CALinuxWaylandClient
import Glibc

/// One `wl_buffer` in shared memory: ARGB8888, `width * 4` bytes per row, mapped read-write.
///
/// A buffer is *busy* from the commit that attaches it until the compositor's `wl_buffer.release`;
/// the client must not write to it meanwhile. Destroying it unmaps the memory.
final class ShmBuffer {
    let proxy: OpaquePointer
    let data: UnsafeMutableRawPointer
    /// Size in device pixels.
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let byteCount: Int
    /// Attached to a commit and not yet released by the compositor.
    var isBusy = false
    /// The window's count of shown frames when this buffer's frame was committed (nil: never drawn).
    var drawnFrame: Int?
    /// Runs on `wl_buffer.release` (main thread).
    var released: ((ShmBuffer) -> Void)?
    private var isDestroyed = false

    private init(proxy: OpaquePointer, data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.proxy = proxy
        self.data = data
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.byteCount = bytesPerRow * height
        wl_buffer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Makes a buffer of `width` × `height` device pixels (both ≥ 1, small enough for an Int32 pool size).
    static func make(shm: OpaquePointer, width: Int, height: Int) -> Result<ShmBuffer, SharedMemoryError> {
        let bytesPerRow = width * 4
        let byteCount = bytesPerRow * height
        let fd: Int32
        switch SharedMemoryFile.create(size: byteCount) {
        case .success(let descriptor): fd = descriptor
        case .failure(let error): return .failure(error)
        }
        defer { close(fd) }  // the pool keeps its own reference to the file

        guard let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              mapping != UnsafeMutableRawPointer(bitPattern: -1) else {
            return .failure(SharedMemoryError(operation: "mmap(\(byteCount) bytes)", code: errno))
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(byteCount)) else {
            munmap(mapping, byteCount)
            return .failure(SharedMemoryError(operation: "wl_shm.create_pool", code: errno))
        }
        let proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(bytesPerRow),
                                              WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)  // the buffer keeps the pool's memory alive on both sides
        guard let proxy else {
            munmap(mapping, byteCount)
            return .failure(SharedMemoryError(operation: "wl_shm_pool.create_buffer", code: errno))
        }
        return .success(ShmBuffer(proxy: proxy, data: mapping, width: width, height: height, bytesPerRow: bytesPerRow))
    }

    /// Destroys the `wl_buffer` and unmaps the memory. Idempotent.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        wl_buffer_destroy(proxy)
        munmap(data, byteCount)
    }

    deinit { destroy() }

    nonisolated(unsafe) private static let listener = makeListener(wl_buffer_listener(
        release: { data, _ in
            let buffer = Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue()
            buffer.isBusy = false
            buffer.released?(buffer)
        }
    ))
}
#endif
