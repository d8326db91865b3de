#if os(Linux)
import Glibc

/// A failure of the Wayland connection, with a message meant for a person.
///
/// The messages name what failed: the display a connection was tried to, the global the compositor
/// lacks, the interface and code of a protocol error, or the reason the connection was lost.
public struct WaylandError: Error, CustomStringConvertible {
    /// The human-readable message (no trailing newline, no program-name prefix).
    public let message: String

    public var description: String { message }

    init(_ message: String) {
        self.message = message
    }

    /// `wl_display_connect` failed: no compositor listens at `display` (a socket name or an absolute path).
    static func cannotConnect(display: String, errno code: Int32) -> WaylandError {
        WaylandError("cannot connect to Wayland display '\(display)': \(errorString(code))")
    }

    /// A global the client cannot work without is not in the registry.
    static func missingGlobal(_ interface: String) -> WaylandError {
        WaylandError("the compositor does not offer \(interface) (required)")
    }

    /// A global is present but older than the version this client needs.
    static func globalTooOld(_ interface: String, offered: UInt32, required: UInt32) -> WaylandError {
        WaylandError("the compositor does not offer \(interface) version \(required) or later (required; it offers version \(offered))")
    }

    /// The compositor sent `wl_display.error` for an object of this client.
    static func protocolError(interface: String, id: UInt32, code: UInt32) -> WaylandError {
        WaylandError("Wayland protocol error on \(interface)@\(id): code \(code)")
    }

    /// The socket failed or was closed by the compositor.
    static func disconnected(reason: String) -> WaylandError {
        WaylandError("lost the connection to the Wayland compositor: \(reason)")
    }

    /// The compositor at `display` accepted the connection but did not answer a roundtrip within
    /// `seconds` (`CA_WAYLAND_TIMEOUT`).
    static func noAnswer(display: String, seconds: String) -> WaylandError {
        WaylandError("the Wayland display '\(display)' did not answer within \(seconds) s (CA_WAYLAND_TIMEOUT)")
    }

    /// The compositor at `display` never sent the window's first `xdg_surface.configure`.
    static func noConfigure(display: String, seconds: String) -> WaylandError {
        WaylandError("the Wayland display '\(display)' did not configure the window within \(seconds) s (CA_WAYLAND_TIMEOUT)")
    }

    static func errorString(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
#endif
