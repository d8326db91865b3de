import Foundation

/// The clock demo's picture as the tests expect it, located in a screenshot.
///
/// The window is the non-black rectangle of the screenshot (the compositor's background is black).
/// Inside it, a square container of side S = 0.8 × min(window width, height) is centred; the face is a
/// white disc of radius R = S × 146/300; hands pivot at the centre with angles measured clockwise from
/// 12 o'clock, the second hand red. All lengths here are in screenshot pixels (scale 1).
struct ClockPicture {
    let image: PNGPixels
    /// The window's rectangle in the screenshot.
    let window: (x: Int, y: Int, width: Int, height: Int)
    let centerX: Double
    let centerY: Double
    /// The container's side.
    let side: Double
    /// The face's radius.
    var faceRadius: Double { side * 146 / 300 }

    /// Finds the window; nil when the screenshot shows no window (all black) or too small a one.
    init?(_ image: PNGPixels) {
        guard let window = image.nonBlackBounds(), window.width >= 100, window.height >= 100 else { return nil }
        self.image = image
        self.window = window
        centerX = Double(window.x) + Double(window.width) / 2
        centerY = Double(window.y) + Double(window.height) / 2
        side = 0.8 * Double(min(window.width, window.height))
    }

    /// The point at `radius` pixels from the centre in the direction `degrees` (clockwise from 12 o'clock).
    func point(degrees: Double, radius: Double) -> (x: Double, y: Double) {
        let a = degrees * .pi / 180
        return (centerX + radius * sin(a), centerY - radius * cos(a))
    }

    func pixel(degrees: Double, radius: Double) -> RGB {
        let p = point(degrees: degrees, radius: radius)
        return image.at(p.x, p.y)
    }

    /// The darkest pixel in a small neighbourhood of the point (tolerates a few pixels of offset).
    func darkest(degrees: Double, radius: Double, neighbourhood: Int = 3) -> RGB {
        let p = point(degrees: degrees, radius: radius)
        return image.darkest(near: p.x, p.y, radius: neighbourhood)
    }

    /// The pixels on a circle of `radius` around the centre, one every 360/count degrees.
    func ring(radius: Double, count: Int = 72) -> [RGB] {
        (0..<count).map { pixel(degrees: Double($0) * 360 / Double(count), radius: radius) }
    }

    /// Whether the face looks drawn: most of a ring at 0.8 R is white (hands may cross it).
    var showsFace: Bool {
        ring(radius: 0.8 * faceRadius).filter(\.isWhitish).count >= 60
    }

    /// The red pixels inside the face and outside it.
    func redPixels() -> (inside: [(x: Int, y: Int)], outside: [(x: Int, y: Int)]) {
        var inside: [(x: Int, y: Int)] = [], outside: [(x: Int, y: Int)] = []
        let limit = faceRadius + 2
        image.forEach { x, y, p in
            guard p.isRed else { return }
            let dx = Double(x) + 0.5 - centerX, dy = Double(y) + 0.5 - centerY
            if dx * dx + dy * dy <= limit * limit { inside.append((x, y)) } else { outside.append((x, y)) }
        }
        return (inside, outside)
    }

    /// The direction (degrees clockwise from 12 o'clock, in [0, 360)) of the red pixels' centroid
    /// seen from the centre, and how many red pixels there are; nil when there are none.
    func secondHandAngle() -> (degrees: Double, count: Int)? {
        let red = redPixels().inside
        guard !red.isEmpty else { return nil }
        var sx = 0.0, sy = 0.0
        for p in red { sx += Double(p.x) + 0.5 - centerX; sy += Double(p.y) + 0.5 - centerY }
        let dx = sx / Double(red.count), dy = sy / Double(red.count)
        return (normalizedDegrees(atan2(dx, -dy) * 180 / .pi), red.count)
    }

    var summary: String {
        "window \(window.width)x\(window.height) at (\(window.x),\(window.y)), centre (\(centerX),\(centerY)), S \(side), R \(faceRadius)"
    }
}

/// An angle in degrees brought into [0, 360).
func normalizedDegrees(_ degrees: Double) -> Double {
    let d = degrees.truncatingRemainder(dividingBy: 360)
    return d < 0 ? d + 360 : d
}
