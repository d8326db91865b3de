import Foundation

/// How much of each pixel a flat shape covers, on a plain background: pixels of the background
/// colour reached from the picture's border count 0, pixels next to the background (the antialiased rim) count by how far they are
/// from the background towards `ink` (the shape's colour at its rim), all others 1 (so pictures
/// inside the shape do not matter). Measures positions to a fraction of a pixel.
struct ShapeCoverage {
    let image: PNGPixels
    let background: RGB
    let ink: RGB
    /// The background: pixels of its colour connected to the border (not those inside the shape).
    private let outside: [Bool]

    init(image: PNGPixels, background: RGB, ink: RGB, tolerance: Int = 6) {
        self.image = image
        self.background = background
        self.ink = ink
        func matches(_ p: RGB) -> Bool {
            abs(p.r - background.r) <= tolerance && abs(p.g - background.g) <= tolerance && abs(p.b - background.b) <= tolerance
        }
        var outside = [Bool](repeating: false, count: image.width * image.height)
        var stack: [(Int, Int)] = []
        for x in 0..<image.width { stack += [(x, 0), (x, image.height - 1)] }
        for y in 0..<image.height { stack += [(0, y), (image.width - 1, y)] }
        while let (x, y) = stack.popLast() {
            guard image.contains(x, y), !outside[y * image.width + x], matches(image[x, y]) else { continue }
            outside[y * image.width + x] = true
            stack += [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        }
        self.outside = outside
    }

    func isBackground(_ x: Int, _ y: Int) -> Bool {
        guard image.contains(x, y) else { return true }
        return outside[y * image.width + x]
    }

    func coverage(_ x: Int, _ y: Int) -> Double {
        guard image.contains(x, y), !isBackground(x, y) else { return 0 }
        let rim = isBackground(x - 1, y) || isBackground(x + 1, y) || isBackground(x, y - 1) || isBackground(x, y + 1)
        guard rim else { return 1 }
        let p = image[x, y]
        let d = [Double(ink.r - background.r), Double(ink.g - background.g), Double(ink.b - background.b)]
        let v = [Double(p.r - background.r), Double(p.g - background.g), Double(p.b - background.b)]
        let t = (d[0] * v[0] + d[1] * v[1] + d[2] * v[2]) / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
        return min(max(t, 0), 1)
    }

    /// The centre of mass of the shape within `rect` (pixel indices), in pixel coordinates.
    func centroid(xs: Range<Int>, ys: Range<Int>) -> (x: Double, y: Double)? {
        var sum = 0.0, sx = 0.0, sy = 0.0
        for y in ys { for x in xs {
            let c = coverage(x, y)
            sum += c; sx += c * (Double(x) + 0.5); sy += c * (Double(y) + 0.5)
        } }
        return sum > 0 ? (sx / sum, sy / sum) : nil
    }

    /// The covered length of row `y` over `xs`, in pixels.
    func rowLength(_ y: Int, xs: Range<Int>) -> Double { xs.reduce(0) { $0 + coverage($1, y) } }

    /// The covered length of column `x` over `ys`, in pixels.
    func columnLength(_ x: Int, ys: Range<Int>) -> Double { ys.reduce(0) { $0 + coverage(x, $1) } }
}
