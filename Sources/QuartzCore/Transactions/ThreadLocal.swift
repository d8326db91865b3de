import Foundation

/// One `Value` per thread, made by `make` the first time a thread asks, released when that thread
/// ends (per-thread state: transactions, text font maps, UIKit's context stack).
///
/// Read at every property change of every layer (the transaction stack), so it is a POSIX
/// thread-specific key: a thread dictionary lookup bridges its key to an `NSString` and allocates on
/// every read.
package final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        let created = pthread_key_create(&key) { value in
            if let value { Unmanaged<AnyObject>.fromOpaque(value).release() }
        }
        precondition(created == 0, "no thread-specific key left for per-thread state")
    }

    /// The calling thread's value.
    package var value: Value {
        if let stored = pthread_getspecific(key) { return Unmanaged<Value>.fromOpaque(stored).takeUnretainedValue() }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value as AnyObject).toOpaque())
        return value
    }
}
