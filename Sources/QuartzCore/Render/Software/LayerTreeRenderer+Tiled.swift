import CoreGraphics
import Foundation

// Drawing a CATiledLayer: the tiles of the level that suits its scale on screen which meet what the
// context shows (its clip), each faded in by its age; missing ones are asked of the layer's workers
// (window) or drawn at once (offscreen passes, `drawsTilesAsynchronously` false).
extension LayerTreeRenderer {
    /// Draws `layer`'s tiles into `ctx`, whose user space is the layer's bounds space; `alpha` is the
    /// context's current global alpha.
    func drawTiles(of layer: RenderLayer, in ctx: CGContext, alpha: CGFloat) {
        guard let store = layer.extraValues[TileStore.valueKey] as? TileStore else { return }
        let m = ctx.ctm
        // The larger stretch of the two axes: tiles are at least as sharp as the screen along both.
        let deviceScale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        let grid = TileGrid(values: layer.extraValues, contentsScale: layer.contentsScale, bounds: layer.bounds,
                            deviceScale: deviceScale)
        let visible = ctx.boundingBoxOfClipPath.intersection(layer.bounds)
        let keys = grid.keys(meeting: visible)
        guard !keys.isEmpty else { return }
        let found = store.tiles(for: keys, of: grid, drawingMissingAsynchronously: drawsTilesAsynchronously)
        let time = layer.frame.time
        let incomplete = found.count < keys.count || found.contains { store.alpha(of: $0, at: time) < 1 }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: layer.bounds)
        if incomplete {
            // Other levels' finished tiles stand in, beneath, until this level's are in.
            for tile in store.tiles(otherThan: grid.level, meeting: visible) {
                draw(tile, alpha: alpha * store.alpha(of: tile, at: time), in: ctx)
            }
        }
        for tile in found {
            draw(tile, alpha: alpha * store.alpha(of: tile, at: time), in: ctx)
        }
    }

    private func draw(_ tile: TileStore.Tile, alpha: CGFloat, in ctx: CGContext) {
        guard alpha > 0 else { return }
        let rect = tile.rect
        ctx.saveGState()
        ctx.setAlpha(alpha)
        // Images draw upright in a y-up space; the layer space is y down.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(tile.image, in: rect)
        ctx.restoreGState()
    }
}

extension TileStore {
    /// The tiles of `keys` (of `grid`'s level) held now. Missing ones are asked of the layer's workers
    /// when `asynchronously` (a window's frames: they arrive in later frames), otherwise drawn now
    /// and returned too.
    func tiles(for keys: [Key], of grid: TileGrid, drawingMissingAsynchronously asynchronously: Bool) -> [Tile] {
        let (found, missing) = lookUp(keys, layout: grid.layout)
        guard !missing.isEmpty else { return found }
        let requests = missing.map(grid.request(for:))
        guard !asynchronously else {
            // The last asked is drawn first: ask for the rows from the bottom up so the top-left comes first.
            enqueue(requests.reversed())
            return found
        }
        return found + requests.compactMap { drawNow($0) }
    }
}
