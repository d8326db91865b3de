#if os(Linux)
import CALinuxWaylandClient
import Glibc

/// Where a seat's events go: the window of the connection (one window per connection).
protocol WaylandInputSink: AnyObject {
    func receive(_ event: WaylandPointerEvent)
    func receive(_ event: WaylandTouchEvent)
    func receive(_ event: WaylandKeyEvent)
    func keyboardFocusChanged(_ hasFocus: Bool)
}

/// One `wl_seat`: a group of input devices (pointer, keyboard, touch) with one focus.
///
/// The devices follow `wl_seat.capabilities`: a `wl_pointer`, `wl_keyboard` or `wl_touch` is created
/// when its capability appears and released when it goes. Their listeners feed the pure assemblers
/// (`PointerFrameAssembler`, `TouchFrameAssembler`, `KeyboardInput`), whose events go to `sink`.
/// All on the main thread: the proxies live on the display's default queue, which the main run loop
/// dispatches (`RunLoopIntegration`).
final class WaylandSeat {
    /// The newest `wl_seat` version this client speaks: 8 brings `wl_pointer.axis_value120`, the last
    /// event libwayland 1.21's listener structs know (version 9's `axis_relative_direction` is newer).
    static let maximumVersion: UInt32 = 8

    /// The registry name of the global (used by `wl_registry.global_remove`).
    let globalName: UInt32
    let proxy: OpaquePointer
    let version: UInt32
    private unowned let connection: WaylandConnection
    /// The seat's name (`wl_seat.name`, version 2), e.g. "seat0".
    private(set) var name: String?
    weak var sink: WaylandInputSink?

    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var touch: OpaquePointer?
    private var pointerFrame = PointerFrameAssembler()
    private var touchFrame = TouchFrameAssembler()
    private var keyboardInput: KeyboardInput?
    /// Made at the first enter (never during the connection's deinit, where `connection` must not be read).
    private var cursor: PointerCursor?
    /// Set after the first `wl_seat.capabilities` (sent at bind time, during the connection's set-up).
    private var hasReceivedCapabilities = false

    init(globalName: UInt32, proxy: OpaquePointer, connection: WaylandConnection) {
        self.globalName = globalName
        self.proxy = proxy
        self.version = wl_seat_get_version(proxy)
        self.connection = connection
        wl_seat_add_listener(proxy, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Releases the devices, the cursor and the seat (the connection is closing, or the seat went away).
    func destroy() {
        releasePointer()
        releaseKeyboard()
        releaseTouch()
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// Whether the device proxies exist (for tests and diagnostics).
    var hasPointer: Bool { pointer != nil }
    var hasKeyboard: Bool { keyboard != nil }
    var hasTouch: Bool { touch != nil }

    // MARK: Capabilities

    private func handleCapabilities(_ capabilities: UInt32) {
        let userData = Unmanaged.passUnretained(self).toOpaque()
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0

        if hasPointer, pointer == nil, let created = wl_seat_get_pointer(proxy) {
            pointer = created
            pointerFrame = PointerFrameAssembler()
            wl_pointer_add_listener(created, Self.pointerListener, userData)
        } else if !hasPointer, pointer != nil {
            releasePointer()
        }

        if hasKeyboard, keyboard == nil, let input = KeyboardInput(), let created = wl_seat_get_keyboard(proxy) {
            keyboard = created
            // A keyboard that was not there at the first `capabilities` appeared while the window was up.
            input.deliversKeysHeldAtFirstEnter = hasReceivedCapabilities
            input.deliverKey = { [weak self] event in self?.sink?.receive(event) }
            input.deliverFocus = { [weak self] focus in self?.sink?.keyboardFocusChanged(focus) }
            keyboardInput = input
            wl_keyboard_add_listener(created, Self.keyboardListener, userData)
        } else if !hasKeyboard, keyboard != nil {
            releaseKeyboard()
        }

        if hasTouch, touch == nil, let created = wl_seat_get_touch(proxy) {
            touch = created
            touchFrame = TouchFrameAssembler()
            wl_touch_add_listener(created, Self.touchListener, userData)
        } else if !hasTouch, touch != nil {
            releaseTouch()
        }
        hasReceivedCapabilities = true
    }

    private func releasePointer() {
        guard let pointer else { return }
        // A pointer that goes away while over the window ends with a leave.
        if pointerFrame.isInside {
            pointerFrame.leave(serial: 0)
            deliverPointerFrame()
        }
        if wl_pointer_get_version(pointer) >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
        self.pointer = nil
        cursor?.destroy()
        cursor = nil
    }

    private func releaseKeyboard() {
        guard let keyboard else { return }
        if let keyboardInput, keyboardInput.hasFocus { keyboardInput.leave() }
        keyboardInput = nil
        if wl_keyboard_get_version(keyboard) >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
        self.keyboard = nil
    }

    private func releaseTouch() {
        guard let touch else { return }
        if let event = touchFrame.cancel(now: InputClock.now()) { sink?.receive(event) }
        if wl_touch_get_version(touch) >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
        self.touch = nil
    }

    // MARK: Pointer

    /// Before version 5 the compositor sends no `frame`: every event is a frame of its own.
    private func pointerEventEnded() {
        if version < 5 { deliverPointerFrame() }
    }

    private func deliverPointerFrame() {
        if let event = pointerFrame.frame(now: InputClock.now()) { sink?.receive(event) }
    }

    private func pointerEntered(serial: UInt32, x: Double, y: Double) {
        pointerFrame.enter(serial: serial, x: x, y: y)
        if let pointer {
            if cursor == nil { cursor = PointerCursor(connection: connection) }
            cursor?.show(on: pointer, serial: serial)
        }
        pointerEventEnded()
    }

    // MARK: Listeners

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandSeat {
        Unmanaged<WaylandSeat>.fromOpaque(data!).takeUnretainedValue()
    }

    /// wl_fixed_t (24.8 fixed point) to a Double.
    private static func double(_ value: wl_fixed_t) -> Double {
        Double(value) / 256
    }

    /// The key codes of a `wl_keyboard.enter` array (`uint32` each).
    private static func keyCodes(in array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.stride
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
    }

    nonisolated(unsafe) private static let seatListener = makeListener(wl_seat_listener(
        capabilities: { data, _, capabilities in from(data).handleCapabilities(capabilities) },
        name: { data, _, name in from(data).name = name.map { String(cString: $0) } }
    ))

    nonisolated(unsafe) private static let pointerListener = makeListener(wl_pointer_listener(
        enter: { data, _, serial, _, x, y in
            from(data).pointerEntered(serial: serial, x: double(x), y: double(y))
        },
        leave: { data, _, serial, _ in
            let seat = from(data)
            seat.pointerFrame.leave(serial: serial)
            seat.pointerEventEnded()
        },
        motion: { data, _, time, x, y in
            let seat = from(data)
            seat.pointerFrame.motion(timestampMilliseconds: time, x: double(x), y: double(y))
            seat.pointerEventEnded()
        },
        button: { data, _, serial, time, button, state in
            let seat = from(data)
            seat.connection.latestButtonSeat = seat.proxy
            seat.pointerFrame.button(serial: serial, timestampMilliseconds: time, code: button, state: state)
            seat.pointerEventEnded()
        },
        axis: { data, _, time, axis, value in
            let seat = from(data)
            seat.pointerFrame.axis(timestampMilliseconds: time, axis: axis, value: double(value))
            seat.pointerEventEnded()
        },
        frame: { data, _ in from(data).deliverPointerFrame() },
        axis_source: { data, _, source in from(data).pointerFrame.axisSource(source) },
        axis_stop: { data, _, time, axis in from(data).pointerFrame.axisStop(timestampMilliseconds: time, axis: axis) },
        axis_discrete: { data, _, axis, discrete in from(data).pointerFrame.axisDiscrete(axis: axis, discrete: discrete) },
        axis_value120: { data, _, axis, value120 in from(data).pointerFrame.axisValue120(axis: axis, value120: value120) }
    ))

    nonisolated(unsafe) private static let keyboardListener = makeListener(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let input = from(data).keyboardInput else {
                close(fd)  // no_keymap (or no input): nothing to read
                return
            }
            input.keymap(fd: fd, size: size)
        },
        enter: { data, _, serial, _, keys in
            from(data).keyboardInput?.enter(serial: serial, heldKeys: keyCodes(in: keys))
        },
        leave: { data, _, _, _ in from(data).keyboardInput?.leave() },
        key: { data, _, serial, time, key, state in
            from(data).keyboardInput?.key(serial: serial, timestampMilliseconds: time, keyCode: key, state: state)
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            from(data).keyboardInput?.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        },
        repeat_info: { data, _, rate, delay in from(data).keyboardInput?.repeatInfo(rate: rate, delay: delay) }
    ))

    nonisolated(unsafe) private static let touchListener = makeListener(wl_touch_listener(
        down: { data, _, serial, time, _, id, x, y in
            from(data).touchFrame.down(serial: serial, timestampMilliseconds: time, id: id, x: double(x), y: double(y))
        },
        up: { data, _, serial, time, id in
            from(data).touchFrame.up(serial: serial, timestampMilliseconds: time, id: id)
        },
        motion: { data, _, time, id, x, y in
            from(data).touchFrame.motion(timestampMilliseconds: time, id: id, x: double(x), y: double(y))
        },
        frame: { data, _ in
            let seat = from(data)
            if let event = seat.touchFrame.frame(now: InputClock.now()) { seat.sink?.receive(event) }
        },
        cancel: { data, _ in
            let seat = from(data)
            if let event = seat.touchFrame.cancel(now: InputClock.now()) { seat.sink?.receive(event) }
        },
        shape: { data, _, id, major, minor in
            from(data).touchFrame.shape(id: id, major: double(major), minor: double(minor))
        },
        orientation: { data, _, id, orientation in
            from(data).touchFrame.orientation(id: id, degrees: double(orientation))
        }
    ))
}
#endif
