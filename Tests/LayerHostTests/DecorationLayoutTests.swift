import CoreGraphics
import WaylandShell
import XCTest
@testable import LayerHost

/// The hit regions of client-side decorations (an 800×600 window: a 32-point title bar, buttons at
/// the right end, a 6-point resize band inside the edges, 16 points along a side resize the corner).
final class DecorationLayoutTests: XCTestCase {
    private let floating = DecorationLayout(size: CGSize(width: 800, height: 600), states: [.activated])

    func testTheContentIsTheWindowBelowTheTitleBar() {
        XCTAssertEqual(floating.contentFrame, CGRect(x: 0, y: 32, width: 800, height: 568))
        XCTAssertEqual(floating.region(at: CGPoint(x: 400, y: 300)), .content)
        XCTAssertEqual(floating.region(at: CGPoint(x: 400, y: 32)), .content)
    }

    func testTheBarAwayFromTheButtonsMovesTheWindow() {
        XCTAssertEqual(floating.region(at: CGPoint(x: 300, y: 16)), .titleBar)
        XCTAssertEqual(floating.region(at: CGPoint(x: 400, y: 31.5)), .titleBar)
    }

    func testTheButtonsSitAtTheRightEndCloseOutermost() {
        let close = floating.frame(of: .close)
        XCTAssertEqual(close, CGRect(x: 800 - 6 - 24, y: 4, width: 24, height: 24))
        XCTAssertEqual(floating.region(at: CGPoint(x: close.midX, y: close.midY)), .button(.close))
        let maximize = floating.frame(of: .maximize)
        XCTAssertEqual(maximize.maxX + 4, close.minX)
        XCTAssertEqual(floating.region(at: CGPoint(x: maximize.midX, y: 16)), .button(.maximize))
        XCTAssertEqual(floating.region(at: CGPoint(x: floating.frame(of: .minimize).midX, y: 16)), .button(.minimize))
        XCTAssertTrue(floating.titleFrame.maxX <= floating.frame(of: .minimize).minX)
    }

    func testTheEdgesResizeAndCornersResizeTwoEdges() {
        XCTAssertEqual(floating.region(at: CGPoint(x: 2, y: 300)), .edge(.left))
        XCTAssertEqual(floating.region(at: CGPoint(x: 797, y: 300)), .edge(.right))
        XCTAssertEqual(floating.region(at: CGPoint(x: 400, y: 598)), .edge(.bottom))
        XCTAssertEqual(floating.region(at: CGPoint(x: 400, y: 1)), .edge(.top))
        XCTAssertEqual(floating.region(at: CGPoint(x: 1, y: 1)), .edge([.top, .left]))
        XCTAssertEqual(floating.region(at: CGPoint(x: 10, y: 599)), .edge([.bottom, .left]))
        XCTAssertEqual(floating.region(at: CGPoint(x: 799, y: 590)), .edge([.bottom, .right]))
        XCTAssertEqual(floating.region(at: CGPoint(x: 795, y: 2)), .edge([.top, .right]))
        XCTAssertEqual(floating.region(at: CGPoint(x: 6, y: 300)), .content, "the band is 6 points wide")
        XCTAssertEqual(floating.region(at: CGPoint(x: 800, y: 300)), .outside)
    }

    func testAMaximizedWindowHasNoResizeEdges() {
        let maximized = DecorationLayout(size: CGSize(width: 800, height: 600), states: [.maximized])
        XCTAssertEqual(maximized.region(at: CGPoint(x: 1, y: 1)), .titleBar)
        XCTAssertEqual(maximized.region(at: CGPoint(x: 2, y: 300)), .content)
        XCTAssertFalse(maximized.isFloating)
    }

    func testFullscreenHidesTheTitleBar() {
        let fullscreen = DecorationLayout(size: CGSize(width: 800, height: 600), states: [.fullscreen])
        XCTAssertFalse(fullscreen.showsTitleBar)
        XCTAssertEqual(fullscreen.contentFrame, CGRect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(fullscreen.region(at: CGPoint(x: 780, y: 16)), .content)
    }
}

final class DoubleClickDetectorTests: XCTestCase {
    func testTwoPressesWithin400MillisecondsAtTheSameSpotAreADoubleClick() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.press(time: 10.0, x: 100, y: 10))
        XCTAssertTrue(detector.press(time: 10.35, x: 102, y: 11))
    }

    func testASlowSecondPressIsASingleClick() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.press(time: 10.0, x: 100, y: 10))
        XCTAssertFalse(detector.press(time: 10.5, x: 100, y: 10))
        XCTAssertTrue(detector.press(time: 10.8, x: 100, y: 10), "the slow press starts a new pair")
    }

    func testASecondPressElsewhereIsASingleClick() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.press(time: 10.0, x: 100, y: 10))
        XCTAssertFalse(detector.press(time: 10.1, x: 140, y: 10))
    }

    func testAThirdPressStartsANewDoubleClick() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.press(time: 1.0, x: 5, y: 5))
        XCTAssertTrue(detector.press(time: 1.2, x: 5, y: 5))
        XCTAssertFalse(detector.press(time: 1.3, x: 5, y: 5))
    }

    func testResetForgetsTheFirstPress() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.press(time: 1.0, x: 5, y: 5))
        detector.reset()
        XCTAssertFalse(detector.press(time: 1.1, x: 5, y: 5))
    }
}
