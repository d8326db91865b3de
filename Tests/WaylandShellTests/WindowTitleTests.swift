#if os(Linux)
import XCTest
@testable import WaylandShell

final class WindowTitleTests: XCTestCase {
    func testLongTitlesAreCutToWhatTheProtocolCanCarry() {
        XCTAssertEqual(WaylandWindow.protocolString("Clock"), "Clock")
        let long = String(repeating: "é", count: 1000)  // 2000 UTF-8 bytes
        let cut = WaylandWindow.protocolString(long)
        XCTAssertEqual(cut.utf8.count, 1024)
        XCTAssertTrue(long.hasPrefix(cut))
    }
}
#endif
