import CoreGraphics
import Foundation

/// A layer whose content is drawn in tiles, on demand, as the screen shows them.
///
/// The renderer asks for the tiles that intersect what it shows, at the level of detail that suits
/// the layer's scale on screen; each missing tile is drawn by `draw(in:)` (so by the delegate's
/// `draw(_:in:)`) **on a background thread** (two worker threads serve all tiled layers), into a
/// context whose clip is the tile's rectangle in layer coordinates (`ctx.boundingBoxOfClipPath`)
/// and whose transform maps layer points to the tile's pixels (`tileSize` pixels a side). Drawing
/// code must therefore be thread-safe (a `UIView` delegate is the exception: UIKit runs its
/// `draw(_:)` on the main thread while the worker waits). Finished tiles are kept per level of detail (at most
/// `TileStore.defaultCapacity` of them, the least recently shown going first) and fade in over
/// `fadeDuration()`. The layer's `contents` are its tiles: `display()` draws nothing, and
/// `setNeedsDisplay()` / `setNeedsDisplay(_:)` throw away all tiles / those meeting the rectangle,
/// which are drawn again when next shown.
///
/// Offscreen rendering (`CARenderer`, `render(in:)`, snapshots) draws the missing tiles at once on
/// the calling thread and shows them fully faded in, so its pictures are deterministic.
///
/// Levels of detail: level 0 has `contentsScale` pixels per point; level k has 2^k times that.
/// The layer keeps the levels from `levelsOfDetailBias` (magnified) down through
/// `levelsOfDetailBias − levelsOfDetail + 1`, and draws the coarsest kept level that is at least as
/// sharp as the screen (the layer's accumulated transform and the target's scale), or the nearest
/// kept one. While a tile of that level is missing or fading in, finished tiles of other levels
/// show beneath it.
open class CATiledLayer: CALayer {
    /// The time newly drawn tiles take to fade in, seconds (0.25 by default). Override it in a
    /// subclass to change it (0: tiles appear at once).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The size of a tile in pixels of level 0 (default 256×256): a tile covers
    /// `tileSize / contentsScale` points. Non-finite sizes are ignored; sides are clamped to 16...4096.
    open var tileSize: CGSize {
        get { value(forKey: "tileSize") as? CGSize ?? Self.defaultTileSize }
        set { setValue(newValue, forKey: "tileSize") }
    }

    /// How many levels of detail are kept, each half the resolution of the one before (default 1).
    /// Clamped to 1...16; at render time also to the levels whose layer is at least one pixel wide.
    open var levelsOfDetail: Int {
        get { value(forKey: "levelsOfDetail") as? Int ?? 1 }
        set { setValue(newValue, forKey: "levelsOfDetail") }
    }

    /// How many of the levels are magnified (2×, 4×, ...: sharper than `contentsScale`) (default 0).
    /// Clamped to 0...16.
    open var levelsOfDetailBias: Int {
        get { value(forKey: "levelsOfDetailBias") as? Int ?? 0 }
        set { setValue(newValue, forKey: "levelsOfDetailBias") }
    }

    static let defaultTileSize = CGSize(width: 256, height: 256)
    static let tileSideRange: ClosedRange<CGFloat> = 16...4096
    static let levelRange = 1...16
    static let biasRange = 0...16

    /// The finished tiles, shared with the render side (their reference travels in the layer's values).
    package var tileStore: TileStore {
        if let store = extraValues[TileStore.valueKey] as? TileStore { return store }
        // A layer made without `init()` (none is expected) still gets one.
        let store = makeStore()
        properties.extraValues[TileStore.valueKey] = store
        return store
    }

    public override init() {
        super.init()
        properties.extraValues[TileStore.valueKey] = makeStore()
    }

    /// A copy draws its own tiles (a store is tied to the layer that draws into it).
    public override init(layer: Any) {
        super.init(layer: layer)
        properties.extraValues[TileStore.valueKey] = makeStore()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        properties.extraValues[TileStore.valueKey] = makeStore()
    }

    private func makeStore() -> TileStore {
        let fade = type(of: self).fadeDuration()
        return TileStore(fadeDuration: fade.isFinite ? max(0, fade) : 0) { [weak self] ctx in
            guard let self else { return false }
            self.draw(in: ctx)
            return true
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "tileSize": return defaultTileSize
        case "levelsOfDetail": return 1
        case "levelsOfDetailBias": return 0
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The tile keys are stored by key, converted and clamped first; a value that does not convert
    /// (wrong type, NaN) is ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        let converted: Any??
        switch key {
        case "tileSize":
            converted = KeyedValue.size(value).map { s in
                CGSize(width: min(max(s.width, Self.tileSideRange.lowerBound), Self.tileSideRange.upperBound),
                       height: min(max(s.height, Self.tileSideRange.lowerBound), Self.tileSideRange.upperBound))
            }
        case "levelsOfDetail":
            converted = KeyedValue.scalar(value).map { Int(min(max($0.rounded(), 1), 16)) }
        case "levelsOfDetailBias":
            converted = KeyedValue.scalar(value).map { Int(min(max($0.rounded(), 0), 16)) }
        case TileStore.valueKey:
            return  // the store is the layer's own
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key)
    }

    /// Throws away every tile; they are drawn again as they are shown.
    open override func setNeedsDisplay() {
        tileStore.invalidate(nil)
        super.setNeedsDisplay()
    }

    /// Throws away the tiles that meet `r` (layer coordinates); they are drawn again as they are shown.
    open override func setNeedsDisplay(_ r: CGRect) {
        tileStore.invalidate(r)
        super.setNeedsDisplay(r)
    }

    /// Draws nothing: a tiled layer's content is its tiles, drawn on demand.
    open override func display() {}
}
