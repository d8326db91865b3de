import CALinuxCairo
import Foundation
import XCTest

/// The screenshot analysis of the clock test, checked on pictures drawn here with cairo to the clock
/// demo's specification, so that a failing end-to-end test points at the demo and not at the analyser.
final class ClockPictureAnalysisTests: XCTestCase {
    /// Draws the clock demo's picture in a window of `window` size at `origin` on a black 800x600 output,
    /// writes it as a PNG and decodes it again, as a screenshot would be.
    private func screenshot(hour: Int, minute: Int, second: Int, window: (Int, Int) = (800, 600),
                            origin: (Int, Int) = (0, 0), redOutside: Bool = false) throws -> PNGPixels {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 600)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        let (w, h) = (Double(window.0), Double(window.1))
        cairo_translate(cr, Double(origin.0), Double(origin.1))
        cairo_rectangle(cr, 0, 0, w, h)
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9)
        cairo_fill(cr)

        let s = 0.8 * min(w, h), r = s * 146 / 300
        cairo_translate(cr, w / 2, h / 2)
        cairo_arc(cr, 0, 0, r, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
        cairo_set_line_width(cr, 4 * s / 300)
        cairo_stroke(cr)
        for tick in 0..<60 {
            let long = tick % 5 == 0
            line(cr, degrees: Double(tick) * 6, from: r - (long ? 0.12 : 0.05) * r, to: r - 0.02 * r,
                 width: (long ? 4 : 1.5) * s / 300, gray: 0.2)
        }
        let hand = { (degrees: Double, length: Double, width: Double, rgb: (Double, Double, Double)) in
            self.line(cr, degrees: degrees, from: -0.1 * length, to: length, width: width, rgb: rgb)
        }
        hand(Double(hour % 12) * 30, 0.3 * s, 16 * s / 300, (0, 0, 0))
        hand(Double(minute) * 6, 0.42 * s, 10 * s / 300, (0, 0, 0))
        hand(Double(second) * 6, 0.48 * s, 4 * s / 300, (220 / 255, 30 / 255, 30 / 255))
        if redOutside {
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, Double(origin.0) + 2, Double(origin.1) + 2, 5, 5)
            cairo_fill(cr)
        }
        cairo_surface_flush(surface)

        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("clock-analysis-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(cairo_surface_write_to_png(surface, url.path), CAIRO_STATUS_SUCCESS)
        return try PNGPixels(contentsOf: url)
    }

    private func line(_ cr: OpaquePointer?, degrees: Double, from: Double, to: Double, width: Double,
                      gray: Double? = nil, rgb: (Double, Double, Double) = (0, 0, 0)) {
        let a = degrees * .pi / 180
        cairo_move_to(cr, from * sin(a), -from * cos(a))
        cairo_line_to(cr, to * sin(a), -to * cos(a))
        if let gray { cairo_set_source_rgb(cr, gray, gray, gray) } else { cairo_set_source_rgb(cr, rgb.0, rgb.1, rgb.2) }
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    func testFindsTheWindowAndTheFaceGeometry() throws {
        let image = try screenshot(hour: 10, minute: 8, second: 30, window: (640, 500), origin: (37, 61))
        let clock = try XCTUnwrap(ClockPicture(image))
        XCTAssertEqual(clock.window.x, 37)
        XCTAssertEqual(clock.window.y, 61)
        XCTAssertEqual(clock.window.width, 640)
        XCTAssertEqual(clock.window.height, 500)
        XCTAssertEqual(clock.side, 400, accuracy: 0.001)
        XCTAssertEqual(clock.centerX, 357, accuracy: 0.001)
        XCTAssertEqual(clock.centerY, 311, accuracy: 0.001)
        XCTAssertTrue(clock.showsFace)
        assertFace(clock, clock.summary)
    }

    func testAcceptsTheClockAt100830() throws {
        let clock = try XCTUnwrap(ClockPicture(try screenshot(hour: 10, minute: 8, second: 30)))
        XCTAssertEqual(clock.side, 480, accuracy: 0.001)
        XCTAssertEqual(clock.faceRadius, 233.6, accuracy: 0.001)
        assertFace(clock, clock.summary)
        assertHourAndMinuteHands(clock, hourDegrees: 300, minuteDegrees: 48...54, clock.summary)
        let second = try XCTUnwrap(clock.secondHandAngle())
        XCTAssertEqual(second.degrees, 180, accuracy: 1)
        XCTAssertEqual(clock.redPixels().outside.count, 0)
    }

    func testMeasuresTheSecondHandAtEveryAngle() throws {
        for second in stride(from: 0, to: 60, by: 7) {
            let clock = try XCTUnwrap(ClockPicture(try screenshot(hour: 3, minute: 40, second: second)))
            let angle = try XCTUnwrap(clock.secondHandAngle()).degrees
            let error = min(abs(angle - Double(second * 6)), 360 - abs(angle - Double(second * 6)))
            XCTAssertLessThan(error, 1, "second \(second): measured \(angle)°")
        }
    }

    func testRejectsHandsAtAnotherTime() throws {
        let clock = try XCTUnwrap(ClockPicture(try screenshot(hour: 4, minute: 40, second: 30)))
        XCTAssertFalse(clock.darkest(degrees: 300, radius: 0.2 * clock.side).isDark, "no hour hand at 300° at 4:40")
        XCTAssertFalse((48...54).contains { clock.darkest(degrees: Double($0), radius: 0.3 * clock.side).isDark },
                       "no minute hand near 48° at 4:40")
    }

    func testFindsRedOutsideTheFace() throws {
        let clock = try XCTUnwrap(ClockPicture(try screenshot(hour: 10, minute: 8, second: 30, redOutside: true)))
        XCTAssertEqual(clock.redPixels().outside.count, 25)
    }

    func testAnAllBlackScreenshotShowsNoWindow() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 48)
        defer { cairo_surface_destroy(surface) }
        XCTAssertNil(ClockPicture(try PNGPixels(surface: surface)))
    }
}
