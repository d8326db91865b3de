import Foundation
@testable import QuartzCore
import XCTest

/// Per-thread state (the transaction stack, text font maps, UIKit's context stack) lives in a
/// `ThreadLocal`: one value per thread, the same on every read from that thread, released when the
/// thread ends.
final class ThreadLocalTests: XCTestCase {
    private final class Token {}

    /// Runs `body` on a new POSIX thread and returns once that thread has ended (its thread-specific
    /// values destroyed).
    private func onThreadThatEnds(_ body: @escaping () -> Void) {
        final class Job { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        var thread = pthread_t()
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.body()
            return nil
        }, job)
        XCTAssertEqual(created, 0)
        pthread_join(thread, nil)
    }

    func testEachThreadHasItsOwnValueUntilItEnds() {
        let local = ThreadLocal { Token() }
        let mine = local.value
        XCTAssertTrue(local.value === mine, "the same value on every read from one thread")
        weak var theirs: Token?
        var sameOnThatThread = false, differs = false
        onThreadThatEnds {
            let value = local.value
            theirs = value
            sameOnThatThread = local.value === value
            differs = value !== mine
        }
        XCTAssertTrue(sameOnThatThread)
        XCTAssertTrue(differs, "another thread gets a value of its own")
        XCTAssertNil(theirs, "released when its thread ended")
        XCTAssertTrue(local.value === mine)
    }

    func testTransactionsArePerThread() {
        let here = TransactionStack.current
        var there: TransactionStack?
        onThreadThatEnds { there = TransactionStack.current }
        XCTAssertTrue(TransactionStack.current === here)
        XCTAssertFalse(there === here)
    }
}
