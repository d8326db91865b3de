#if os(Linux)
import CALinuxWaylandClient
import Dispatch
import Foundation
#if canImport(CoreFoundation)
import CoreFoundation
#endif
import Glibc

/// Drives a `WaylandConnection` from the main thread's Foundation run loop.
///
/// - **Reading**: a `DispatchSource` read source on (a duplicate of) the display's fd, on the main
///   queue, which `RunLoop.main` drains. Its handler does libwayland's read protocol:
///   `prepare_read` (dispatching what is queued until it succeeds), `read_events`, `dispatch_pending`.
///   libwayland reads with `MSG_DONTWAIT`, so a spurious wake-up never blocks.
/// - **Writing**: requests are buffered by libwayland; a CoreFoundation observer flushes them when the
///   run loop is about to sleep (`beforeWaiting`), ordered after Core Animation's commit observer, and
///   `flush()` is also called right after each commit. If the socket is full (`EAGAIN`), a write
///   source waits for it to drain instead of spinning.
/// - **Failure**: a hang-up, a read error or a protocol error stops both sources (no busy loop) and
///   reports the error once through `didFail`.
///
/// The sources watch a `dup` of the display fd, closed by their cancel handlers, so the display can
/// be disconnected independently of when libdispatch finishes cancelling.
final class RunLoopIntegration {
    /// The observer order: after the order Core Animation's transaction commit uses (2_000_000 on
    /// Apple platforms), so the flush carries what the commit produced.
    static let flushObserverOrder = 2_000_001

    private let connection: WaylandConnection
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var observer: CFRunLoopObserver?
    /// Set once the connection failed; nothing is read or written afterwards.
    private(set) var hasFailed = false
    /// Called once, on the main thread, when the connection fails.
    var didFail: ((WaylandError) -> Void)?

    init(connection: WaylandConnection) {
        self.connection = connection
        let fd = fcntl(wl_display_get_fd(connection.display), F_DUPFD_CLOEXEC, 0)
        if fd < 0 {
            // Without our own fd we cannot watch the socket; fail on the next turn so the owner's
            // didFail (set after init) sees it.
            let error = WaylandError.disconnected(reason: "cannot duplicate the display fd: \(WaylandError.errorString(errno))")
            DispatchQueue.main.async { [weak self] in self?.fail(with: error) }
        } else {
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
            source.setEventHandler { [weak self] in self?.readEvents() }
            source.setCancelHandler { close(fd) }
            source.resume()
            readSource = source
        }

        let observer = CFRunLoopObserverCreateWithHandler(
            nil, CFRunLoopActivity.beforeWaiting.rawValue, true, Self.flushObserverOrder
        ) { [weak self] _, _ in
            self?.flush()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
        self.observer = observer
    }

    deinit {
        invalidate()
    }

    /// Stops watching the connection (the window is going away). Idempotent.
    func invalidate() {
        readSource?.cancel()
        readSource = nil
        writeSource?.cancel()
        writeSource = nil
        if let observer {
            CFRunLoopObserverInvalidate(observer)
            self.observer = nil
        }
    }

    /// Stops reading the socket: a window's render thread has become its only reader (it reads for
    /// every queue and has `dispatchPending()` run here for the default queue). Writing stays.
    func stopReading() {
        readSource?.cancel()
        readSource = nil
    }

    /// Sends buffered requests. On `EAGAIN` waits for the socket to drain with a write source; on
    /// `EPIPE` waits for the read side to report why (a protocol error may still be unread).
    func flush() {
        guard !hasFailed, writeSource == nil else { return }
        if wl_display_flush(connection.display) >= 0 { return }
        switch errno {
        case EAGAIN:
            waitUntilWritable()
        case EPIPE:
            break
        default:
            fail(with: connection.lastError())
        }
    }

    /// Dispatches events that are already queued (e.g. read by a roundtrip), without reading.
    func dispatchPending() {
        guard !hasFailed else { return }
        if wl_display_dispatch_pending(connection.display) < 0 {
            fail(with: connection.lastError())
        }
    }

    private func readEvents() {
        guard !hasFailed else { return }
        let display = connection.display
        // Keep the connection alive even if a handler releases the window that owns us.
        withExtendedLifetime((self, connection)) {
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 {
                    fail(with: connection.lastError())
                    return
                }
            }
            _ = wl_display_flush(display)  // libwayland's recipe; EAGAIN is retried by the observer
            if wl_display_read_events(display) < 0 {
                fail(with: connection.lastError())
                return
            }
            if wl_display_dispatch_pending(display) < 0 {
                fail(with: connection.lastError())
                return
            }
            flush()
        }
    }

    private func waitUntilWritable() {
        let fd = fcntl(wl_display_get_fd(connection.display), F_DUPFD_CLOEXEC, 0)
        guard fd >= 0 else {
            fail(with: .disconnected(reason: "cannot duplicate the display fd: \(WaylandError.errorString(errno))"))
            return
        }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: .main)
        source.setEventHandler { [weak self] in
            guard let self, !self.hasFailed else { return }
            if wl_display_flush(self.connection.display) < 0, errno == EAGAIN { return }
            self.writeSource?.cancel()
            self.writeSource = nil
            self.flush()
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        writeSource = source
    }

    /// Stops everything and reports `error` once (main thread).
    func fail(with error: WaylandError) {
        guard !hasFailed else { return }
        hasFailed = true
        readSource?.cancel()
        readSource = nil
        writeSource?.cancel()
        writeSource = nil
        didFail?(error)
    }
}
#endif
