#if os(Linux)
import Glibc

/// An anonymous shared-memory file: the backing store of a `wl_shm` pool.
///
/// Uses `memfd_create` (looked up at run time: Swift's Glibc module does not import it), falling back
/// to `shm_open` of a unique name that is unlinked at once. Either way the file has no name anyone
/// else can open, and is closed on exec.
enum SharedMemoryFile {
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    private static let memfdCloexec: UInt32 = 0x0001
    private static let memfdAllowSealing: UInt32 = 0x0002

    private static let memfdCreate: MemfdCreate? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "memfd_create") else { return nil }
        return unsafeBitCast(symbol, to: MemfdCreate.self)
    }()

    nonisolated(unsafe) private static var fallbackCounter = 0

    /// Creates a file of `size` bytes. Returns the file descriptor, or an error message.
    static func create(size: Int) -> Result<Int32, SharedMemoryError> {
        let fd: Int32
        if let memfdCreate {
            fd = memfdCreate("waylandshell-buffer", memfdCloexec | memfdAllowSealing)
        } else {
            fd = openUnlinkedShm()
        }
        guard fd >= 0 else { return .failure(SharedMemoryError(operation: "memfd_create", code: errno)) }
        var result: Int32
        repeat { result = ftruncate(fd, off_t(size)) } while result < 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            close(fd)
            return .failure(SharedMemoryError(operation: "ftruncate(\(size) bytes)", code: code))
        }
        return .success(fd)
    }

    private static func openUnlinkedShm() -> Int32 {
        for _ in 0..<100 {
            fallbackCounter += 1
            let name = "/waylandshell-\(getpid())-\(fallbackCounter)"
            let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                shm_unlink(name)
                return fd
            }
            if errno != EEXIST { return -1 }
        }
        return -1
    }
}

/// Why a shared-memory file or mapping could not be made.
struct SharedMemoryError: Error, CustomStringConvertible {
    let operation: String
    let code: Int32
    var description: String { "\(operation) failed: \(WaylandError.errorString(code))" }
}
#endif
