/// Views out of sight, waiting to be handed out again, by reuse key: a table's cells, a collection
/// view's cells and supplementary views. Taking one pops it in place (no copy of its queue).
struct ReuseQueues<Key: Hashable, View: AnyObject> {
    private var queues: [Key: [View]] = [:]

    /// Puts `view` in the queue of `key`.
    mutating func enqueue(_ view: View, for key: Key) {
        queues[key, default: []].append(view)
    }

    /// The view that waited last for `key`, taken out of its queue; nil when none waits.
    mutating func dequeue(_ key: Key) -> View? {
        queues[key]?.popLast()
    }
}
