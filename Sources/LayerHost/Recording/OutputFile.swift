import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing a file the user asked for (a snapshot, a recording) without losing one: the bytes go to a
/// temporary file beside `path`, which is renamed over it only once complete, so a full disk or
/// another failure leaves an earlier file at `path` as it was and no truncated one.
public enum OutputFile {
    /// Why a file was not written: its path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path) was not written: \(reason)" }
    }

    /// Writes `data` to `path` (created or replaced) through a temporary file beside it.
    public static func write(_ data: Data, to path: String) throws {
        let temporary = path + ".\(getpid()).partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0, errno != EINVAL { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
    }
}
