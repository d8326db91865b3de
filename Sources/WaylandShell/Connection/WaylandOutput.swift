#if os(Linux)
import CWaylandClient

/// One `wl_output` global and the integer scale the compositor reports for it.
///
/// Output properties arrive as a batch closed by `wl_output.done` (version 2+); `scale` is updated
/// when the batch is done, then `changed` runs so windows on this output can pick a new buffer scale.
final class WaylandOutput {
    /// The registry name of the global (used by `wl_registry.global_remove`).
    let globalName: UInt32
    /// The bound `wl_output` proxy.
    let proxy: OpaquePointer
    /// Device pixels per point on this output (1 until the compositor says otherwise).
    private(set) var scale: Int = 1
    private var pendingScale: Int = 1
    /// Called on the main thread after this output's properties changed.
    var changed: (() -> Void)?

    init(globalName: UInt32, proxy: OpaquePointer) {
        self.globalName = globalName
        self.proxy = proxy
        wl_output_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Releases the proxy (`wl_output.release` where the version has it).
    func destroy() {
        if wl_output_get_version(proxy) >= 3 {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }

    private func applyPending() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        changed?()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) static let listener = makeListener(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { _, _, _, _, _, _ in },
        done: { data, _ in from(data).applyPending() },
        scale: { data, proxy, factor in
            let output = from(data)
            output.pendingScale = max(1, Int(factor))
            // Version 1 has no `done`: the scale applies at once.
            if let proxy, wl_output_get_version(proxy) < 2 { output.applyPending() }
        },
        name: { _, _, _ in },
        description: { _, _, _ in }
    ))
}
#endif
