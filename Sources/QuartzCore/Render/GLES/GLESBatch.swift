import CGLES
import CoreGraphics

/// A premultiplied colour as the shader takes it.
struct GLESColor {
    var r: Float, g: Float, b: Float, a: Float

    /// `color` (sRGB components, straight alpha) premultiplied, times `alpha`.
    init?(_ color: CGColor?, alpha: CGFloat) {
        guard let color, color.patternImage == nil else { return nil }
        let c = color.rgba
        let a = Float(min(max(CGFloat(c.a) * alpha, 0), 1))
        guard a > 0 else { return nil }
        r = Float(min(max(c.r, 0), 1)) * a
        g = Float(min(max(c.g, 0), 1)) * a
        b = Float(min(max(c.b, 0), 1)) * a
        self.a = a
    }

    init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// White at `alpha`: the modulation of a texture drawn at that opacity.
    static func white(_ alpha: CGFloat) -> GLESColor {
        let a = Float(min(max(alpha, 0), 1))
        return GLESColor(r: a, g: a, b: a, a: a)
    }
}

/// One quad of the frame: a rectangle of a layer's bounds space placed on the device.
struct GLESQuad {
    /// The rectangle the shape is cut from (bounds space).
    var shape: CGRect
    /// Bounds space to device pixels (y down).
    var toDevice: Homography
    var color: GLESColor
    var radius: CGFloat = 0
    /// A border ring of this width inside `shape` (0: a fill).
    var border: CGFloat = 0
    /// Edges without antialiasing (the pixel centre decides).
    var aliased = false
    /// How far beyond `shape` the drawn quad reaches (bounds-space units), so that partly covered
    /// pixels along the edges are drawn; 0 for quads on whole pixels.
    var margin: CGFloat = 0
    /// The texture's unit rectangle that `shape` shows (nil: a solid colour).
    var textureRect: CGRect?

    /// The whole texture.
    static let wholeTexture = CGRect(x: 0, y: 0, width: 1, height: 1)
}

/// Collects a frame's quads into one vertex buffer and draws them with as few calls as the texture
/// and clip changes allow (GL thread only).
final class GLESBatch {
    /// Quads per draw call at most (16-bit indices).
    static let maximumQuads = 8192
    private var vertices: [Float] = []
    private var quadCount = 0
    private var boundTexture: GLuint = 0
    private var boundNearest = false
    private var boundMipmapped = false
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    /// Draw calls since `resetCounters` (for tests and the benchmark).
    private(set) var drawCalls = 0
    private(set) var quadsDrawn = 0

    init() {
        vertices.reserveCapacity(Self.maximumQuads * 4 * GLESProgram.floatsPerVertex)
    }

    /// Makes the buffers (the context is current).
    func prepare() {
        guard vertexBuffer == 0 else { return }
        glGenBuffers(1, &vertexBuffer)
        glGenBuffers(1, &indexBuffer)
        var indices = [UInt16]()
        indices.reserveCapacity(Self.maximumQuads * 6)
        for q in 0..<Self.maximumQuads {
            let v = UInt16(q * 4)
            indices += [v, v + 1, v + 2, v + 2, v + 1, v + 3]
        }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), indices.count * 2, indices, GLenum(GL_STATIC_DRAW))
    }

    func resetCounters() {
        drawCalls = 0
        quadsDrawn = 0
    }

    /// Adds `quad`, sampling `texture` when it has a texture rectangle (a change of texture draws
    /// what came before first).
    func add(_ quad: GLESQuad, texture: GLuint = 0, nearest: Bool = false, mipmapped: Bool = false) {
        if quad.textureRect != nil, texture != boundTexture || nearest != boundNearest || mipmapped != boundMipmapped {
            if hasTexturedQuads { flush() }
            boundTexture = texture
            boundNearest = nearest
            boundMipmapped = mipmapped
        }
        if quadCount == Self.maximumQuads { flush() }
        let s = quad.shape, m = quad.margin
        let outer = s.insetBy(dx: -m, dy: -m)
        let cx = Float(s.midX), cy = Float(s.midY), hw = Float(s.width / 2), hh = Float(s.height / 2)
        let shape = (Float(quad.radius), Float(quad.border), Float(quad.aliased ? 1 : 0),
                     Float(quad.textureRect != nil ? 1 : 0))
        let c = quad.color
        let t = quad.textureRect ?? .zero
        if quad.textureRect != nil { hasTexturedQuads = true }
        // Corners in strip order: top-left, top-right, bottom-left, bottom-right. (Appended one value at a
        // time: no array per vertex.)
        func vertex(_ x: CGFloat, _ y: CGFloat) {
            let p = quad.toDevice.mapHomogeneous(CGPoint(x: x, y: y))
            let u = s.width != 0 ? t.minX + (x - s.minX) / s.width * t.width : t.minX
            let v = s.height != 0 ? t.minY + (y - s.minY) / s.height * t.height : t.minY
            vertices.append(Float(p.x)); vertices.append(Float(p.y)); vertices.append(Float(p.w))
            vertices.append(Float(x)); vertices.append(Float(y)); vertices.append(Float(u)); vertices.append(Float(v))
            vertices.append(c.r); vertices.append(c.g); vertices.append(c.b); vertices.append(c.a)
            vertices.append(cx); vertices.append(cy); vertices.append(hw); vertices.append(hh)
            vertices.append(shape.0); vertices.append(shape.1); vertices.append(shape.2); vertices.append(shape.3)
        }
        vertex(outer.minX, outer.minY)
        vertex(outer.maxX, outer.minY)
        vertex(outer.minX, outer.maxY)
        vertex(outer.maxX, outer.maxY)
        quadCount += 1
    }

    private var hasTexturedQuads = false

    /// Draws the quads collected so far (the program and target are set up).
    func flush() {
        guard quadCount > 0 else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), boundTexture)
        if hasTexturedQuads { GLESTextureCache.setSampling(nearest: boundNearest, mipmapped: boundMipmapped) }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        vertices.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        let stride = GLsizei(GLESProgram.floatsPerVertex * 4)
        for attribute in GLESProgram.Attribute.allCases {
            glEnableVertexAttribArray(attribute.rawValue)
            glVertexAttribPointer(attribute.rawValue, attribute.size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: attribute.offset * 4))
        }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(quadCount * 6), GLenum(GL_UNSIGNED_SHORT), nil)
        drawCalls += 1
        quadsDrawn += quadCount
        vertices.removeAll(keepingCapacity: true)
        quadCount = 0
        hasTexturedQuads = false
    }

    /// Draws the quads collected so far replacing the pixels under them (no blending).
    func flushReplacing() {
        glDisable(GLenum(GL_BLEND))
        flush()
        glEnable(GLenum(GL_BLEND))
    }

    func delete() {
        if vertexBuffer != 0 { glDeleteBuffers(1, &vertexBuffer) }
        if indexBuffer != 0 { glDeleteBuffers(1, &indexBuffer) }
        vertexBuffer = 0
        indexBuffer = 0
    }
}
