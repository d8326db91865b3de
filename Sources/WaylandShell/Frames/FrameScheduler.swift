#if os(Linux)
/// When the window draws: the state machine behind `setNeedsDisplay`, `wl_surface.frame` and configure.
///
/// Pure logic (no Wayland calls) so it can be tested on its own; `WaylandWindow` performs the actions.
///
/// Rules:
/// - Nothing is drawn before the first configure. The first frame is drawn as soon as possible
///   (`.drawSoon`: on the next turn of the main queue, so a `draw` closure set right after
///   `WaylandWindow.init` is the one used), without waiting for a frame callback.
/// - Afterwards a redraw waits for the compositor's frame callback: `setNeedsDisplay` requests one
///   (`.requestFrame`: `wl_surface.frame` + commit) unless one is pending already.
/// - A configure that changes the size or scale redraws at once (`.drawNow`); one that changes
///   nothing is acknowledged with a plain commit (`.commit`).
/// - After a draw, the next frame callback is requested only if something asked for another
///   redraw meanwhile; an idle window requests none and is never woken up.
/// - `setNeedsDisplay` during a draw only marks the window dirty (it never commits mid-frame).
struct FrameScheduler {
    enum Action: Equatable {
        /// Nothing to do now.
        case none
        /// Request a frame callback and commit (no new buffer).
        case requestFrame
        /// Draw and commit now.
        case drawNow
        /// Draw on the next turn of the main queue (the first frame).
        case drawSoon
        /// Commit without a new buffer (applies an acknowledged configure).
        case commit
    }

    /// The contents are stale and a draw is wanted.
    private(set) var needsDisplay = false
    /// A `wl_surface.frame` callback was requested and has not fired yet.
    private(set) var isFrameCallbackPending = false
    /// The first `xdg_surface.configure` has been acknowledged.
    private(set) var isConfigured = false
    /// A buffer has been committed at least once (the surface is mapped).
    private(set) var hasCommittedFrame = false
    /// A `.drawSoon` was handed out and has not run yet.
    private(set) var isDrawSoonScheduled = false
    /// Between `beginDraw` and `endDraw`.
    private(set) var isDrawing = false

    /// The app wants a redraw.
    mutating func setNeedsDisplay() -> Action {
        needsDisplay = true
        guard isConfigured, !isDrawing else { return .none }
        guard hasCommittedFrame else { return scheduleDrawSoon() }
        guard !isFrameCallbackPending else { return .none }
        isFrameCallbackPending = true
        return .requestFrame
    }

    /// An `xdg_surface.configure` was acknowledged; `changed` says whether size or scale differ.
    mutating func configured(changed: Bool) -> Action {
        let isFirst = !isConfigured
        isConfigured = true
        if isFirst || changed { needsDisplay = true }
        if !hasCommittedFrame { return scheduleDrawSoon() }
        return changed ? .drawNow : .commit
    }

    /// The geometry changed outside a configure (e.g. the buffer scale after `wl_surface.enter`).
    mutating func geometryChanged() -> Action {
        setNeedsDisplay()
    }

    /// The pending `wl_surface.frame` callback fired.
    mutating func frameDone() -> Action {
        isFrameCallbackPending = false
        return needsDisplay ? .drawNow : .none
    }

    /// The `.drawSoon` handed out earlier is running now.
    mutating func drawSoonFired() -> Action {
        isDrawSoonScheduled = false
        return needsDisplay ? .drawNow : .none
    }

    /// A buffer came back from the compositor; a frame skipped for lack of one can be retried.
    mutating func bufferReleased() -> Action {
        guard needsDisplay, !isDrawing else { return .none }
        return setNeedsDisplay()
    }

    /// A draw begins (a buffer is in hand). Until `endDraw`, `setNeedsDisplay` only marks dirty.
    mutating func beginDraw() {
        isDrawing = true
    }

    /// The contents are about to be painted: what was dirty until now is covered by this frame.
    mutating func willPaint() {
        needsDisplay = false
    }

    /// The frame is about to be committed. Returns whether to request a frame callback in the
    /// same commit (something asked for another redraw and no callback is pending).
    mutating func endDraw() -> Bool {
        isDrawing = false
        hasCommittedFrame = true
        guard needsDisplay, !isFrameCallbackPending else { return false }
        isFrameCallbackPending = true
        return true
    }

    private mutating func scheduleDrawSoon() -> Action {
        guard !isDrawSoonScheduled else { return .none }
        isDrawSoonScheduled = true
        return .drawSoon
    }
}
#endif
