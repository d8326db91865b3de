import WaylandShell

/// Which of several receivers the pointer is over, and the enter and leave each is told as the
/// pointer moves between them (a Linux addition): the one place a window, a pane of it and an app
/// that splits its window synthesize them. Main thread.
public struct PointerFocus<Receiver: Equatable> {
    /// The receiver the pointer is over (nil: none, or it left the window).
    public private(set) var receiver: Receiver?

    public init() {}

    /// Passes `event` to `destination` (nil: none of them) through `send`. The receiver the pointer
    /// was over before, when another, first gets a frame of kind `leave` (no buttons) at the event's
    /// position; `destination` gets `event` with `enter` added when the pointer arrives. A frame that
    /// leaves the window goes to no receiver (only the leave of the one it was over).
    public mutating func route(_ event: WaylandPointerEvent, to destination: Receiver?,
                               send: (Receiver, WaylandPointerEvent) -> Void) {
        let target = event.kinds.contains(.leave) ? nil : destination
        let previous = receiver
        receiver = target
        if let previous, previous != target {
            var leave = event
            leave.kinds = .leave
            leave.buttons = []
            send(previous, leave)
        }
        guard let target else { return }
        var arriving = event
        if previous != target { arriving.kinds.insert(.enter) }
        send(target, arriving)
    }
}
