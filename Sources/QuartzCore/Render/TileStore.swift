import CoreGraphics
import Foundation

/// The tiles of one `CATiledLayer`, shared by the model layer (which draws them and invalidates
/// them) and every render side that shows it (which asks for them and draws them). Thread-safe:
/// its state is behind one lock; tiles are drawn outside it, by `TileWorkers` or, offscreen, by
/// the caller.
///
/// A tile is keyed by its level of detail, column and row; it is kept with the media time it was
/// finished (its fade-in starts there). Invalidation bumps a generation: a tile drawn for an older
/// one is dropped when it comes back. `version` counts the changes a picture of the layer can
/// show (a tile finished, tiles thrown away), so a damage tracker knows when to repaint the layer.
package final class TileStore: @unchecked Sendable {
    /// The key of the store in a tiled layer's values (`extraValues`).
    package static let valueKey = "tileStore"
    /// How many finished tiles a store keeps by default (64 MiB of 256-pixel tiles).
    package static let defaultCapacity = 256
    /// How many requested tiles may wait for a worker; older requests beyond it are dropped.
    static let queueLimit = 512

    package struct Key: Hashable, Sendable {
        package var level: Int
        package var column: Int
        package var row: Int

        package init(level: Int, column: Int, row: Int) {
            self.level = level
            self.column = column
            self.row = row
        }
    }

    /// What the grid looks like; a change of any of it throws every tile away.
    package struct Layout: Equatable, Sendable {
        var tilePixels: CGSize
        var contentsScale: CGFloat
        var bounds: CGRect
    }

    /// One tile to draw: its rectangle in layer points, the clip (the tile within the bounds), and
    /// its bitmap's size and scale (pixels per point).
    package struct Request: Sendable {
        package var key: Key
        package var rect: CGRect
        package var clip: CGRect
        package var pixelScale: CGFloat
        package var pixelWidth: Int
        package var pixelHeight: Int
    }

    package struct Tile {
        package var image: CGImage
        package var rect: CGRect
        /// When it was finished (media time); `-infinity` for a tile drawn offscreen (no fade).
        package var doneTime: CFTimeInterval
        var lastUse: UInt64
    }

    /// The seconds a new tile takes to fade in (the layer class's `fadeDuration()`).
    package let fadeDuration: CFTimeInterval
    /// How many finished tiles are kept (least recently shown go first).
    package var capacity: Int {
        get { lock.withLock { storedCapacity } }
        set { lock.withLock { storedCapacity = max(1, newValue) } }
    }

    /// Draws the layer into a tile's context (the layer's `draw(in:)`); false when the layer is gone.
    private let drawLayer: (CGContext) -> Bool
    private let lock = NSLock()
    @exclusivity(unchecked) private var tiles: [Key: Tile] = [:]
    /// Tiles requested and not finished (waiting or being drawn).
    @exclusivity(unchecked) private var pending: Set<Key> = []
    @exclusivity(unchecked) private var layout: Layout?
    @exclusivity(unchecked) private var generation: UInt64 = 0
    @exclusivity(unchecked) private var storedVersion: UInt64 = 0
    @exclusivity(unchecked) private var lastDoneTime = -CFTimeInterval.infinity
    @exclusivity(unchecked) private var useCounter: UInt64 = 0
    @exclusivity(unchecked) private var storedCapacity = TileStore.defaultCapacity
    @exclusivity(unchecked) private var storedDrawCount = 0
    @exclusivity(unchecked) private var storedDrawnKeys: [Key] = []

    package init(fadeDuration: CFTimeInterval, draw: @escaping (CGContext) -> Bool) {
        self.fadeDuration = fadeDuration
        self.drawLayer = draw
    }

    /// Changes whenever what the layer shows may have changed (a tile finished or was thrown away).
    package var version: UInt64 { lock.withLock { storedVersion } }

    /// How many tiles have been drawn (for tests and the benchmark).
    package var drawCount: Int { lock.withLock { storedDrawCount } }

    /// The keys of the tiles drawn, in the order they were finished (for tests and traces).
    package var drawnKeys: [Key] { lock.withLock { storedDrawnKeys } }

    /// How many finished tiles are kept now.
    package var tileCount: Int { lock.withLock { tiles.count } }

    /// Whether tiles are being drawn or fading in at media time `t`: the picture still changes.
    package func isBusy(at t: CFTimeInterval) -> Bool {
        lock.withLock { !pending.isEmpty || lastDoneTime + fadeDuration > t }
    }

    /// Whether a tile is fading in at media time `t`.
    package func isFading(at t: CFTimeInterval) -> Bool {
        lock.withLock { lastDoneTime + fadeDuration > t }
    }

    /// A tile's opacity at media time `t`: 0 when it is finished, 1 a fade duration later.
    package func alpha(of tile: Tile, at t: CFTimeInterval) -> CGFloat {
        guard fadeDuration > 0, tile.doneTime.isFinite else { return 1 }
        return CGFloat(min(max((t - tile.doneTime) / fadeDuration, 0), 1))
    }

    /// Throws away the tiles meeting `rect` (layer points; nil: all of them). Tiles being drawn are
    /// dropped when they come back.
    package func invalidate(_ rect: CGRect?) {
        lock.withLock {
            generation &+= 1
            storedVersion &+= 1
            if let rect {
                tiles = tiles.filter { !$0.value.rect.intersects(rect) }
            } else {
                tiles.removeAll()
            }
        }
    }

    /// Looks up `keys` drawn for `layout` (throwing every tile away when the layout changed): the
    /// finished tiles, marked as just used, and the keys still missing and not yet requested.
    package func lookUp(_ keys: [Key], layout: Layout) -> (found: [Tile], missing: [Key]) {
        lock.withLock {
            if self.layout != layout {
                if self.layout != nil {
                    tiles.removeAll()
                    generation &+= 1
                    storedVersion &+= 1
                }
                self.layout = layout
            }
            useCounter &+= 1
            var found: [Tile] = [], missing: [Key] = []
            for key in keys {
                if var tile = tiles[key] {
                    tile.lastUse = useCounter
                    tiles[key] = tile
                    found.append(tile)
                } else if !pending.contains(key) {
                    missing.append(key)
                }
            }
            return (found, missing)
        }
    }

    /// Finished tiles of levels other than `level` that meet `rect`, coarsest first (shown under a
    /// level whose tiles are still coming).
    package func tiles(otherThan level: Int, meeting rect: CGRect) -> [Tile] {
        lock.withLock {
            tiles.filter { $0.key.level != level && $0.value.rect.intersects(rect) }
                .sorted { $0.key.level < $1.key.level }.map(\.value)
        }
    }

    /// Draws `request` now on this thread and keeps it, fully faded in (offscreen rendering).
    /// Returns the tile, or nil when the layer is gone or the bitmap could not be made.
    package func drawNow(_ request: Request) -> Tile? {
        let started = lock.withLock { generation }
        guard let image = render(request) else { return nil }
        return finish(request, image: image, generation: started, doneTime: -.infinity)
    }

    /// Asks the workers for `requests` (newest first); each comes back as a finished tile.
    package func enqueue(_ requests: [Request]) {
        let started: UInt64 = lock.withLock {
            for r in requests { pending.insert(r.key) }
            return generation
        }
        for request in requests {
            TileWorkers.shared.submit { [self] in
                run(request, generation: started)
            } dropped: { [self] in
                lock.withLock { _ = pending.remove(request.key) }
            }
        }
    }

    /// A worker's job: draws the tile unless it was invalidated while waiting.
    private func run(_ request: Request, generation started: UInt64) {
        let current = lock.withLock { generation }
        let image = current == started ? render(request) : nil
        if let image {
            _ = finish(request, image: image, generation: started, doneTime: CACurrentMediaTime())
        } else {
            // Dropped: the next frame asks again if the tile is still shown.
            lock.withLock {
                pending.remove(request.key)
                storedVersion &+= 1
            }
        }
    }

    /// Keeps a drawn tile (unless its generation is gone), evicting the least recently used ones
    /// beyond the capacity.
    private func finish(_ request: Request, image: CGImage, generation started: UInt64, doneTime: CFTimeInterval) -> Tile? {
        lock.withLock {
            pending.remove(request.key)
            storedVersion &+= 1
            storedDrawCount += 1
            storedDrawnKeys.append(request.key)
            // Bounded: the oldest quarter goes at once, not one key per tile.
            if storedDrawnKeys.count > 4096 { storedDrawnKeys.removeFirst(1024) }
            guard started == generation else { return nil }
            useCounter &+= 1
            let tile = Tile(image: image, rect: request.rect, doneTime: doneTime, lastUse: useCounter)
            tiles[request.key] = tile
            lastDoneTime = max(lastDoneTime, doneTime)
            while tiles.count > storedCapacity, let oldest = tiles.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                tiles.removeValue(forKey: oldest.key)
            }
            return tile
        }
    }

    /// The tile's bitmap: y down, layer points scaled to its pixels, clipped to the tile within the bounds.
    private func render(_ r: Request) -> CGImage? {
        guard r.pixelWidth > 0, r.pixelHeight > 0, r.pixelWidth <= 8192, r.pixelHeight <= 8192,
              let ctx = CGContext(data: nil, width: r.pixelWidth, height: r.pixelHeight, bitsPerComponent: 8,
                                  bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(r.pixelHeight))
        ctx.scaleBy(x: r.pixelScale, y: -r.pixelScale)
        ctx.translateBy(x: -r.rect.minX, y: -r.rect.minY)
        ctx.clip(to: r.clip)
        guard drawLayer(ctx) else { return nil }
        return ctx.makeImage()
    }
}
