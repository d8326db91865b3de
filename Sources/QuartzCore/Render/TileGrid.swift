import CoreGraphics
import Foundation

/// The tiles of a tiled layer at one level of detail, from its evaluated values: which level suits
/// the layer's scale on screen, how large a tile is in layer points, and which tiles meet a rectangle.
///
/// Level k holds `contentsScale × 2^k` pixels per point; a tile is `tileSize` pixels a side, so it
/// covers `tileSize / (contentsScale × 2^k)` points. Tiles are laid from the layer's point (0, 0),
/// column by x and row by y (tile (c, r) starts at (c, r) × the tile's size in points), and clipped
/// to the bounds.
struct TileGrid {
    let level: Int
    /// Pixels per layer point in this level's tiles.
    let pixelScale: CGFloat
    let tilePixels: CGSize
    /// A tile's size in layer points.
    let tilePoints: CGSize
    let bounds: CGRect
    let layout: TileStore.Layout

    /// The most tiles one frame asks for (a tiny tile size over a large target would ask for thousands).
    static let maximumTilesPerFrame = 1024

    /// The grid for a layer with `values` (its `extraValues`), `contentsScale` and `bounds`, shown at
    /// `deviceScale` device pixels per layer point.
    init(values: [String: Any], contentsScale: CGFloat, bounds: CGRect, deviceScale: CGFloat) {
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let side = CATiledLayer.tileSideRange
        let raw = KeyedValue.size(values["tileSize"]) ?? CATiledLayer.defaultTileSize
        tilePixels = CGSize(width: min(max(raw.width, side.lowerBound), side.upperBound).rounded(),
                            height: min(max(raw.height, side.lowerBound), side.upperBound).rounded())
        let levels = min(max(KeyedValue.unwrap(values["levelsOfDetail"]) as? Int ?? 1, CATiledLayer.levelRange.lowerBound),
                         CATiledLayer.levelRange.upperBound)
        let bias = min(max(KeyedValue.unwrap(values["levelsOfDetailBias"]) as? Int ?? 0, CATiledLayer.biasRange.lowerBound),
                       CATiledLayer.biasRange.upperBound)
        let longest = max(bounds.width, bounds.height) * scale
        level = Self.level(deviceScale: deviceScale, contentsScale: scale, levels: levels, bias: bias,
                           longestSidePixels: longest)
        pixelScale = scale * CGFloat(pow(2.0, Double(level)))
        tilePoints = CGSize(width: tilePixels.width / pixelScale, height: tilePixels.height / pixelScale)
        self.bounds = bounds
        layout = TileStore.Layout(tilePixels: tilePixels, contentsScale: scale, bounds: bounds)
    }

    /// The level to draw: the coarsest kept level at least as sharp as the screen (`deviceScale` /
    /// `contentsScale` magnification), clamped to the kept levels `bias − levels + 1 ... bias`, and
    /// never so coarse that the layer's longest side would be under one pixel.
    static func level(deviceScale: CGFloat, contentsScale: CGFloat, levels: Int, bias: Int,
                      longestSidePixels: CGFloat) -> Int {
        var coarsest = bias - (levels - 1)
        if longestSidePixels >= 1, longestSidePixels.isFinite {
            coarsest = max(coarsest, -Int(log2(Double(longestSidePixels)).rounded(.down)))
        }
        coarsest = min(coarsest, bias)
        let zoom = Double(deviceScale / contentsScale)
        guard zoom.isFinite, zoom > 0 else { return min(max(0, coarsest), bias) }
        // A little slack so that a scale of exactly 2^k picks level k despite rounding.
        let wanted = Int((log2(zoom) - 1e-6).rounded(.up))
        return min(max(wanted, coarsest), bias)
    }

    /// Tile (column, row)'s rectangle in layer points (not clipped to the bounds).
    func rect(column: Int, row: Int) -> CGRect {
        CGRect(x: CGFloat(column) * tilePoints.width, y: CGFloat(row) * tilePoints.height,
               width: tilePoints.width, height: tilePoints.height)
    }

    /// The keys of the tiles meeting `visible` (layer points) within the bounds, row by row; at most
    /// `maximumTilesPerFrame`.
    func keys(meeting visible: CGRect) -> [TileStore.Key] {
        let area = visible.intersection(bounds)
        guard !area.isNull, area.width > 0, area.height > 0, area.minX.isFinite, area.minY.isFinite,
              area.maxX.isFinite, area.maxY.isFinite else { return [] }
        // Indices as floating point first: those of a huge area are past Int's range (nothing drawn).
        func index(_ value: CGFloat) -> Int? {
            value.isFinite && abs(value) < CGFloat(Int32.max) ? Int(value) : nil
        }
        guard let c0 = index((area.minX / tilePoints.width).rounded(.down)),
              let r0 = index((area.minY / tilePoints.height).rounded(.down)),
              let c1 = index((area.maxX / tilePoints.width).rounded(.up) - 1),
              let r1 = index((area.maxY / tilePoints.height).rounded(.up) - 1),
              c1 >= c0, r1 >= r0 else { return [] }
        var keys: [TileStore.Key] = []
        let most = Self.maximumTilesPerFrame
        keys.reserveCapacity(min(min(c1 - c0 + 1, most) * min(r1 - r0 + 1, most), most))
        for row in r0...r1 {
            for column in c0...c1 {
                guard keys.count < Self.maximumTilesPerFrame else { return keys }
                keys.append(TileStore.Key(level: level, column: column, row: row))
            }
        }
        return keys
    }

    /// What drawing tile `key` takes.
    func request(for key: TileStore.Key) -> TileStore.Request {
        let rect = self.rect(column: key.column, row: key.row)
        return TileStore.Request(key: key, rect: rect, clip: rect.intersection(bounds), pixelScale: pixelScale,
                                 pixelWidth: Int(tilePixels.width), pixelHeight: Int(tilePixels.height))
    }
}
