import Foundation
#if canImport(CoreFoundation)
import CoreFoundation
#endif

/// One open transaction: its properties, its completion block, and the tracker that runs the
/// block once the animations added in it after the block was set are over.
struct TransactionFrame {
    var implicit: Bool
    var values: [String: Any] = [:]
    var completionBlock: (() -> Void)?
    /// Counts the animations added since the completion block was set (or the transaction opened).
    private(set) var tracker = CompletionTracker()
    /// Trackers of blocks replaced by a later `setCompletionBlock`, each waiting for the animations
    /// added while it was the block.
    private(set) var replacedTrackers: [CompletionTracker] = []
    /// Trackers of closed inner transactions, which complete no earlier than this one commits.
    var nestedTrackers: [CompletionTracker] = []

    init(implicit: Bool) {
        self.implicit = implicit
    }

    /// Sets the completion block: as Apple documents, it waits only for the animations added from
    /// now on, and a block it replaces keeps waiting for those added while it was set.
    mutating func setCompletionBlock(_ block: (() -> Void)?) {
        if let completionBlock {
            tracker.block = completionBlock
            replacedTrackers.append(tracker)
        }
        tracker = CompletionTracker()
        completionBlock = block
    }

    /// At the commit: every tracker whose block this transaction runs, the current block's last.
    mutating func closingTrackers() -> [CompletionTracker] {
        tracker.block = completionBlock
        return nestedTrackers + replacedTrackers + [tracker]
    }
}

/// The transactions open on one thread, and the layer trees changed since the last commit.
final class TransactionStack {
    var frames: [TransactionFrame] = []
    /// The root layers of the trees changed since the last commit.
    var changedRoots: [ObjectIdentifier: CALayer] = [:]
    /// Animations added since the last commit: their begin times are resolved by the commit.
    var addedAnimations: [(layer: CALayer, attached: AttachedAnimation)] = []
    /// Layers holding previous presentation values for the open transaction.
    var layersWithPreviousValues: [CALayer] = []
    var isCommitting = false
    private static let commitCountLock = NSLock()
    nonisolated(unsafe) private static var commits = 0

    /// How many commits have happened, on any thread (presentation trees are valid for one).
    static var commitCount: Int {
        commitCountLock.lock(); defer { commitCountLock.unlock() }
        return commits
    }

    private static func countCommit() {
        commitCountLock.lock(); defer { commitCountLock.unlock() }
        commits += 1
    }

    /// Whether this thread's run loop has the observer that commits the implicit transaction.
    var hasRunLoopCommitter = false

    private static let perThread = ThreadLocal { TransactionStack() }

    /// The calling thread's transactions.
    static var current: TransactionStack { perThread.value }

    var openFrameIndex: Int? { frames.isEmpty ? nil : frames.count - 1 }

    /// The index of the innermost open transaction, opening the implicit one if needed.
    func ensureOpenFrame() -> Int {
        if frames.isEmpty {
            frames.append(TransactionFrame(implicit: true))
            if !hasRunLoopCommitter {
                hasRunLoopCommitter = true
                RunLoopCommitter.installOnCurrentThread()
            }
        }
        return frames.count - 1
    }

    /// The outermost commit: lay out and display the changed trees, then tell the observers.
    func commitChanges() {
        isCommitting = true
        TransitionSnapshot.captureOldStates(of: addedAnimations)   // before layout can rebuild presentations
        Self.countCommit()
        for root in Array(changedRoots.values) { root.prepareForRendering() }
        // Animations begin now, in their layer's time, unless they were given a begin time.
        let now = CACurrentMediaTime()
        for (layer, attached) in addedAnimations where attached.beginTime == nil {
            let requested = attached.animation.beginTime
            attached.beginTime = requested == 0 ? layer.localTime(fromMediaTime: now) : requested
            layer.invalidateRenderNode()
            AnimationScheduler.shared.register(layer)
        }
        addedAnimations = []
        // Layout and display may have changed more trees: each changed tree is committed as values.
        // A layer recorded as a root may have joined another tree since (a layer set up, then added):
        // that tree is committed instead, and a tree the layer kept from its own commits is let go.
        var roots: [CALayer] = []
        for layer in changedRoots.values {
            if layer.renderTreeRoot === layer {
                roots.append(layer)
            } else {
                layer.renderTree = nil
                layer.presentationCache = nil
            }
        }
        for root in roots { root.commitRenderTree() }
        for layer in layersWithPreviousValues { layer.previousPresentationValues = [:] }
        layersWithPreviousValues = []
        changedRoots = [:]
        isCommitting = false
        if !roots.isEmpty { CommitObservers.notify(roots) }
    }
}

/// Commits a thread's implicit transaction just before that thread's run loop waits (or exits),
/// as Core Animation does. A thread that never runs its run loop must call `CATransaction.flush()`.
enum RunLoopCommitter {
    /// The observer's order: transactions commit before other before-waiting work (such as
    /// flushing a display connection), which should use a larger order.
    static let observerOrder = 2_000_000 - 1

    /// Installs the observer on the calling thread's run loop.
    static func installOnCurrentThread() {
        let observer = CFRunLoopObserverCreateWithHandler(
            nil, CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue, true, observerOrder
        ) { _, _ in
            CATransaction.flush()
        }
        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopCommonModes)
    }
}

/// The parties told about commits (render hosts).
enum CommitObservers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var observers: [(id: Int, observer: ([CALayer]) -> Void)] = []
    nonisolated(unsafe) private static var nextID = 0

    static func add(_ observer: @escaping ([CALayer]) -> Void) -> Int {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        observers.append((nextID, observer))
        return nextID
    }

    static func remove(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        observers.removeAll { $0.id == id }
    }

    static func notify(_ roots: [CALayer]) {
        lock.lock()
        let list = observers
        lock.unlock()
        for o in list { o.observer(roots) }
    }
}

/// A registration made with `CATransaction.addCommitObserver` (a Linux addition): `cancel()` ends it.
package final class CommitObservation: @unchecked Sendable {
    private let id: Int

    init(id: Int) { self.id = id }

    /// Stops telling the observer about commits (idempotent).
    package func cancel() { CommitObservers.remove(id) }
}
