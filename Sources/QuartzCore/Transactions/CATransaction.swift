import Foundation

/// Groups layer changes into atomic updates of the render tree.
///
/// Each thread has its own stack of transactions. `begin()`/`commit()` nest: nothing reaches the
/// screen before the outermost commit. A change made outside any explicit transaction opens the
/// thread's implicit transaction; on the main thread it is committed by a run-loop observer just
/// before the run loop waits, as on Apple platforms (elsewhere, call `flush()`).
open class CATransaction: NSObject {
    /// Opens a transaction on the current thread (nested in any open one).
    open class func begin() {
        let state = TransactionStack.current
        state.frames.append(TransactionFrame(implicit: false))
    }

    /// Closes the innermost transaction of the current thread; closing the outermost one commits
    /// its changes to the render tree.
    open class func commit() {
        let state = TransactionStack.current
        guard var frame = state.frames.popLast() else { return }
        let trackers = frame.closingTrackers()
        if state.frames.isEmpty {
            state.commitChanges()
            for tracker in trackers { tracker.transactionCommitted() }
            AnimationScheduler.shared.process()
        } else {
            // A nested transaction completes no earlier than its outermost commit.
            state.frames[state.frames.count - 1].nestedTrackers.append(contentsOf: trackers)
        }
    }

    /// Commits the implicit transaction now, if one is open and no explicit one encloses it.
    open class func flush() {
        let state = TransactionStack.current
        if state.frames.count == 1, state.frames[0].implicit { commit() }
    }

    /// The timing function of implicit animations added in the current transaction (nil: the
    /// default timing function).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// A global lock that serialises layer-tree changes across threads.
    open class func lock() { globalLock.lock() }
    open class func unlock() { globalLock.unlock() }

    /// The default duration of animations added in the current transaction (0.25 s unless set).
    open class func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval) ?? 0.25
    }

    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// Whether property changes in the current transaction trigger actions (implicit animations).
    open class func disableActions() -> Bool {
        (value(forKey: kCATransactionDisableActions) as? Bool) ?? false
    }

    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run, on the main thread, once the animations added to the current transaction
    /// after it was set have finished; at the commit when none was added after it.
    open class func completionBlock() -> (() -> Void)? {
        TransactionStack.current.openFrameIndex.map { TransactionStack.current.frames[$0].completionBlock } ?? nil
    }

    open class func setCompletionBlock(_ block: (() -> Void)?) {
        let state = TransactionStack.current
        let i = state.ensureOpenFrame()
        state.frames[i].setCompletionBlock(block)
    }

    /// A transaction property: inner transactions see their enclosing transactions' values.
    open class func value(forKey key: String) -> Any? {
        if key == kCATransactionCompletionBlock { return completionBlock() }
        let state = TransactionStack.current
        for frame in state.frames.reversed() {
            if let v = frame.values[key] { return v }
        }
        return nil
    }

    open class func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(anObject as? () -> Void)
            return
        }
        let state = TransactionStack.current
        let i = state.ensureOpenFrame()
        state.frames[i].values[key] = anObject
    }

    // MARK: Internal hooks

    private static let globalLock = NSRecursiveLock()

    /// Records that `layer` changed; opens the implicit transaction if none is open.
    static func layerDidChange(_ layer: CALayer, movesOnly: Bool = false) {
        layer.invalidateRenderNode(movesOnly: movesOnly)
        let state = TransactionStack.current
        if !state.isCommitting { _ = state.ensureOpenFrame() }
        let root = layer.renderTreeRoot
        state.changedRoots[ObjectIdentifier(root)] = root
    }

    /// Registers an animation added to `layer` with the open transactions: its begin time is
    /// resolved at the commit, and every open transaction's completion waits for it.
    static func animationAdded(_ attached: AttachedAnimation, to layer: CALayer) {
        layerDidChange(layer)
        let state = TransactionStack.current
        state.addedAnimations.append((layer, attached))
        for frame in state.frames {
            frame.tracker.animationAdded()
            attached.trackers.append(frame.tracker)
        }
    }

    /// Remembers that `layer` holds previous presentation values until the commit.
    static func layerHoldsPreviousValues(_ layer: CALayer) {
        TransactionStack.current.layersWithPreviousValues.append(layer)
    }

    /// Registers `observer` to be told about every commit, with the root layers whose trees changed.
    /// Observers are called on the committing thread, after layout and display have run, until the
    /// returned observation is cancelled.
    @discardableResult
    package static func addCommitObserver(_ observer: @escaping ([CALayer]) -> Void) -> CommitObservation {
        CommitObservation(id: CommitObservers.add(observer))
    }
}

public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"
