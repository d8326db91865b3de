import Foundation
import XCTest

/// `demo video` (seed-examples §8, 003 L6.15, L6.16): the 320×180 player layer fills the container
/// at x 80..400, y 118..298 of the 480×400 window, white around it. The movie is 75 frames at 25 fps
/// whose yellow progress bar (the bottom 6 rows) reaches 320 × (frame + 1) / 75 points; a snapshot
/// presses Space at 2 s (pause) and at 2.5 s (play).
final class VideoSnapshotTests: DemoSnapshotTestCase {
    private let video = (minX: 80, minY: 118, maxX: 400, maxY: 298)

    private func isYellow(_ p: RGB) -> Bool { p.r > 200 && p.g > 140 && p.g < 230 && p.b < 90 }

    func testFramesChangeOverTimeAndSpacePausesAndPlays() throws {
        let early = try snapshot(demo: "video", ["--at", "0.5"], saveAs: "video-0.5.png")
        let later = try snapshot(demo: "video", ["--at", "1.5"], saveAs: "video-1.5.png")
        var changed = 0
        for y in video.minY..<video.maxY {
            for x in video.minX..<video.maxX where early[x, y] != later[x, y] { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 2000, "the picture moves between 0.5 s and 1.5 s")
        // The progress bar: frame 12 reaches x 80 + 55.5, frame 37 x 80 + 161.
        let bar = video.maxY - 3
        XCTAssertTrue(isYellow(early[110, bar]) && !isYellow(early[160, bar]), "frame 12's bar: \(early[110, bar]), \(early[160, bar])")
        XCTAssertTrue(isYellow(later[230, bar]) && !isYellow(later[260, bar]), "frame 37's bar: \(later[230, bar]), \(later[260, bar])")
        XCTAssertTrue(early[240, 60].isWhitish && early[240, 340].isWhitish, "white outside the video")

        let pausedA = try snapshot(demo: "video", ["--at", "2.2"], saveAs: "video-2.2.png")
        XCTAssertTrue(lastStderr.contains("video: paused at 2.00 s"), lastStderr)
        let pausedB = try snapshot(demo: "video", ["--at", "2.4"], saveAs: "video-2.4.png")
        for y in video.minY..<video.maxY {
            for x in video.minX..<video.maxX where pausedA[x, y] != pausedB[x, y] {
                return XCTFail("the paused frame changed at (\(x), \(y))")
            }
        }
        // Played again from 2.5 s: at 3 s the movie is at 2.5 s (frame 62, the bar to x 348.8), not at
        // its end (the bar full) nor still at 2 s (frame 50, the bar to x 297.6).
        let resumed = try snapshot(demo: "video", ["--at", "3"], saveAs: "video-3.png")
        XCTAssertTrue(lastStderr.contains("video: playing from 2.00 s"), lastStderr)
        XCTAssertTrue(isYellow(resumed[330, bar]) && !isYellow(resumed[370, bar]),
                      "frame 62's bar: \(resumed[330, bar]), \(resumed[370, bar])")
        XCTAssertFalse(isYellow(pausedA[330, bar]), "frame 50's bar stops before x 330: \(pausedA[330, bar])")
    }

    /// Listing 6.16's layer point (u, v) (points from its top left corner) in the window: rotated π/4
    /// about (1, 1, 0) as Core Animation's row-vector matrices do, then m34 = −1/500, about the layer's
    /// centre at the container's, (240, 208).
    private func tilted(_ u: Double, _ v: Double) -> (Int, Int) {
        let px = u - 160, py = v - 90
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4), t = 1 - c
        let a = 1 / 2.0.squareRoot()
        let x = px * (t * a * a + c) + py * (t * a * a)
        let y = px * (t * a * a) + py * (t * a * a + c)
        let z = px * (-s * a) + py * (s * a)
        let w = 1 - z / 500
        return (Int((240 + x / w).rounded()), Int((208 + y / w).rounded()))
    }

    func testTheTransformedLayersBorderAndRoundedCornersFollowTheTilt() throws {
        let picture = try snapshot(demo: "video", ["--variant", "transformed", "--at", "1"], saveAs: "video-transformed.png")
        // The middle of the 5-point border along each edge, away from the corners.
        for f in [0.25, 0.5, 0.75] {
            for (u, v) in [(320 * f, 2.5), (320 * f, 177.5), (2.5, 180 * f), (317.5, 180 * f)] {
                let (x, y) = tilted(u, v)
                XCTAssertTrue(picture[x, y].isRed, "the red border at layer point (\(u), \(v)), (\(x), \(y)): \(picture[x, y])")
            }
        }
        // Each corner is cut round (radius 20): its very corner shows the white background, 8 points in
        // along the diagonal lies on the rounded border, 30 points in is the movie.
        for (cu, cv, du, dv) in [(0.0, 0.0, 1.0, 1.0), (320, 0, -1, 1), (320, 180, -1, -1), (0, 180, 1, -1)] {
            let (x0, y0) = tilted(cu + 2 * du, cv + 2 * dv)
            XCTAssertTrue(picture[x0, y0].isWhitish, "outside the rounded corner at (\(x0), \(y0)): \(picture[x0, y0])")
            let (x1, y1) = tilted(cu + 8 * du, cv + 8 * dv)
            XCTAssertTrue(picture[x1, y1].isRed, "the border round the corner at (\(x1), \(y1)): \(picture[x1, y1])")
            let (x2, y2) = tilted(cu + 30 * du, cv + 30 * dv)
            let inside = picture[x2, y2]
            XCTAssertFalse(inside.isRed || inside.isWhitish, "the movie inside at (\(x2), \(y2)): \(inside)")
        }
        // The untransformed rectangle's corners are left bare where the tilt moved the layer away.
        XCTAssertTrue(picture[395, 123].isWhitish, "the untilted top right corner is background: \(picture[395, 123])")
    }
}
