import CALinuxGLES

/// Textures kept by key while they are drawn (GL thread only): a lookup marks its entry as used in
/// the current frame; entries no frame used for `keptFrames` frames are deleted (checked every 30
/// frames). An entry may hold an object alive with its texture (an image whose identity is the key).
final class GLESKeptTextures<Key: Hashable> {
    static var keptFrames: UInt64 { 120 }

    private struct Entry {
        let texture: GLuint
        let owner: AnyObject?
        var lastFrame: UInt64
    }

    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var frame: UInt64 = 0

    var count: Int { entries.count }

    /// The texture kept for `key`, marked as used in this frame; nil when none is.
    func texture(for key: Key) -> GLuint? {
        guard var entry = entries[key] else { return nil }
        entry.lastFrame = frame
        entries[key] = entry
        return entry.texture
    }

    /// Keeps `texture` for `key` (and `owner` alive with it).
    func keep(_ texture: GLuint, for key: Key, holding owner: AnyObject? = nil) {
        entries[key] = Entry(texture: texture, owner: owner, lastFrame: frame)
    }

    /// Ends a frame: deletes the textures not drawn for a while.
    func endFrame() {
        frame += 1
        guard frame % 30 == 0 else { return }
        for (key, entry) in entries where frame - entry.lastFrame > Self.keptFrames {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
            entries[key] = nil
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
