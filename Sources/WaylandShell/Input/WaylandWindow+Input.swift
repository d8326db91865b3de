#if os(Linux)
/// Input delivery: the connection's seats hand their assembled events to the window, which passes
/// them to the public callbacks (`didReceivePointerEvent`, `didReceiveTouchEvent`,
/// `didReceiveKeyEvent`, `didChangeKeyboardFocus`) and, when a trace is being written, writes one
/// `{"type":"pointer"|"touch"|"key",…}` line per event (`InputTraceRecord`). Main thread.
extension WaylandWindow: WaylandInputSink {
    func receive(_ event: WaylandPointerEvent) {
        trace?.write(InputTraceRecord.pointer(event))
        onMain { didReceivePointerEvent?(event) }
    }

    func receive(_ event: WaylandTouchEvent) {
        trace?.write(InputTraceRecord.touch(event))
        onMain { didReceiveTouchEvent?(event) }
    }

    func receive(_ event: WaylandKeyEvent) {
        trace?.write(InputTraceRecord.key(event))
        onMain { didReceiveKeyEvent?(event) }
    }

    func keyboardFocusChanged(_ hasFocus: Bool) {
        trace?.write(InputTraceRecord.focus(hasFocus))
        onMain { didChangeKeyboardFocus?(hasFocus) }
    }
}
#endif
