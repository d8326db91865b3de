import Foundation

/// The calling thread's object under `key` in its thread dictionary, made by `make` the first time
/// (per-thread state: transactions, text font maps, UIKit's context stack).
package func threadLocal<Value: AnyObject>(_ key: String, _ make: () -> Value) -> Value {
    let dictionary = Thread.current.threadDictionary
    if let value = dictionary[key] as? Value { return value }
    let value = make()
    dictionary[key] = value
    return value
}
