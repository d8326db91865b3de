import CoreGraphics

// A CATiledLayer drawn by GL, as the software renderer draws it (`LayerTreeRenderer+Tiled.swift`):
// the tiles of the level that suits its scale on the device which meet the drawn area, each a quad
// of its image's texture faded in by its age, cut to the layer's bounds; missing tiles are asked of
// the layer's workers (a window's frames) or drawn at once.
extension GLESRenderer {
    func drawTiles(of layer: RenderLayer, toDevice: Homography, alpha: CGFloat) {
        guard let store = layer.extraValues[TileStore.valueKey] as? TileStore, let affine = toDevice.affineTransform else { return }
        let deviceScale = max((affine.a * affine.a + affine.b * affine.b).squareRoot(),
                              (affine.c * affine.c + affine.d * affine.d).squareRoot())
        let grid = TileGrid(values: layer.extraValues, contentsScale: layer.contentsScale, bounds: layer.bounds,
                            deviceScale: deviceScale)
        let visible = currentScissor.applying(affine.inverted()).intersection(layer.bounds)
        guard !visible.isNull, !visible.isEmpty else { return }
        let keys = grid.keys(meeting: visible)
        guard !keys.isEmpty else { return }
        let found = store.tiles(for: keys, of: grid, drawingMissingAsynchronously: drawsTilesAsynchronously)
        let time = layer.frame.time
        let incomplete = found.count < keys.count || found.contains { store.alpha(of: $0, at: time) < 1 }
        if incomplete {
            // Other levels' finished tiles stand in, beneath, until this level's are in.
            for tile in store.tiles(otherThan: grid.level, meeting: visible) {
                draw(tile, of: layer, toDevice: toDevice, alpha: alpha * store.alpha(of: tile, at: time))
            }
        }
        for tile in found {
            draw(tile, of: layer, toDevice: toDevice, alpha: alpha * store.alpha(of: tile, at: time))
        }
    }

    /// `tile`'s image over its rectangle, the part within the layer's bounds.
    private func draw(_ tile: TileStore.Tile, of layer: RenderLayer, toDevice: Homography, alpha: CGFloat) {
        let rect = tile.rect
        let shown = rect.intersection(layer.bounds)
        guard alpha > 0, rect.width > 0, rect.height > 0, !shown.isNull, !shown.isEmpty else { return }
        let unit = CGRect(x: (shown.minX - rect.minX) / rect.width, y: (shown.minY - rect.minY) / rect.height,
                          width: shown.width / rect.width, height: shown.height / rect.height)
        batch.add(GLESQuad(shape: shown, toDevice: toDevice, color: .white(alpha),
                           margin: pixelMargin(of: shown, toDevice: toDevice), textureRect: unit),
                  texture: textures.texture(for: tile.image), nearest: false, mipmapped: true)
    }
}
