import Foundation

extension CALayer {
    /// What the screen showed for `key` before its first change in the current transaction (the
    /// presentation value then), or nil when the key has not changed (or its change ran no action:
    /// actions disabled, or the layer not in a rendered tree). UIKit's keyframe animations start from it.
    package func valueBeforeCurrentTransaction(forKey key: String) -> Any? {
        previousPresentationValues[key]
    }
}
