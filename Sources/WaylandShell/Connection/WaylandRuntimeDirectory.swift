#if os(Linux)
import Glibc

extension WaylandError {
    /// Why `wl_display_connect(nil)` cannot find a relative display name's socket, checked before
    /// connecting so that the failure is one line of ours rather than libwayland's own
    /// "XDG_RUNTIME_DIR is invalid or not set" followed by ours. Nil when the connection does not
    /// need the directory (`WAYLAND_SOCKET` set, or `WAYLAND_DISPLAY` an absolute path) or it is a
    /// directory. `environment` reads a variable (empty counts as unset, as for libwayland).
    static func runtimeDirectoryProblem(environment: (String) -> String? = WaylandError.processEnvironment) -> WaylandError? {
        func value(_ name: String) -> String? {
            guard let text = environment(name), !text.isEmpty else { return nil }
            return text
        }
        if value("WAYLAND_SOCKET") != nil { return nil }
        let display = value("WAYLAND_DISPLAY") ?? "wayland-0"
        if display.hasPrefix("/") { return nil }
        guard let directory = value("XDG_RUNTIME_DIR") else {
            return WaylandError("cannot connect to Wayland display '\(display)': XDG_RUNTIME_DIR is not set "
                                + "(set it, or WAYLAND_DISPLAY to the socket's absolute path)")
        }
        var status = stat()
        let isDirectory = directory.hasPrefix("/") && stat(directory, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        guard isDirectory else {
            return WaylandError("cannot connect to Wayland display '\(display)': XDG_RUNTIME_DIR '\(directory)' is not a directory")
        }
        return nil
    }

    static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
#endif
