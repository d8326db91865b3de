import XCTest

/// The checks on a clock picture shared by the end-to-end test and the analyser's own test.
extension XCTestCase {
    /// The face is a white disc on the window's 0.9-white (230) background.
    func assertFace(_ clock: ClockPicture, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let r = clock.faceRadius
        // Inside: hands cross these rings (and long hour ticks may reach 0.8 R), nothing else does.
        let inner = clock.ring(radius: 0.5 * r).filter(\.isWhitish).count
        XCTAssertGreaterThanOrEqual(inner, 64, "face at 0.5 R: only \(inner)/72 samples white; \(context)", file: file, line: line)
        let outer = clock.ring(radius: 0.8 * r).filter(\.isWhitish).count
        XCTAssertGreaterThanOrEqual(outer, 60, "face at 0.8 R: only \(outer)/72 samples white; \(context)", file: file, line: line)
        // Outside: the window background.
        let around = clock.ring(radius: 1.1 * r)
        let gray = around.filter { $0.isGray(230) }.count
        XCTAssertGreaterThanOrEqual(gray, 68, "around the face at 1.1 R only \(gray)/72 samples are 230 gray, e.g. \(around.first { !$0.isGray(230) }.map { "\($0)" } ?? "-"); \(context)",
                                    file: file, line: line)
        let w = clock.window
        for (x, y) in [(w.x + 3, w.y + 3), (w.x + w.width - 4, w.y + 3), (w.x + 3, w.y + w.height - 4),
                       (w.x + w.width - 4, w.y + w.height - 4)] {
            let p = clock.image[x, y]
            XCTAssertTrue(p.isGray(230), "window corner pixel (\(x),\(y)) is \(p), expected 230 gray; \(context)", file: file, line: line)
        }
    }

    /// The hour and minute hands are dark where the time puts them, and the face is white on the other side.
    func assertHourAndMinuteHands(_ clock: ClockPicture, hourDegrees: Double, minuteDegrees: ClosedRange<Double>,
                                  _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let s = clock.side
        let hour = clock.darkest(degrees: hourDegrees, radius: 0.2 * s)
        XCTAssertTrue(hour.isDark, "no hour hand at \(hourDegrees)°, 0.2 S: darkest pixel \(hour); \(context)", file: file, line: line)
        let notHour = clock.pixel(degrees: hourDegrees + 180, radius: 0.2 * s)
        XCTAssertTrue(notHour.isWhitish, "opposite the hour hand (\(hourDegrees + 180)°, 0.2 S) is \(notHour), expected white; \(context)",
                      file: file, line: line)

        let minuteSamples = stride(from: minuteDegrees.lowerBound, through: minuteDegrees.upperBound, by: 1)
            .map { clock.darkest(degrees: $0, radius: 0.3 * s) }
        let minute = minuteSamples.min { $0.brightness < $1.brightness }!
        XCTAssertTrue(minute.isDark, "no minute hand in \(minuteDegrees)°, 0.3 S: darkest pixel \(minute); \(context)", file: file, line: line)
        let across = clock.pixel(degrees: minuteDegrees.lowerBound + 90, radius: 0.3 * s)
        XCTAssertTrue(across.isWhitish, "across from the minute hand (\(minuteDegrees.lowerBound + 90)°, 0.3 S) is \(across), expected white; \(context)",
                      file: file, line: line)
    }
}
