#if os(Linux)
import CALinuxEGL
import CALinuxWaylandClient
import CALinuxWaylandProtocols
import Foundation
import Glibc

/// The render thread of a window: it owns the surface's frames.
///
/// Threading (the invariant of this type):
/// - One dedicated thread runs `run()`. It owns a `wl_event_queue` of its own, on which live the
///   frame callbacks, the `wl_buffer`s (through a `wl_shm` wrapper) and the presentation feedbacks
///   (through a `wp_presentation` wrapper); it is the only thread that reads the display socket once
///   started, and it attaches, damages and commits the surface. Events for the default queue
///   (configure, close, input, outputs) are read here too and dispatched on the main thread: after
///   each read it posts one (coalesced) `dispatchDefaultQueue` to the main queue.
/// - Other threads talk to it only through `Shared`, under `lock`, and wake it through a pipe:
///   `setNeedsDisplay`, `setNeedsDisplay(atTime:)`, `configure` (geometry + the serial to ack).
/// - A configure is acknowledged on this thread right before the commit of the first buffer of the
///   new size (or with a plain commit when nothing changed).
/// - A frame is drawn for a `wl_surface.frame` callback (the first one at once); the next callback
///   is requested only while something asked for a redraw: an idle window sleeps in `poll` with no
///   timeout, a hidden one (no callbacks) likewise.
///
/// Buffers: two strategies behind the same frame logic (pacing, damage, configure acks, feedback).
/// - Shared memory (`ShmBufferPool`): `draw` paints a `WaylandPixelBuffer`; the loop attaches,
///   damages and commits.
/// - An EGL window surface (`EGLWindowSurface`), when `egl` and `drawEGL` are set: made on this
///   thread at the first frame; `drawEGL` draws with OpenGL ES into its back buffer; the loop
///   requests the frame callback and the presentation feedback, then swaps (with damage when EGL
///   can), which attaches and commits. The swap interval is 0: frame callbacks stay the clock.
///   Every EGL call for the surface happens on this thread, never while it holds a read intent
///   (Mesa reads the socket on its own queue inside swaps). When EGL fails (the surface cannot be
///   made, a swap fails, `drawEGL` reports a GL failure), one line on stderr says what failed (the
///   renderer's own, for a GL failure), the surface is destroyed and the window goes on with shared
///   memory for good, drawing the same frame again there.
final class SurfaceRenderLoop: @unchecked Sendable {
    /// What other threads hand over (under `lock`).
    private struct Shared {
        var needsDisplay = false
        var wakeTime = Double.infinity
        var pendingConfigure: (serial: UInt32?, geometry: SurfaceGeometry)?
        var geometry: SurfaceGeometry
        var draw: (@Sendable (WaylandPixelBuffer) -> WaylandFrameResult)?
        var egl: WaylandEGLConfiguration?
        var drawEGL: (@Sendable (WaylandEGLFrame) -> WaylandFrameResult?)?
        var drawsWithEGL = false
        var trace: TraceWriter?
        var stopRequested = false
        var mainDispatchPending = false
        var framesCommitted = 0
        var statistics = FrameStatistics()
    }

    private let display: OpaquePointer
    private let queue: OpaquePointer
    private let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let shmWrapper: OpaquePointer
    private let presentationWrapper: OpaquePointer?
    /// The clock of `wp_presentation` timestamps.
    private let presentationClock: clockid_t
    /// The read and write ends of the pipe that wakes the render thread from `poll`.
    private let wakeFD: Int32
    private let wakeWriteFD: Int32
    private let lock = NSLock()
    private var shared: Shared
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    /// Main-thread hooks: dispatch the default queue; report a failure.
    private let dispatchDefaultQueue: () -> Void
    private let didFail: (WaylandError) -> Void
    private let connection: WaylandConnection

    // Render thread only.
    private var scheduler = FrameScheduler()
    private var pool: ShmBufferPool!
    private var frameCallback: OpaquePointer?
    private var committedBufferScale = 1
    /// The geometry whose viewport destination and window geometry were last set (nil: none yet).
    private var committedGeometry: SurfaceGeometry?
    /// The surface's `wp_viewport` (when the window uses fractional scale); requests only, any thread.
    private let viewport: OpaquePointer?
    private var geometry: SurfaceGeometry
    private var pacer = FramePacer()
    private var frameSequence = 0
    /// Frames committed with a buffer (buffer ages count these).
    private var shownFrames = 0
    private var drawSoonPending = false
    private var hasFailed = false
    private var lastSkipWarningFrame = -1
    private var pendingFeedbacks: [OpaquePointer: FeedbackRecord] = [:]
    private var lastPresentedForStatistics: Double?
    private var lastCallbackForStatistics: Double?
    private var callbackIsContinuous = false
    private var previousFrameRequestedNext = false
    /// The EGL strategy's surface while it is used (once EGL failed, `shared.egl` is nil for good).
    private var eglSurface: EGLWindowSurface?
    private var usedEGL = false
    /// Between `prepare_read_queue` and `read_events`/`cancel_read`: no EGL call may happen then.
    private var holdsReadIntent = false

    /// One committed frame awaiting its presentation feedback.
    private struct FeedbackRecord {
        var sequence: Int
        var target: Double
        var commit: Double
        /// The previous frame asked for this one at once (an animation runs): a gap between their
        /// presentations is a miss, not idle time.
        var followsPrevious: Bool
    }

    init(connection: WaylandConnection, surface: OpaquePointer, xdgSurface: OpaquePointer, viewport: OpaquePointer?,
         geometry: SurfaceGeometry,
         dispatchDefaultQueue: @escaping () -> Void, didFail: @escaping (WaylandError) -> Void) throws {
        self.connection = connection
        self.viewport = viewport
        display = connection.display
        guard let queue = wl_display_create_queue(display) else { throw connection.lastError() }
        self.queue = queue
        self.surface = surface
        self.xdgSurface = xdgSurface
        guard let shmWrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(connection.shm)) else {
            wl_event_queue_destroy(queue)
            throw connection.lastError()
        }
        self.shmWrapper = OpaquePointer(shmWrapper)
        wl_proxy_set_queue(OpaquePointer(shmWrapper), queue)
        // Presentation times are used on CLOCK_MONOTONIC (CACurrentMediaTime's clock); another clock
        // (weston prefers CLOCK_MONOTONIC_RAW) is mapped by the offset between the two clocks read
        // when the feedback arrives; a clock we cannot read leaves pacing to frame callbacks.
        var probe = timespec()
        if let presentation = connection.presentation, let clock = connection.presentationClock,
           clock_gettime(clock, &probe) == 0,
           let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(presentation)) {
            presentationWrapper = OpaquePointer(wrapper)
            presentationClock = clock
            wl_proxy_set_queue(OpaquePointer(wrapper), queue)
        } else {
            presentationWrapper = nil
            presentationClock = CLOCK_MONOTONIC
        }
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        wakeFD = ends[0]
        wakeWriteFD = ends[1]
        self.geometry = geometry
        shared = Shared(geometry: geometry)
        self.dispatchDefaultQueue = dispatchDefaultQueue
        self.didFail = didFail
        pool = ShmBufferPool(shm: self.shmWrapper)
        pool.bufferReleased = { [unowned self] in self.perform(self.scheduler.bufferReleased()) }
    }

    /// Starts the thread (once). The first configure must have been acknowledged.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "org.coreanimation.render"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// Stops the thread and destroys what lives on its queue (main thread; idempotent).
    func stop() {
        lock.lock()
        let wasRunning = thread != nil && !shared.stopRequested
        shared.stopRequested = true
        lock.unlock()
        if wasRunning {
            wake()
            finished.wait()
        }
        thread = nil
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        // Frames still waiting for their feedback get their trace lines now (presented: null), so
        // the trace ends with the last frame committed.
        let trace = self.trace
        for (feedback, record) in pendingFeedbacks.sorted(by: { $0.value.sequence < $1.value.sequence }) {
            wp_presentation_feedback_destroy(feedback)
            writeTrace(trace, record, presented: nil)
        }
        pendingFeedbacks = [:]
        trace?.flush()
        pool.destroyAll()
    }

    deinit {
        stop()
        if let presentationWrapper { wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(presentationWrapper)) }
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(shmWrapper))
        wl_event_queue_destroy(queue)
        if wakeFD >= 0 { close(wakeFD) }
        if wakeWriteFD >= 0 { close(wakeWriteFD) }
    }

    // MARK: Other threads

    var draw: (@Sendable (WaylandPixelBuffer) -> WaylandFrameResult)? {
        get { lock.lock(); defer { lock.unlock() }; return shared.draw }
        set { lock.lock(); shared.draw = newValue; lock.unlock() }
    }

    /// The EGL configuration to draw with (nil: shared memory only); taken at the next frame. Setting
    /// it wakes the thread, which dispatches what another thread may have read for its queue.
    var egl: WaylandEGLConfiguration? {
        get { lock.lock(); defer { lock.unlock() }; return shared.egl }
        set { lock.lock(); shared.egl = newValue; lock.unlock(); wake() }
    }

    var drawEGL: (@Sendable (WaylandEGLFrame) -> WaylandFrameResult?)? {
        get { lock.lock(); defer { lock.unlock() }; return shared.drawEGL }
        set { lock.lock(); shared.drawEGL = newValue; lock.unlock() }
    }

    /// Whether frames go to an EGL surface now (false before the first frame and after a fallback).
    var drawsWithEGL: Bool { lock.lock(); defer { lock.unlock() }; return shared.drawsWithEGL }

    var trace: TraceWriter? {
        get { lock.lock(); defer { lock.unlock() }; return shared.trace }
        set { lock.lock(); shared.trace = newValue; lock.unlock() }
    }

    var framesCommitted: Int { lock.lock(); defer { lock.unlock() }; return shared.framesCommitted }
    var statistics: FrameStatistics { lock.lock(); defer { lock.unlock() }; return shared.statistics }

    /// The geometry of the latest configure handed over (drawn at the next frame).
    var currentGeometry: SurfaceGeometry { lock.lock(); defer { lock.unlock() }; return shared.geometry }

    /// Asks for a frame at the next frame callback (any thread).
    func setNeedsDisplay() {
        if isRenderThread {
            perform(scheduler.setNeedsDisplay())
            return
        }
        lock.lock(); shared.needsDisplay = true; lock.unlock()
        wake()
    }

    /// Asks for a frame once media time `time` has come (the start of a delayed animation).
    func setNeedsDisplay(atTime time: Double) {
        lock.lock(); shared.wakeTime = min(shared.wakeTime, time); lock.unlock()
        if !isRenderThread { wake() }
    }

    /// A configure (or scale change) to apply: acked (when `serial` is given) before the next commit.
    func configure(serial: UInt32?, geometry: SurfaceGeometry) {
        lock.lock()
        if let previous = shared.pendingConfigure, serial == nil {
            shared.pendingConfigure = (previous.serial, geometry)
        } else {
            shared.pendingConfigure = (serial, geometry)
        }
        shared.geometry = geometry
        lock.unlock()
        wake()
    }

    private func wake() {
        var one: UInt8 = 1
        _ = Glibc.write(wakeWriteFD, &one, 1)   // a full pipe (EAGAIN) is awake already
    }

    private var isRenderThread: Bool { Thread.current === thread && thread != nil }

    // MARK: The loop

    private func run() {
        defer { finished.signal() }
        defer { releaseEGL() }
        // The first configure was acknowledged during `WaylandWindow.init`: draw the first frame now.
        perform(scheduler.configured(changed: true))
        while true {
            lock.lock()
            let stop = shared.stopRequested
            let configure = shared.pendingConfigure
            shared.pendingConfigure = nil
            let wanted = shared.needsDisplay
            shared.needsDisplay = false
            var wakeTime = shared.wakeTime
            let now = Self.monotonicNow()
            let timerDue = wakeTime <= now
            if timerDue { shared.wakeTime = .infinity; wakeTime = .infinity }
            let trace = shared.trace
            lock.unlock()
            if stop || hasFailed { return }

            if let configure { applyConfigure(serial: configure.serial, geometry: configure.geometry) }
            if wanted || timerDue { perform(scheduler.setNeedsDisplay()) }
            if drawSoonPending {
                drawSoonPending = false
                perform(scheduler.drawSoonFired())
            }
            if hasFailed { return }
            expireStaleFeedbacks()
            let feedbackDeadline = (pendingFeedbacks.values.map(\.commit).min() ?? .infinity) + Self.feedbackTimeout
            // The lines of this turn (a frame's, its feedback's, input's) go out in one write before
            // the thread sleeps: a killed program loses at most about a frame of its trace.
            trace?.flush()
            waitAndDispatch(until: drawSoonPending ? now : min(wakeTime, feedbackDeadline))
        }
    }

    /// Flushes, sleeps until the socket, the eventfd or `deadline` wakes us, reads and dispatches.
    private func waitAndDispatch(until deadline: Double) {
        while wl_display_prepare_read_queue(display, queue) != 0 {
            guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { return fail() }
        }
        var wantsWrite = false
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN { wantsWrite = true } else if errno != EPIPE { wl_display_cancel_read(display); return fail() }
        }
        holdsReadIntent = true
        var fds = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0),
                   pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        if deadline.isFinite {
            timeout = Int32(max(0, min((deadline - Self.monotonicNow()) * 1000, 3_600_000)).rounded(.up))
        }
        let ready = poll(&fds, 2, timeout)
        if ready > 0, fds[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            let read = wl_display_read_events(display)
            holdsReadIntent = false
            guard read >= 0 else { return fail() }
            postMainDispatch()
        } else {
            wl_display_cancel_read(display)
            holdsReadIntent = false
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            while Glibc.read(wakeFD, &drain, 64) > 0 {}
        }
        guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { return fail() }
    }

    /// Has the main thread dispatch what was read for the default queue (at most one pending post).
    private func postMainDispatch() {
        lock.lock()
        let alreadyPending = shared.mainDispatchPending
        shared.mainDispatchPending = true
        lock.unlock()
        guard !alreadyPending else { return }
        DispatchQueue.main.async { [self] in
            lock.lock(); shared.mainDispatchPending = false; lock.unlock()
            dispatchDefaultQueue()
        }
    }

    private func fail() {
        guard !hasFailed else { return }
        hasFailed = true
        let error = connection.lastError()
        DispatchQueue.main.async { [didFail] in didFail(error) }
    }

    // MARK: Frames (render thread)

    private func applyConfigure(serial: UInt32?, geometry newGeometry: SurfaceGeometry) {
        let changed = newGeometry != geometry
        geometry = newGeometry
        if let serial { xdg_surface_ack_configure(xdgSurface, serial) }
        if serial == nil && !changed { return }
        if serial == nil {
            perform(scheduler.geometryChanged())
        } else {
            perform(scheduler.configured(changed: changed))
        }
    }

    private func perform(_ action: FrameScheduler.Action?) {
        guard let action, !hasFailed else { return }
        switch action {
        case .none:
            break
        case .requestFrame:
            requestFrameCallback()
            wl_surface_commit(surface)
        case .drawNow:
            drawFrame()
        case .drawSoon:
            drawSoonPending = true
        case .commit:
            wl_surface_commit(surface)
        }
    }

    /// Draws a frame with the buffer strategy in use: the EGL surface while EGL works (made at the
    /// first frame that wants it), else shared memory (also for the frame whose EGL drawing failed).
    private func drawFrame() {
        lock.lock()
        let configuration = shared.egl
        let drawEGL = shared.drawEGL
        lock.unlock()
        if eglSurface == nil, let configuration, drawEGL != nil { startEGL(configuration) }
        if let egl = eglSurface {
            if let drawEGL {
                let done = drawFrame(on: egl, with: drawEGL)
                handOnEventsReadByEGL()
                if done { return }
            } else {
                stopEGL(reason: nil)
            }
        }
        drawSharedMemoryFrame()
    }

    /// Paints a free buffer and commits it. Skips the frame (staying dirty) when no buffer is free.
    private func drawSharedMemoryFrame() {
        guard let buffer = pool.acquire(width: geometry.pixelWidth, height: geometry.pixelHeight) else {
            if pool.bufferCount >= ShmBufferPool.maximumBufferCount, lastSkipWarningFrame != frameSequence {
                lastSkipWarningFrame = frameSequence
                Diagnostics.warn("all \(ShmBufferPool.maximumBufferCount) window buffers are held by the compositor; skipping a frame")
            }
            return
        }
        scheduler.beginDraw()
        scheduler.willPaint()
        let target = pacer.targetTime(now: Self.monotonicNow())
        let age = buffer.drawnFrame.map { shownFrames - $0 + 1 } ?? 0
        let pixels = WaylandPixelBuffer(data: buffer.data, width: buffer.width, height: buffer.height,
                                        bytesPerRow: buffer.bytesPerRow, scale: geometry.scale,
                                        contentScale: geometry.contentScale, targetTime: target,
                                        refreshInterval: pacer.refresh, age: age)
        let result: WaylandFrameResult
        if let draw = self.draw {
            result = draw(pixels)
        } else {
            pixels.fill(argb: 0xFFFF_FFFF)
            result = .wholeBuffer
        }
        _ = finishFrame(result, target: target) { [self] damage in
            wl_surface_attach(surface, buffer.proxy, 0, 0)
            let damaged = self.damage(damage, of: buffer)
            buffer.isBusy = true
            shownFrames += 1
            buffer.drawnFrame = shownFrames
            wl_surface_commit(surface)
            return damaged
        }
    }

    /// Draws into the EGL surface's back buffer and swaps. Returns false when EGL or GL failed (the
    /// surface is gone then, and the frame is to be drawn with shared memory); true when the frame
    /// is done (or the connection failed meanwhile).
    private func drawFrame(on egl: EGLWindowSurface, with drawEGL: @Sendable (WaylandEGLFrame) -> WaylandFrameResult?) -> Bool {
        precondition(!holdsReadIntent, "an EGL call while the render thread holds a read intent would wait for itself")
        scheduler.beginDraw()
        scheduler.willPaint()
        let target = pacer.targetTime(now: Self.monotonicNow())
        let width = geometry.pixelWidth, height = geometry.pixelHeight
        egl.resize(width: width, height: height)
        let age: Int
        do {
            age = try egl.bufferAge()
        } catch {
            return eglFailed("\(error)")
        }
        let frame = WaylandEGLFrame(surface: egl.surface!, width: width, height: height, scale: geometry.scale,
                                    contentScale: geometry.contentScale, targetTime: target,
                                    refreshInterval: pacer.refresh, age: age)
        guard let result = drawEGL(frame) else {
            stopEGL(reason: nil)   // the renderer said why
            return false
        }
        var swapError: Error?
        let presented = finishFrame(result, target: target) { damage in
            do {
                try egl.swap(damage: damage)
            } catch {
                swapError = error
                return nil
            }
            guard let damage, egl.swapsWithDamage else { return width * height }
            return Self.area(of: damage, width: width, height: height)
        }
        if presented { return true }
        return eglFailed(swapError.map { "\($0)" } ?? "the swap failed")
    }

    /// An EGL call failed: when the connection itself broke (Mesa's reads inside the call saw it),
    /// the window fails as it would without EGL (returns true: nothing more to draw); otherwise
    /// EGL is left with one line naming `reason` (returns false: draw with shared memory).
    private func eglFailed(_ reason: String) -> Bool {
        if wl_display_get_error(display) != 0 {
            fail()
            return true
        }
        stopEGL(reason: reason)
        return false
    }

    /// After a draw: schedules the next change, and unless nothing changed commits the frame's
    /// surface state, asks for the next frame callback and the presentation feedback, and has
    /// `present` attach and commit (or swap) the damaged rectangles (nil: everything), which returns
    /// the pixels damaged or nil when it failed (the feedback made for it is dropped then; the
    /// frame callback and surface state go with the next commit). Returns false when `present` failed.
    private func finishFrame(_ result: WaylandFrameResult, target: Double, present: ([WaylandRect]?) -> Int?) -> Bool {
        scheduleChange(at: result.nextChangeTime, frameTarget: target)
        let unchanged = result.damage?.isEmpty == true && geometry == committedGeometry
            && geometry.scale == committedBufferScale
        if unchanged {
            // Nothing new to show: no buffer, only the next frame callback if one is wanted.
            if scheduler.endDraw() {
                requestFrameCallback()
                wl_surface_commit(surface)
            }
            lock.lock(); shared.statistics.unchangedFrames += 1; lock.unlock()
            if wl_display_flush(display) < 0, errno != EAGAIN, errno != EPIPE { fail() }
            return true
        }
        let newGeometry = geometry != committedGeometry || geometry.scale != committedBufferScale
        if geometry.scale != committedBufferScale {
            wl_surface_set_buffer_scale(surface, Int32(geometry.scale))
            committedBufferScale = geometry.scale
        }
        if geometry != committedGeometry { commitSurfaceState(for: geometry) }
        let requestsNext = scheduler.endDraw()
        if requestsNext { requestFrameCallback() }
        frameSequence += 1
        let record = FeedbackRecord(sequence: frameSequence, target: target, commit: Self.monotonicNow(),
                                    followsPrevious: previousFrameRequestedNext)
        expireStaleFeedbacks()
        var feedback: OpaquePointer?
        if let presentationWrapper, let made = wp_presentation_feedback(presentationWrapper, surface) {
            feedback = made
            pendingFeedbacks[made] = record
            wp_presentation_feedback_add_listener(made, Self.feedbackListener, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let damaged = present(newGeometry ? nil : result.damage) else {
            if let feedback {
                pendingFeedbacks[feedback] = nil
                wp_presentation_feedback_destroy(feedback)
            }
            frameSequence -= 1
            return false
        }
        previousFrameRequestedNext = requestsNext
        lock.lock()
        shared.framesCommitted += 1
        shared.statistics.damagedPixels += damaged
        let trace = shared.trace
        lock.unlock()
        if presentationWrapper == nil { writeTrace(trace, record, presented: nil) }
        if wl_display_flush(display) < 0, errno != EAGAIN, errno != EPIPE { fail() }
        return true
    }

    /// The pixels of `rects` inside a `width` × `height` buffer (overlaps counted twice).
    private static func area(of rects: [WaylandRect], width: Int, height: Int) -> Int {
        rects.reduce(0) { sum, r in
            let w = min(width, r.x + r.width) - max(0, r.x), h = min(height, r.y + r.height) - max(0, r.y)
            return sum + max(0, w) * max(0, h)
        }
    }

    // MARK: EGL (render thread)

    /// Makes the EGL surface; on failure says so once and stays with shared memory.
    private func startEGL(_ configuration: WaylandEGLConfiguration) {
        precondition(!holdsReadIntent, "an EGL call while the render thread holds a read intent would wait for itself")
        usedEGL = true
        do {
            eglSurface = try EGLWindowSurface(configuration: configuration, surface: surface,
                                              width: geometry.pixelWidth, height: geometry.pixelHeight)
            lock.lock(); shared.drawsWithEGL = true; lock.unlock()
        } catch {
            leaveEGL()
            Self.reportFallback(error)
        }
        handOnEventsReadByEGL()
    }

    /// Leaves EGL for good: destroys the surface (after one line naming `reason`, when given).
    private func stopEGL(reason: String?) {
        eglSurface?.destroy()
        eglSurface = nil
        leaveEGL()
        if let reason { Self.reportFallback(reason) }
    }

    /// Forgets the EGL configuration: every frame from now on is drawn in shared memory.
    private func leaveEGL() {
        lock.lock()
        shared.egl = nil
        shared.drawsWithEGL = false
        lock.unlock()
    }

    /// The end of the thread: the EGL surface goes, and EGL forgets the thread (no context stays
    /// current on it).
    private func releaseEGL() {
        eglSurface?.destroy()
        eglSurface = nil
        if usedEGL { eglReleaseThread() }
    }

    /// Mesa may have read the socket inside an EGL call: events it read for this thread's queue are
    /// dispatched by the loop's next turn (`prepare_read_queue` fails while the queue holds some);
    /// those for the default queue are handed to the main thread here, since no read of ours will
    /// announce them.
    private func handOnEventsReadByEGL() {
        if wl_display_prepare_read(display) != 0 {
            postMainDispatch()
        } else {
            wl_display_cancel_read(display)
        }
    }

    /// The one line on stderr that says GL gave way to software (the line of the renderer's own
    /// failures too, `CARenderBackend.reportFallback`, whichever step failed).
    private static func reportFallback(_ reason: Any) {
        report("OpenGL ES renderer unavailable: \(reason); drawing in software")
    }

    /// One line on stderr.
    private static func report(_ line: String) {
        (line + "\n").withCString { pointer in _ = fputs(pointer, stderr) }
        fflush(stderr)
    }

    /// Damages `rects` of the attached `buffer` (nil: all of it); returns the pixels damaged.
    private func damage(_ rects: [WaylandRect]?, of buffer: ShmBuffer) -> Int {
        guard let rects else {
            wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
            return buffer.width * buffer.height
        }
        var area = 0
        for r in rects {
            let x0 = max(0, r.x), y0 = max(0, r.y)
            let x1 = min(buffer.width, r.x + r.width), y1 = min(buffer.height, r.y + r.height)
            guard x1 > x0, y1 > y0 else { continue }
            wl_surface_damage_buffer(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
            area += (x1 - x0) * (y1 - y0)
        }
        return area
    }

    /// Asks for the frame in which the picture next changes: the next frame callback when that is
    /// within about a refresh of this frame's target, a wake-up at that time when later, nothing
    /// when never.
    private func scheduleChange(at time: Double, frameTarget: Double) {
        guard !time.isNaN, time.isFinite else { return }
        if time - frameTarget < pacer.refresh * 1.25 {
            perform(scheduler.setNeedsDisplay())   // during a draw: marks dirty; endDraw asks for the callback
        } else {
            lock.lock(); shared.wakeTime = min(shared.wakeTime, time); lock.unlock()
        }
    }

    /// The double-buffered state that goes with a buffer of a new size, set before its commit: the
    /// window geometry (the whole surface: decorations drawn by the client are part of the window,
    /// and nothing is drawn outside it) and, at a fractional scale, the viewport destination (the
    /// logical size, so the compositor shows the larger buffer at that size; -1 unsets it).
    private func commitSurfaceState(for geometry: SurfaceGeometry) {
        xdg_surface_set_window_geometry(xdgSurface, 0, 0, Int32(geometry.width), Int32(geometry.height))
        if let viewport {
            if geometry.isFractional {
                wp_viewport_set_destination(viewport, Int32(geometry.width), Int32(geometry.height))
            } else if committedGeometry?.isFractional == true {
                wp_viewport_set_destination(viewport, -1, -1)
            }
        }
        committedGeometry = geometry
    }

    private func requestFrameCallback() {
        guard frameCallback == nil else { return }
        // The callback is made through a surface wrapper on our queue, so its `done` can never be
        // dispatched on the main thread's queue.
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(surface)) else { return }
        wl_proxy_set_queue(OpaquePointer(wrapper), queue)
        let callback = wl_surface_frame(OpaquePointer(wrapper))
        wl_proxy_wrapper_destroy(wrapper)
        guard let callback else { return }
        frameCallback = callback
        wl_callback_add_listener(callback, Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private func handleFrameDone(_ callback: OpaquePointer?, milliseconds: UInt32) {
        if let callback { wl_callback_destroy(callback) }
        if callback == frameCallback { frameCallback = nil }
        let now = Self.monotonicNow()
        pacer.frameCallback(milliseconds: milliseconds, now: now)
        if pacer.lastPresented == nil, let time = pacer.lastCallback {
            // Without feedback, frames that took more than one refresh show as gaps between callbacks.
            if callbackIsContinuous, let last = lastCallbackForStatistics {
                countMissed(interval: time - last)
            }
            lastCallbackForStatistics = time
        }
        let action = scheduler.frameDone()
        callbackIsContinuous = action == .drawNow
        perform(action)
    }

    private func handleFeedback(_ feedback: OpaquePointer?, presented: Double?, refresh: Double) {
        guard let feedback, let record = pendingFeedbacks.removeValue(forKey: feedback) else { return }
        wp_presentation_feedback_destroy(feedback)
        var presented = presented
        if let time = presented, presentationClock != CLOCK_MONOTONIC {
            var other = timespec()
            clock_gettime(presentationClock, &other)
            presented = time + Self.monotonicNow() - (Double(other.tv_sec) + Double(other.tv_nsec) / 1e9)
        }
        if let presented {
            pacer.presented(at: presented, refresh: refresh)
            lock.lock()
            shared.statistics.framesPresented += 1
            lock.unlock()
            if record.followsPrevious, let last = lastPresentedForStatistics { countMissed(interval: presented - last) }
            lastPresentedForStatistics = presented
        } else {
            lock.lock(); shared.statistics.framesDiscarded += 1; lock.unlock()
        }
        writeTrace(trace, record, presented: presented)
    }

    /// Gives up on feedbacks more than `feedbackPatience` frames or `feedbackTimeout` seconds old:
    /// some compositors (sway's headless output) never answer them. Their trace lines say
    /// `presented: null`. (The loop wakes once for the timeout of the oldest: no spinning.)
    private func expireStaleFeedbacks() {
        guard !pendingFeedbacks.isEmpty else { return }
        let trace = self.trace
        let old = Self.monotonicNow() - Self.feedbackTimeout
        func isStale(_ record: FeedbackRecord) -> Bool {
            record.sequence <= frameSequence - Self.feedbackPatience || record.commit <= old
        }
        // Most frames expire nothing: the sorted copy (an allocation) only when one is stale.
        guard pendingFeedbacks.values.contains(where: isStale) else { return }
        for (feedback, record) in pendingFeedbacks.sorted(by: { $0.value.sequence < $1.value.sequence })
        where isStale(record) {
            pendingFeedbacks[feedback] = nil
            wp_presentation_feedback_destroy(feedback)
            writeTrace(trace, record, presented: nil)
        }
    }

    static let feedbackPatience = 8
    static let feedbackTimeout = 0.25

    /// Counts the refresh cycles skipped in `interval` between two consecutive frames of an animation.
    private func countMissed(interval: Double) {
        let cycles = (interval / pacer.refresh).rounded()
        guard cycles > 1, cycles < 600 else { return }   // longer gaps are idle time, not misses
        lock.lock(); shared.statistics.missedFrames += Int(cycles) - 1; lock.unlock()
    }

    private func writeTrace(_ trace: TraceWriter?, _ record: FeedbackRecord, presented: Double?) {
        trace?.write(["type": "frame", "seq": record.sequence, "target": record.target, "commit": record.commit,
                      "presented": presented])
    }

    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> SurfaceRenderLoop {
        Unmanaged<SurfaceRenderLoop>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let frameListener = makeListener(wl_callback_listener(
        done: { data, callback, time in from(data).handleFrameDone(callback, milliseconds: time) }
    ))

    nonisolated(unsafe) private static let feedbackListener = makeListener(wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
            let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow))
            from(data).handleFeedback(feedback, presented: seconds + Double(nanoseconds) / 1e9,
                                      refresh: Double(refresh) / 1e9)
        },
        discarded: { data, feedback in from(data).handleFeedback(feedback, presented: nil, refresh: 0) }
    ))
}

/// What a window's render thread counted (a Linux addition, for benchmarks and tests).
public struct FrameStatistics: Sendable {
    /// Frames whose presentation feedback said `presented`.
    public var framesPresented = 0
    /// Frames whose feedback said `discarded` (replaced before being shown).
    public var framesDiscarded = 0
    /// Refresh cycles skipped while an animation ran: from presentation times when the compositor
    /// reports them, from frame-callback spacing otherwise.
    public var missedFrames = 0
    /// Device pixels sent as damage with committed buffers (a whole buffer counts all of its pixels).
    public var damagedPixels = 0
    /// Frames drawn in which nothing changed (no buffer was committed).
    public var unchangedFrames = 0
}
#endif
