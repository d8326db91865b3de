import CoreGraphics

/// The bitmaps of `shouldRasterize` layers kept from frame to frame (a renderer's), so that a
/// rasterized layer is drawn into its bitmap again only when what the bitmap shows changed: the
/// layer's own drawing, or anything in its subtree (`DamageTracker.rasterSerials`). Moving the layer
/// (position, transform) keeps its bitmap, as Core Animation's rasterization cache does.
package final class RasterCache {
    struct Entry {
        var image: CGImage
        /// What the bitmap was made for.
        var extent: CGRect
        var scale: CGFloat
        var facing: Facing
        /// The frame it was drawn in, and the last frame it was used in.
        var madeAt: UInt64
        var usedAt: UInt64
    }

    /// Which way the layer's view of its subtree faces (single-sided sublayers depend on it): for an
    /// affine map to the viewer only the orientation, else the whole map.
    enum Facing: Equatable {
        case affine(preservesOrientation: Bool)
        case projective(Homography)

        init(_ toViewer: Homography) {
            if let t = toViewer.affineTransform {
                self = .affine(preservesOrientation: t.a * t.d - t.b * t.c > 0)
            } else {
                self = .projective(toViewer)
            }
        }
    }

    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// Bitmaps drawn (cache misses), for tests and measurements.
    @exclusivity(unchecked) package private(set) var bitmapsDrawn = 0
    /// Frames an unused bitmap is kept.
    static let keepFrames: UInt64 = 120

    package init() {}

    /// The kept bitmap of `layer`, if it was made for the same extent, scale and facing and nothing
    /// it shows changed since (`serial`: the layer's raster serial).
    func image(for layer: ObjectIdentifier, extent: CGRect, scale: CGFloat, facing: Facing, serial: UInt64,
               frame: UInt64) -> CGImage? {
        guard var entry = entries[layer], entry.extent == extent, entry.scale == scale, entry.facing == facing,
              serial <= entry.madeAt else { return nil }
        entry.usedAt = frame
        entries[layer] = entry
        return entry.image
    }

    func store(_ image: CGImage, for layer: ObjectIdentifier, extent: CGRect, scale: CGFloat, facing: Facing,
               frame: UInt64) {
        bitmapsDrawn += 1
        entries[layer] = Entry(image: image, extent: extent, scale: scale, facing: facing, madeAt: frame, usedAt: frame)
    }

    /// What `frame` did with the bitmap of `layer`: true when it drew the kept bitmap (a hit), false
    /// when it drew the layer into a bitmap again (a miss), nil when it did not draw the layer.
    package func use(of layer: ObjectIdentifier, inFrame frame: UInt64) -> Bool? {
        guard let entry = entries[layer] else { return nil }
        if entry.madeAt == frame { return false }
        return entry.usedAt == frame ? true : nil
    }

    /// Whether `frame` drew any layer into a bitmap again.
    package func drewBitmaps(inFrame frame: UInt64) -> Bool {
        entries.values.contains { $0.madeAt == frame }
    }

    /// The layers `frame` drew through the cache, misses and hits.
    package func report(forFrame frame: UInt64) -> RasterCacheReport {
        var report = RasterCacheReport(frame: frame)
        for (layer, entry) in entries {
            if entry.madeAt == frame {
                report.misses.append(layer)
            } else if entry.usedAt == frame {
                report.hits.append(layer)
            }
        }
        return report
    }

    /// Drops the bitmaps not used in the last `keepFrames` frames.
    func endFrame(_ frame: UInt64) {
        guard !entries.isEmpty else { return }
        entries = entries.filter { frame - $0.value.usedAt <= Self.keepFrames }
    }
}

/// What one frame did with the kept `shouldRasterize` bitmaps (`RenderDebugOptions.rasterCacheObserver`).
package struct RasterCacheReport: Sendable {
    /// The frame's serial (a render server's count of its frames).
    package var frame: UInt64
    /// The model layers (`ObjectIdentifier` of the `CALayer`) drawn into their bitmaps again: misses.
    package var misses: [ObjectIdentifier] = []
    /// The model layers whose kept bitmaps were drawn: hits.
    package var hits: [ObjectIdentifier] = []

    package init(frame: UInt64) {
        self.frame = frame
    }
}

/// A frame's access to a raster cache: the cache and the serials that tell which bitmaps are current.
struct RasterCacheFrame {
    let cache: RasterCache
    /// By node index: `DamageTracker.rasterSerials`.
    let serials: [UInt64]
    let frame: UInt64
}
