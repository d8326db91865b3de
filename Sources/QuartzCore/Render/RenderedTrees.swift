import Foundation

/// The layer trees that are being rendered (shown in a window or drawn by a `CARenderer`).
/// Actions, and so implicit animations, run only for layers in such a tree.
enum RenderedTrees {
    private final class WeakRoot {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var roots: [ObjectIdentifier: WeakRoot] = [:]

    static func add(_ root: CALayer) {
        lock.lock(); defer { lock.unlock() }
        roots = roots.filter { $0.value.layer != nil }
        roots[ObjectIdentifier(root)] = WeakRoot(root)
    }

    static func remove(_ root: CALayer) {
        lock.lock(); defer { lock.unlock() }
        roots[ObjectIdentifier(root)] = nil
    }

    static func contains(_ root: CALayer) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return roots[ObjectIdentifier(root)]?.layer === root
    }
}

extension CALayer {
    /// Whether this layer belongs to a tree that is being rendered.
    var isInRenderedTree: Bool { RenderedTrees.contains(renderTreeRoot) }

    /// Marks this layer's tree as rendered (a window shows it), so that its actions run.
    package func markTreeAsRendered() { RenderedTrees.add(self) }
}
