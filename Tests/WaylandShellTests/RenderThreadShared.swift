import Foundation

/// A value that a window's draw closure (on its render thread) and the test (on the main thread)
/// both use, behind a lock.
final class RenderThreadShared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.lock(); defer { lock.unlock() }
        return stored
    }

    /// Runs `body` on the value, alone.
    @discardableResult
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock(); defer { lock.unlock() }
        return body(&stored)
    }
}
