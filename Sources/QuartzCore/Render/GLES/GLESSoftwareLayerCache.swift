import CALinuxGLES
import CoreGraphics

/// Textures of layers the software renderer drew for the GPU back end, kept while nothing they show
/// changes (GL thread only): a window's frames redraw such a layer (a shadow, a group, text in a
/// shape) only when it or its subtree changed (`DamageTracker.rasterSerials`) or it moved on the
/// device other than by whole pixels; otherwise its texture is drawn again. Entries not drawn in a frame are deleted.
final class GLESSoftwareLayerCache {
    private struct Entry {
        var texture: GLuint
        var frame: UInt64
        var toDevice: CGAffineTransform
        var box: CGRect
        var alpha: CGFloat
        var used: Bool
    }

    @exclusivity(unchecked) private var entries: [ObjectIdentifier: Entry] = [:]
    /// Textures reused / drawn anew (for tests).
    @exclusivity(unchecked) private(set) var hits = 0
    @exclusivity(unchecked) private(set) var misses = 0

    /// The kept texture of `layer` when it was drawn at or after `changedAt` with the same alpha and
    /// the same map and box, or both moved by the same whole pixels (cairo draws the same pixels
    /// moved by whole pixels: a layer scrolled by whole pixels is not drawn again).
    func texture(for layer: ObjectIdentifier, changedAt: UInt64, toDevice: CGAffineTransform, box: CGRect,
                 alpha: CGFloat) -> GLuint? {
        guard var entry = entries[layer], entry.frame >= changedAt, entry.alpha == alpha,
              entry.toDevice.a == toDevice.a, entry.toDevice.b == toDevice.b,
              entry.toDevice.c == toDevice.c, entry.toDevice.d == toDevice.d else { return nil }
        let dx = toDevice.tx - entry.toDevice.tx, dy = toDevice.ty - entry.toDevice.ty
        guard dx == dx.rounded(), dy == dy.rounded(), entry.box.offsetBy(dx: dx, dy: dy) == box else { return nil }
        entry.used = true
        entry.toDevice = toDevice
        entry.box = box
        entries[layer] = entry
        hits += 1
        return entry.texture
    }

    /// Keeps `bitmap` as `layer`'s texture, drawn in `frame`.
    func store(_ bitmap: CGContext, for layer: ObjectIdentifier, frame: UInt64, toDevice: CGAffineTransform,
               box: CGRect, alpha: CGFloat) -> GLuint {
        misses += 1
        var texture = entries[layer]?.texture ?? 0
        if texture == 0 { glGenTextures(1, &texture) }
        GLESTextureCache.upload(bitmap, into: texture)
        entries[layer] = Entry(texture: texture, frame: frame, toDevice: toDevice, box: box, alpha: alpha, used: true)
        return texture
    }

    /// Ends a frame: deletes the textures of layers not drawn in it.
    func endFrame() {
        for (key, entry) in entries {
            if entry.used {
                entries[key]?.used = false
            } else {
                var texture = entry.texture
                glDeleteTextures(1, &texture)
                entries[key] = nil
            }
        }
    }

    func deleteAll() {
        for entry in entries.values {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries.removeAll()
    }
}
