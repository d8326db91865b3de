@testable import QuartzCore
import XCTest

/// Tests that draw frames at fixed media times: each test starts with the media clock frozen at 0 and
/// nothing left uncommitted, and leaves the clock running again.
class FrozenClockTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        CAMediaClock.freeze(at: 0)
        CATransaction.flush()
    }

    override func tearDown() {
        CAMediaClock.unfreeze()
        super.tearDown()
    }
}
