import CALinuxChipmunk
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Making a Chipmunk space without a word on standard output (UIKit Dynamics and the demos' physics).
package enum ChipmunkSpace {
    /// A new space. Debian's Chipmunk is built with its debug checks, and its first space prints two
    /// lines about that on standard output, which belongs to the program (a snapshot's path, an app's
    /// own output): they go to /dev/null instead.
    package static func make() -> OpaquePointer {
        fflush(stdout)
        let saved = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDOUT_FILENO) }
        let space = cpSpaceNew()!
        fflush(stdout)
        if saved >= 0, null >= 0 { dup2(saved, STDOUT_FILENO) }
        if null >= 0 { close(null) }
        if saved >= 0 { close(saved) }
        return space
    }
}
