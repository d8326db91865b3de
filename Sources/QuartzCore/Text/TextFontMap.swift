import CALinuxCairo
import CALinuxPangoCairo
import Foundation

/// The Pango font map and context text is laid out with on one thread, kept for the few device
/// scales in recent use.
///
/// Pango makes a font (with its cairo scaled font, glyph extents and fontconfig patterns) per
/// description *and* device matrix, and keeps them in its font map. A window whose output scale or
/// mode keeps changing redraws its text at scale after scale; a font map that lives for the whole
/// process would keep every scale's fonts. So each thread keeps its own map and one context on it
/// (reused, not made per draw), remembers the last `keptScales` device scales it drew at, and when
/// text is drawn at a scale that pushes the oldest out, starts over with a fresh map: fonts of
/// scales no longer in use are released (those still in use are made again on their next draw).
final class TextFontMap {
    /// How many distinct device scales keep their fonts (e.g. two outputs' scales and a fractional
    /// step between them).
    static let keptScales = 4

    private(set) var fontMap: UnsafeMutablePointer<PangoFontMap>
    private(set) var context: OpaquePointer
    /// Device scales drawn at, most recent last (`scaleKey`).
    private var recentScales: [Int64] = []
    /// Fresh font maps made because a scale fell out of use (for tests).
    private(set) var resets = 0

    private init() {
        (fontMap, context) = Self.makeMapAndContext()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    private static func makeMapAndContext() -> (UnsafeMutablePointer<PangoFontMap>, OpaquePointer) {
        let map = pango_cairo_font_map_new()!
        return (map, pango_font_map_create_context(map)!)
    }

    private static let perThread = ThreadLocal { TextFontMap() }

    /// This thread's font map (Pango's font maps are not shared between threads).
    static var current: TextFontMap { perThread.value }

    /// A new layout for drawing into `cr` (its device matrix and target's font options applied);
    /// the caller unrefs it.
    func makeLayout(for cr: OpaquePointer?) -> OpaquePointer? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        noteScale(Self.scaleKey(matrix))
        pango_cairo_update_context(cr, context)
        return pango_layout_new(context)
    }

    /// The scale of a device matrix (the geometric mean of its axes' scales), in 1/1000ths: what
    /// makes Pango pick other font instances.
    static func scaleKey(_ m: cairo_matrix_t) -> Int64 {
        let determinant = abs(m.xx * m.yy - m.xy * m.yx)
        guard determinant.isFinite else { return 0 }
        return Int64((determinant.squareRoot() * 1000).rounded())
    }

    private func noteScale(_ key: Int64) {
        if let index = recentScales.firstIndex(of: key) {
            recentScales.remove(at: index)
            recentScales.append(key)
            return
        }
        recentScales.append(key)
        guard recentScales.count > Self.keptScales else { return }
        recentScales.removeFirst()
        reset()
    }

    /// Drops every font made so far: a fresh map and context replace the old ones (layouts made
    /// earlier keep theirs alive until they go).
    private func reset() {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        (fontMap, context) = Self.makeMapAndContext()
        resets += 1
    }
}
