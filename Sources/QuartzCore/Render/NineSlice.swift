import CoreGraphics

/// Contents drawn with `contentsCenter`: the image cut into up to nine pieces, which pixels each takes
/// and where it lands. Both renderers draw from this, so they cut and place the same pieces.
///
/// The slices are cut from the whole pixels the `contentsRect` covers. The outer columns and rows
/// keep their size in points (pixels / `contentsScale`), shrunk in proportion when the two do not fit
/// (the centre then vanishes); edges stretch along one axis, the centre along both. An empty centre
/// slice stretches the pixel line at its position.
struct NineSlice {
    /// The image pixels the slices are cut from (y down from the top row).
    let crop: CGRect
    /// Pixel cuts within `crop`: its start, the centre's start and end, its end.
    private let columns: SIMD4<Int>, rows: SIMD4<Int>
    /// Where the cuts land in the layer's bounds space.
    private let xs: SIMD4<Double>, ys: SIMD4<Double>

    /// Whether `layer`'s contents are drawn as a nine-slice: a finite `contentsCenter` other than the
    /// unit rectangle, under a gravity that scales the contents (not only `.resize`).
    static func applies(to layer: RenderLayer) -> Bool {
        let center = layer.contentsCenter
        guard center != CGRect(x: 0, y: 0, width: 1, height: 1), center.minX.isFinite, center.minY.isFinite,
              center.width.isFinite, center.height.isFinite else { return false }
        let gravity = layer.contentsGravity
        return gravity == .resize || gravity == .resizeAspect || gravity == .resizeAspectFill
    }

    /// The pieces of an image of `width` × `height` pixels whose `contentsRect` part (unit rectangle)
    /// is drawn into `rect` (bounds space) with `center` stretched, at `scale` pixels per point; nil
    /// when the `contentsRect` covers no whole pixel of the image.
    init?(width: Int, height: Int, contentsRect unit: CGRect, center: CGRect, scale: CGFloat, in rect: CGRect) {
        let image = CGRect(x: 0, y: 0, width: width, height: height)
        var crop = image
        if unit != CGRect(x: 0, y: 0, width: 1, height: 1) {
            let px = CGRect(x: unit.minX * CGFloat(width), y: unit.minY * CGFloat(height),
                            width: unit.width * CGFloat(width), height: unit.height * CGFloat(height))
            crop = px.standardized.integral.intersection(image)
        }
        guard !crop.isNull, crop.width >= 1, crop.height >= 1 else { return nil }
        self.crop = crop
        let c = center.standardized
        func cuts(_ size: Int, _ lo: CGFloat, _ hi: CGFloat) -> SIMD4<Int> {
            let n = CGFloat(size)
            let a = Int((min(max(lo, 0), 1) * n).rounded()), b = Int((min(max(hi, 0), 1) * n).rounded())
            return SIMD4(0, a, max(a, b), size)
        }
        columns = cuts(Int(crop.width), c.minX, c.maxX)
        rows = cuts(Int(crop.height), c.minY, c.maxY)
        func destination(_ cut: SIMD4<Int>, _ origin: CGFloat, _ length: CGFloat) -> SIMD4<Double> {
            var before = CGFloat(cut[1]) / scale, after = CGFloat(cut[3] - cut[2]) / scale
            if before + after > length, before + after > 0 {
                let k = length / (before + after)
                before *= k
                after *= k
            }
            return SIMD4(Double(origin), Double(origin + before), Double(origin + length - after), Double(origin + length))
        }
        xs = destination(columns, rect.minX, rect.width)
        ys = destination(rows, rect.minY, rect.height)
    }

    /// Calls `body` for each piece that lands on a non-empty rectangle, top row first: the image
    /// pixels it shows (whole, within `crop`) and the rectangle they fill (bounds space).
    func forEachPiece(_ body: (_ source: CGRect, _ target: CGRect) -> Void) {
        for row in 0..<3 {
            for column in 0..<3 {
                let target = CGRect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column],
                                    height: ys[row + 1] - ys[row])
                guard target.width > 0, target.height > 0 else { continue }
                var x = columns[column], y = rows[row]
                var w = columns[column + 1] - x, h = rows[row + 1] - y
                if w == 0 { x = min(x, Int(crop.width) - 1); w = 1 }
                if h == 0 { y = min(y, Int(crop.height) - 1); h = 1 }
                body(CGRect(x: crop.minX + CGFloat(x), y: crop.minY + CGFloat(y), width: CGFloat(w), height: CGFloat(h)),
                     target)
            }
        }
    }
}
