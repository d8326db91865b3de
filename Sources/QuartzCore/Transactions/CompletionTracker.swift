import Foundation

/// Waits for the animations added during one transaction: once the transaction has committed
/// and every one of them has finished or been removed, it runs the completion block (on the main
/// thread), exactly once. A transaction without animations completes at its commit.
final class CompletionTracker {
    private var pending = 0
    private var committed = false
    private var fired = false
    var block: (() -> Void)?

    func animationAdded() { pending += 1 }

    func animationEnded() {
        pending -= 1
        fireIfDone()
    }

    /// The transaction (and its outermost transaction) has committed.
    func transactionCommitted() {
        committed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard committed, pending <= 0, !fired else { return }
        fired = true
        guard let block else { return }
        self.block = nil
        if Thread.isMainThread { block() } else { DispatchQueue.main.async(execute: block) }
    }
}
