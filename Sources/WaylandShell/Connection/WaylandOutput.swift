#if os(Linux)
import CALinuxWaylandClient

/// One `wl_output` global: the integer scale the compositor reports for it and its current mode.
///
/// Output properties arrive as a batch closed by `wl_output.done` (version 2+); `scale` and the mode
/// are updated when the batch is done, then `changed` runs so windows on this output can pick a new
/// buffer scale.
final class WaylandOutput {
    /// The registry name of the global (used by `wl_registry.global_remove`).
    let globalName: UInt32
    /// The bound `wl_output` proxy.
    let proxy: OpaquePointer
    /// Device pixels per point on this output (1 until the compositor says otherwise).
    private(set) var scale: Int = 1
    private var pendingScale: Int = 1
    /// The current mode in device pixels (0 until the compositor sends one), and whether the output
    /// is turned a quarter (`wl_output.geometry`'s transform 90, 270 or their flipped forms).
    private(set) var modeWidth = 0
    private(set) var modeHeight = 0
    private(set) var isRotated = false
    private var pending = (width: 0, height: 0, rotated: false)

    /// The most the output can show, in points: its mode over its scale, turned with the output; nil
    /// while no mode is known. Where scales may be fractional, `wl_output.scale` is the real scale
    /// rounded up (2 for 1.25), so the mode is divided by the least the real scale can be (more
    /// than `scale` - 1, at least 1).
    func logicalSize(fractionalScales: Bool) -> (width: Int, height: Int)? {
        guard modeWidth > 0, modeHeight > 0 else { return nil }
        let divisor = fractionalScales ? max(scale - 1, 1) : scale
        let width = modeWidth / divisor, height = modeHeight / divisor
        return isRotated ? (height, width) : (width, height)
    }
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
        guard pendingScale != scale || pending != (modeWidth, modeHeight, isRotated) else { return }
        scale = pendingScale
        (modeWidth, modeHeight, isRotated) = pending
        changed?()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) static let listener = makeListener(wl_output_listener(
        geometry: { data, _, _, _, _, _, _, _, _, transform in
            from(data).pending.rotated = transform % 2 == 1  // 90, 270, flipped-90, flipped-270
        },
        mode: { data, proxy, flags, width, height, _ in
            guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
            let output = from(data)
            output.pending.width = max(0, Int(width))
            output.pending.height = max(0, Int(height))
            if let proxy, wl_output_get_version(proxy) < 2 { output.applyPending() }
        },
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

extension WaylandConnection {
    /// The largest area (in points) an output of this connection shows, or nil when no output has
    /// told its mode: the most a window can usefully be.
    var largestOutputSize: (width: Int, height: Int)? {
        let fractional = fractionalScaleManager != nil
        return outputs.compactMap { $0.logicalSize(fractionalScales: fractional) }
            .max { $0.width * $0.height < $1.width * $1.height }
    }
}
#endif
