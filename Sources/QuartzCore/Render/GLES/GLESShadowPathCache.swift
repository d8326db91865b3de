import CALinuxGLES
import CoreGraphics

/// Textures holding the coverage of shadow paths (GL thread only): each path filled by cairo in
/// device space, as the software renderer fills it to cast its shadow, and kept while the path, its
/// placement and its box stay the same. Those a frame did not use are deleted when it ends.
final class GLESShadowPathCache {
    private struct Entry {
        var path: CGPath
        var toDevice: CGAffineTransform
        var box: CGRect
        var texture: GLuint
        var used: Bool
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    /// Paths filled so far (for tests: a path drawn again in the same place is not filled again).
    @exclusivity(unchecked) private(set) var fills = 0

    /// A texture of `box` (device pixels, rows from the top) holding `path` (in a space `toDevice`
    /// places) filled opaque; nil when no bitmap of that size can be made.
    func texture(for path: CGPath, toDevice: CGAffineTransform, box: CGRect) -> GLuint? {
        if let i = entries.firstIndex(where: { $0.box == box && $0.toDevice == toDevice && $0.path == path }) {
            entries[i].used = true
            return entries[i].texture
        }
        guard let bitmap = LayerTreeRenderer.bitmap(width: Int(box.width), height: Int(box.height)) else { return nil }
        // Device pixels, y down, the box's corner at the bitmap's top-left.
        bitmap.concatenate(bitmap.ctm.inverted())
        bitmap.translateBy(x: 0, y: box.height)
        bitmap.scaleBy(x: 1, y: -1)
        bitmap.translateBy(x: -box.minX, y: -box.minY)
        bitmap.concatenate(toDevice)
        bitmap.addPath(path)
        bitmap.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        bitmap.fillPath()
        fills += 1
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        GLESTextureCache.upload(bitmap, into: texture)
        entries.append(Entry(path: path, toDevice: toDevice, box: box, texture: texture, used: true))
        return texture
    }

    /// Ends a frame: the textures it did not use are deleted.
    func endFrame() {
        for entry in entries where !entry.used {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries.removeAll { !$0.used }
        for i in entries.indices { entries[i].used = false }
    }

    func deleteAll() {
        for entry in entries {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries = []
    }
}
