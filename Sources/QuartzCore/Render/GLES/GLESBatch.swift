import CALinuxGLES
import CoreGraphics

/// A premultiplied colour as the shader takes it.
struct GLESColor {
    var r: Float, g: Float, b: Float, a: Float

    /// `color` (sRGB components, straight alpha) premultiplied, times `alpha`.
    init?(_ color: CGColor?, alpha: CGFloat) {
        guard let color, color.patternImage == nil else { return nil }
        self.init(rgba: color.rgba, alpha: alpha)
    }

    /// A colour from its straight RGBA values (nil: none), premultiplied, times `alpha`.
    init?(rgba c: (r: Double, g: Double, b: Double, a: Double)?, alpha: CGFloat) {
        guard let c else { return nil }
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

/// How a quad reads a gradient's ramp texture (`GLESGradientRamps`).
enum GLESRamp {
    /// At the texture coordinate's distance from the origin.
    case radial
    /// At the texture coordinate's angle from the x axis, a whole turn being the ramp.
    case conic
}

/// One quad of the frame: a rectangle of a layer's bounds space placed on the device.
struct GLESQuad {
    /// The rectangle the shape is cut from (bounds space).
    var shape: CGRect
    /// Bounds space to device pixels (y down).
    var toDevice: Homography
    var color: GLESColor
    var radius: CGFloat = 0
    /// The corners `radius` rounds (`CACornerMask` bits: min x min y 1, max x min y 2, min x max y 4,
    /// max x max y 8); the others are square.
    var corners: UInt8 = 15
    /// A border ring of this width inside `shape` (0: a fill).
    var border: CGFloat = 0
    /// Edges without antialiasing (the pixel centre decides).
    var aliased = false
    /// How far beyond `shape` the drawn quad reaches (bounds-space units), so that partly covered
    /// pixels along the edges are drawn; 0 for quads on whole pixels.
    var margin: CGFloat = 0
    /// The texture's unit rectangle that `shape` shows (nil: a solid colour).
    var textureRect: CGRect?
    /// When set, the texture coordinate of each bounds-space point instead of `textureRect`'s
    /// stretch (e.g. a device-space target sampled under a rotated shape, a gradient's ramp).
    var textureMap: CGAffineTransform?
    /// The unit rectangle texture coordinates are clamped to before sampling (nil: the whole texture).
    var textureClamp: CGRect?
    /// A gradient's ramp sampled by the texture coordinate's distance from the origin or its angle
    /// (`textureMap` maps the shape into the gradient's space; the texture is the ramp).
    var ramp: GLESRamp?

    /// The whole texture.
    static let wholeTexture = CGRect(x: 0, y: 0, width: 1, height: 1)
}

/// The uniforms a frame sets for every variant: the target's size and row order, the clip pass.
struct GLESUniforms: Equatable {
    var width: Float = 1, height: Float = 1
    var flipsRows = true
    var clipPass = false
}

/// Collects a frame's quads into one vertex buffer and draws them with as few calls as the texture,
/// clip and program variant changes allow (GL thread only).
///
/// A quad takes the cheapest variant that draws it exactly; it joins the quads before it when their
/// variant does all it needs (a fill after rounded corners), and breaks the batch otherwise.
final class GLESBatch {
    /// Quads per draw call at most (16-bit indices).
    static let maximumQuads = 8192
    /// The pending quads' vertices, written in place (no array growth checks per value): full vertices
    /// (`GLESProgram.floatsPerVertex`), or only position and colour (`compactFloatsPerVertex`) in a
    /// batch of the plain variant, whose program reads nothing else.
    private let vertices = UnsafeMutablePointer<Float>.allocate(capacity: GLESBatch.maximumQuads * 4 * GLESProgram.floatsPerVertex)
    @exclusivity(unchecked) private var floatsUsed = 0
    static let compactFloatsPerVertex = 7
    @exclusivity(unchecked) private var quadCount = 0
    @exclusivity(unchecked) private var boundTexture: GLuint = 0
    @exclusivity(unchecked) private var boundNearest = false
    @exclusivity(unchecked) private var boundMipmapped = false
    @exclusivity(unchecked) private var vertexBuffer: GLuint = 0
    @exclusivity(unchecked) private var indexBuffer: GLuint = 0
    /// The variant the pending quads need.
    @exclusivity(unchecked) private var variant: GLESProgram.Variant = []
    @exclusivity(unchecked) private var programs: GLESProgramSet?
    @exclusivity(unchecked) private var usedProgram: GLuint = 0
    /// The uniforms wanted now, and those last set in each variant's program.
    @exclusivity(unchecked) private(set) var uniforms = GLESUniforms()
    @exclusivity(unchecked) private var applied: [GLESUniforms?] = Array(repeating: nil, count: GLESProgram.Variant.all.count)
    /// Draw calls since `resetCounters` (for tests and the benchmark), and those per variant.
    @exclusivity(unchecked) private(set) var drawCalls = 0
    @exclusivity(unchecked) private(set) var quadsDrawn = 0
    @exclusivity(unchecked) private(set) var drawCallsByVariant = Array(repeating: 0, count: GLESProgram.Variant.all.count)

    init() {}

    deinit {
        vertices.deallocate()
    }

    /// Makes the buffers (the context is current) and starts drawing with `programs`, whose uniforms
    /// are set again at their first use.
    func prepare(programs: GLESProgramSet) {
        self.programs = programs
        usedProgram = 0
        applied = Array(repeating: nil, count: applied.count)
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
        drawCallsByVariant = Array(repeating: 0, count: drawCallsByVariant.count)
    }

    /// Sets the target's size and row order (the quads before are drawn with the old ones).
    func setTarget(width: Int, height: Int, flipsRows: Bool) {
        var next = uniforms
        next.width = Float(width)
        next.height = Float(height)
        next.flipsRows = flipsRows
        setUniforms(next)
    }

    /// Starts or ends drawing a clip's shape into the stencil.
    func setClipPass(_ on: Bool) {
        var next = uniforms
        next.clipPass = on
        setUniforms(next)
    }

    private func setUniforms(_ next: GLESUniforms) {
        guard next != uniforms else { return }
        flush()
        uniforms = next
    }

    /// Adds `quad`, sampling `texture` when it has a texture rectangle (a change of texture draws
    /// what came before first).
    func add(_ quad: GLESQuad, texture: GLuint = 0, nearest: Bool = false, mipmapped: Bool = false) {
        if quad.textureRect != nil, texture != boundTexture || nearest != boundNearest || mipmapped != boundMipmapped {
            if variant.contains(.textured), quadCount > 0 { flush() }
            boundTexture = texture
            boundNearest = nearest
            boundMipmapped = mipmapped
        }
        let s = quad.shape
        var needs: GLESProgram.Variant = quad.textureRect != nil ? .textured : []
        if quad.ramp != nil { needs.formUnion([.textured, .ramp]) }
        var m = quad.margin
        if uniforms.clipPass || quad.radius > 0 || quad.border > 0 {
            needs.insert(.coverage)
        } else if !quad.aliased {
            // On whole pixels, axis-aligned, the shape itself is drawn: the rasterizer covers exactly its pixels.
            if Self.coversWholePixels(s, quad.toDevice) { m = 0 } else { needs.insert(.coverage) }
        }
        if quadCount == Self.maximumQuads || (quadCount > 0 && !variant.isSuperset(of: needs)) { flush() }
        if quadCount == 0 { variant = needs }

        let outer = s.insetBy(dx: -m, dy: -m)
        let p0 = quad.toDevice.mapHomogeneous(CGPoint(x: outer.minX, y: outer.minY))
        let p1 = quad.toDevice.mapHomogeneous(CGPoint(x: outer.maxX, y: outer.minY))
        let p2 = quad.toDevice.mapHomogeneous(CGPoint(x: outer.minX, y: outer.maxY))
        let p3 = quad.toDevice.mapHomogeneous(CGPoint(x: outer.maxX, y: outer.maxY))
        let cx = Float(s.midX), cy = Float(s.midY), hw = Float(s.width / 2), hh = Float(s.height / 2)
        // The last: 0 no texture, 1 a texture, 2 a radial ramp, 3 a conic one.
        let sampling: Float = quad.ramp == .radial ? 2 : quad.ramp == .conic ? 3 : quad.textureRect != nil ? 1 : 0
        // The third: aliased (1) plus twice the rounded corners' mask.
        let shape = (Float(quad.radius), Float(quad.border), Float(quad.aliased ? 1 : 0) + 2 * Float(quad.corners & 15), sampling)
        let c = quad.color
        let t = quad.textureRect ?? .zero
        let k = quad.textureClamp ?? GLESQuad.wholeTexture
        // Corners in strip order: top-left, top-right, bottom-left, bottom-right.
        if variant.isEmpty {
            // The plain variant reads the position and the colour only.
            func corner(_ p: (x: CGFloat, y: CGFloat, w: CGFloat)) {
                let w = vertices + floatsUsed
                w[0] = Float(p.x); w[1] = Float(p.y); w[2] = Float(p.w)
                w[3] = c.r; w[4] = c.g; w[5] = c.b; w[6] = c.a
                floatsUsed += Self.compactFloatsPerVertex
            }
            corner(p0)
            corner(p1)
            corner(p2)
            corner(p3)
            quadCount += 1
            return
        }
        func vertex(_ p: (x: CGFloat, y: CGFloat, w: CGFloat), _ x: CGFloat, _ y: CGFloat) {
            var u = s.width != 0 ? t.minX + (x - s.minX) / s.width * t.width : t.minX
            var v = s.height != 0 ? t.minY + (y - s.minY) / s.height * t.height : t.minY
            if let m = quad.textureMap {
                u = m.a * x + m.c * y + m.tx
                v = m.b * x + m.d * y + m.ty
            }
            let w = vertices + floatsUsed
            w[0] = Float(p.x); w[1] = Float(p.y); w[2] = Float(p.w)
            w[3] = Float(x); w[4] = Float(y); w[5] = Float(u); w[6] = Float(v)
            w[7] = c.r; w[8] = c.g; w[9] = c.b; w[10] = c.a
            w[11] = cx; w[12] = cy; w[13] = hw; w[14] = hh
            w[15] = shape.0; w[16] = shape.1; w[17] = shape.2; w[18] = shape.3
            w[19] = Float(k.minX); w[20] = Float(k.minY); w[21] = Float(k.maxX); w[22] = Float(k.maxY)
            floatsUsed += GLESProgram.floatsPerVertex
        }
        vertex(p0, outer.minX, outer.minY)
        vertex(p1, outer.maxX, outer.minY)
        vertex(p2, outer.minX, outer.maxY)
        vertex(p3, outer.maxX, outer.maxY)
        quadCount += 1
    }

    /// Whether `rect` lands under `toDevice` as an axis-aligned rectangle on whole pixels.
    private static func coversWholePixels(_ rect: CGRect, _ toDevice: Homography) -> Bool {
        guard toDevice.m13 == 0, toDevice.m23 == 0, toDevice.m33 == 1, toDevice.m12 == 0, toDevice.m21 == 0 else { return false }
        let a = toDevice.mapHomogeneous(CGPoint(x: rect.minX, y: rect.minY))
        let b = toDevice.mapHomogeneous(CGPoint(x: rect.maxX, y: rect.maxY))
        func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-3 }
        return whole(a.x) && whole(a.y) && whole(b.x) && whole(b.y)
    }

    /// Draws the quads collected so far (the target is set up).
    func flush() {
        guard quadCount > 0, let programs else { return }
        let program = programs[variant]
        if usedProgram != program.program {
            glUseProgram(program.program)
            usedProgram = program.program
        }
        if applied[variant.rawValue] != uniforms {
            glUniform2f(program.viewport, uniforms.width, uniforms.height)
            glUniform1f(program.flipY, uniforms.flipsRows ? -1 : 1)
            // Offscreen targets hold cairo's byte order (blue first), window surfaces GL's.
            glUniform1f(program.swapRB, uniforms.flipsRows ? 1 : 0)
            glUniform1f(program.clipPass, uniforms.clipPass ? 1 : 0)
            applied[variant.rawValue] = uniforms
        }
        if variant.contains(.textured) {
            glBindTexture(GLenum(GL_TEXTURE_2D), boundTexture)
            GLESTextureCache.setSampling(nearest: boundNearest, mipmapped: boundMipmapped)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), floatsUsed * MemoryLayout<Float>.size, vertices, GLenum(GL_STREAM_DRAW))
        if variant.isEmpty {
            let stride = GLsizei(Self.compactFloatsPerVertex * 4)
            for attribute in GLESProgram.Attribute.allCases {
                switch attribute {
                case .position, .color:
                    glEnableVertexAttribArray(attribute.rawValue)
                    glVertexAttribPointer(attribute.rawValue, attribute.size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                          UnsafeRawPointer(bitPattern: attribute == .position ? 0 : 3 * 4))
                default:
                    glDisableVertexAttribArray(attribute.rawValue)
                }
            }
        } else {
            let stride = GLsizei(GLESProgram.floatsPerVertex * 4)
            for attribute in GLESProgram.Attribute.allCases {
                glEnableVertexAttribArray(attribute.rawValue)
                glVertexAttribPointer(attribute.rawValue, attribute.size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                      UnsafeRawPointer(bitPattern: attribute.offset * 4))
            }
        }
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        glDrawElements(GLenum(GL_TRIANGLES), GLsizei(quadCount * 6), GLenum(GL_UNSIGNED_SHORT), nil)
        drawCalls += 1
        drawCallsByVariant[variant.rawValue] += 1
        quadsDrawn += quadCount
        floatsUsed = 0
        quadCount = 0
    }

    /// Forgets which program is in use: another program drew since (it is bound again at the next draw).
    func programChanged() {
        usedProgram = 0
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
