import CALinuxGLES
import Foundation

/// The shader programs of the GPU back end: one source, compiled in six variants. Every quad (a fill,
/// a border ring, an image, a bitmap drawn by the software renderer) has the same vertex layout, so a
/// frame's quads batch into few draw calls, broken only where the texture, the clip or the variant
/// changes.
///
/// Per vertex: the device position (homogeneous x, y, w: perspective interpolates correctly), the
/// point in the layer's bounds space, a texture coordinate, a premultiplied colour, the layer's
/// rectangle (centre and half size, bounds space), its shape (corner radius, border width, whether
/// edges are aliased, whether and how the texture is sampled) and the texture rectangle sampling stays in
/// (a nine-slice piece repeats its own edge pixels, as the piece cut out would). The `coverage` variants compute coverage per
/// fragment from the rectangle: exact box coverage for square corners (what cairo gives an
/// axis-aligned rectangle), a signed distance for rounded ones, the pixel centre's inside test when
/// edges are aliased (as cairo's ANTIALIAS_NONE). Quads whose coverage is the rasterizer's own (aliased
/// edges, or axis-aligned on whole pixels, with square corners and no border) take the variants
/// without it: on a CPU rasterizer such as llvmpipe every instruction of a shader runs for every
/// fragment whichever branch it takes, so the cheap variants are what keeps many small quads cheap.
struct GLESProgram {
    static let floatsPerVertex = 23
    /// Attribute locations, bound before linking.
    enum Attribute: GLuint, CaseIterable {
        case position = 0, local, texCoord, color, rect, shape, texClamp
        var name: String {
            switch self {
            case .position: "a_pos"
            case .local: "a_local"
            case .texCoord: "a_tex"
            case .color: "a_color"
            case .rect: "a_rect"
            case .shape: "a_shape"
            case .texClamp: "a_clamp"
            }
        }
        /// Floats of the attribute (no array per draw call: a switch).
        var size: GLint { self == .local || self == .texCoord ? 2 : self == .position ? 3 : 4 }
        /// Floats before the attribute in a full vertex.
        var offset: Int {
            switch self {
            case .position: 0
            case .local: 3
            case .texCoord: 5
            case .color: 7
            case .rect: 11
            case .shape: 15
            case .texClamp: 19
            }
        }
    }

    /// What a variant computes per fragment beyond the quad's colour.
    struct Variant: OptionSet, Hashable {
        let rawValue: Int
        /// Coverage from the shape (antialiased edges, corners, border rings, the clip pass's discard).
        static let coverage = Variant(rawValue: 1)
        /// Samples the bound texture for quads that ask for it.
        static let textured = Variant(rawValue: 2)
        /// Textured quads whose texture coordinate is a point in a gradient's space: the ramp is sampled
        /// at its distance from the origin (radial) or its angle (conic). Always with `textured`.
        static let ramp = Variant(rawValue: 4)
        /// Every variant, by raw value.
        static let all: [Variant] = (0..<8).map(Variant.init(rawValue:))
    }

    let program: GLuint
    let variant: Variant
    let viewport: GLint
    let flipY: GLint
    let swapRB: GLint
    let clipPass: GLint

    static let vertexSource = """
    attribute vec3 a_pos;
    attribute vec4 a_color;
    uniform vec2 u_viewport;
    uniform float u_flipY;
    uniform float u_swapRB;
    FLAT varying vec4 v_color;
    #ifdef TEXTURED
    attribute vec2 a_tex;
    attribute vec4 a_clamp;
    varying vec2 v_tex;
    FLAT varying vec4 v_clamp;
    #endif
    #if defined(TEXTURED) || defined(COVERAGE)
    attribute vec4 a_shape;
    FLAT varying vec4 v_shape;
    #endif
    #ifdef COVERAGE
    attribute vec2 a_local;
    attribute vec4 a_rect;
    varying vec2 v_local;
    FLAT varying vec4 v_rect;
    #endif
    void main() {
        // Device pixels (y down) to clip space, keeping w for perspective-correct interpolation.
        float x = 2.0 * a_pos.x / u_viewport.x - a_pos.z;
        float y = a_pos.z - 2.0 * a_pos.y / u_viewport.y;
        gl_Position = vec4(x, y * u_flipY, 0.0, a_pos.z);
        // Targets in cairo's byte order take blue first: swapped once per vertex, not per fragment.
        v_color = u_swapRB > 0.5 ? a_color.bgra : a_color;
    #ifdef TEXTURED
        v_tex = a_tex;
        v_clamp = a_clamp;
    #endif
    #if defined(TEXTURED) || defined(COVERAGE)
        v_shape = a_shape;
    #endif
    #ifdef COVERAGE
        v_local = a_local;
        v_rect = a_rect;
    #endif
    }
    """

    static let fragmentSource = """
    precision highp float;
    FLAT varying vec4 v_color;
    #ifdef TEXTURED
    uniform sampler2D u_tex;
    uniform float u_swapRB;
    varying vec2 v_tex;
    FLAT varying vec4 v_clamp;
    #endif
    #if defined(TEXTURED) || defined(COVERAGE)
    FLAT varying vec4 v_shape;
    #endif
    #ifdef COVERAGE
    uniform float u_clipPass;
    varying vec2 v_local;
    FLAT varying vec4 v_rect;

    float roundedBoxDistance(vec2 p, vec2 halfSize, float r) {
        vec2 q = abs(p) - halfSize + vec2(r);
        return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
    }

    // The share of this pixel inside the rectangle of half size `halfSize` (corners of radius r).
    float coverage(vec2 p, vec2 halfSize, float r, vec2 dx, vec2 dy) {
        if (halfSize.x <= 0.0 || halfSize.y <= 0.0) return 0.0;
        if (mod(v_shape.z, 2.0) > 0.5) return roundedBoxDistance(p, halfSize, r) <= 0.0 ? 1.0 : 0.0;
        if (r <= 0.0) {
            vec2 foot = 0.5 * (abs(dx) + abs(dy));
            foot = max(foot, vec2(1e-6));
            vec2 lo = clamp(p - foot, -halfSize, halfSize);
            vec2 hi = clamp(p + foot, -halfSize, halfSize);
            vec2 c = (hi - lo) / (2.0 * foot);
            return c.x * c.y;
        }
        float pixel = max(0.7071 * length(vec2(length(dx), length(dy))), 1e-6);
        return clamp(0.5 - roundedBoxDistance(p, halfSize, r) / pixel, 0.0, 1.0);
    }
    #endif

    void main() {
        vec4 color = v_color;
    #ifdef TEXTURED
        // Textures are multiplied by the colour: white at an alpha for contents, a tint for particles.
        // Texels are in cairo's byte order; `v_color` is already in the target's.
        if (v_shape.w > 0.5) {
            vec2 tc = v_tex;
    #ifdef RAMP
            // A gradient's ramp (512 texels), at the point's distance from the centre (radial, 2) or
            // its angle from the start direction, clockwise on the device (conic, 3).
            if (v_shape.w > 1.5) {
                float t = v_shape.w > 2.5 ? fract(atan(tc.y, tc.x) * 0.15915494) : length(tc);
                tc = vec2(0.5 / 512.0 + clamp(t, 0.0, 1.0) * (511.0 / 512.0), 0.5);
            }
    #endif
            vec4 texel = texture2D(u_tex, clamp(tc, v_clamp.xy, v_clamp.zw));
            color = (u_swapRB > 0.5 ? texel : texel.bgra) * v_color;
        }
    #endif
    #ifdef COVERAGE
        vec2 p = v_local - v_rect.xy;
        vec2 dx = dFdx(v_local), dy = dFdy(v_local);
        // Only the rounded corners' quadrant takes the radius (the mask's bit for this quadrant).
        float quadrant = (p.x > 0.0 ? 1.0 : 0.0) + (p.y > 0.0 ? 2.0 : 0.0);
        float rounded = mod(floor(floor(v_shape.z * 0.5 + 0.25) / exp2(quadrant)), 2.0);
        float r = v_shape.x * rounded, border = v_shape.y;
        float cover = coverage(p, v_rect.zw, r, dx, dy);
        if (border > 0.0) {
            float inner = coverage(p, v_rect.zw - vec2(border), max(r - border, 0.0), dx, dy);
            cover = max(cover - inner, 0.0);
        }
        // Drawing a clip's shape into the stencil: only pixels whose centre it covers count.
        if (u_clipPass > 0.5 && cover < 0.5) discard;
        color *= cover;
    #endif
        gl_FragColor = color;
    }
    """

    /// Compiles and links `variant` for an ES `majorVersion` context (GLSL ES 3.00 on ES 3, 1.00 with
    /// standard derivatives on ES 2).
    static func make(majorVersion: Int, variant: Variant) throws -> GLESProgram {
        let vertexPrefix: String, fragmentPrefix: String
        if majorVersion >= 3 {
            // Per-quad values are flat: not interpolated per fragment (most of a software rasterizer's cost).
            vertexPrefix = "#version 300 es\n#define attribute in\n#define varying out\n#define FLAT flat\n"
            fragmentPrefix = "#version 300 es\n#define varying in\n#define texture2D texture\n#define FLAT flat\nout highp vec4 fragColor;\n#define gl_FragColor fragColor\n"
        } else {
            vertexPrefix = "#version 100\n#define FLAT\n"
            fragmentPrefix = "#version 100\n#extension GL_OES_standard_derivatives : enable\n#define FLAT\n"
        }
        let defines = (variant.contains(.coverage) ? "#define COVERAGE\n" : "")
            + (variant.contains(.textured) ? "#define TEXTURED\n" : "")
            + (variant.contains(.ramp) ? "#define RAMP\n" : "")
        let program = try GLESShaders.link(
            vertex: vertexPrefix + defines + vertexSource, fragment: fragmentPrefix + defines + fragmentSource,
            attributes: Attribute.allCases.map { ($0.rawValue, $0.name) }, what: "the layer shader")
        // The one texture unit, set once.
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_tex"), 0)
        return GLESProgram(program: program, variant: variant, viewport: glGetUniformLocation(program, "u_viewport"),
                           flipY: glGetUniformLocation(program, "u_flipY"),
                           swapRB: glGetUniformLocation(program, "u_swapRB"),
                           clipPass: glGetUniformLocation(program, "u_clipPass"))
    }
}

/// Compiling and linking GLSL: the layer programs, and any program a GL client of the package makes.
package enum GLESShaders {
    /// A program drawn over the whole viewport (the blend-mode and blur passes): `vertex` (reading
    /// `a_corner`) and `fragment` (GLSL ES 1.00 spellings, made 3.00 on an ES 3 context, whose
    /// `fragmentDefines` come after the version line) linked and in use, and a buffer of the
    /// viewport's clip-space corners in strip order.
    static func linkViewportPass(vertex: String, fragment: String, fragmentDefines: String = "", majorVersion: Int,
                                 what: String) throws -> (program: GLuint, corners: GLuint) {
        let vertexPrefix: String, fragmentPrefix: String
        if majorVersion >= 3 {
            vertexPrefix = "#version 300 es\n#define attribute in\n"
            fragmentPrefix = "#version 300 es\n#define texture2D texture\nout highp vec4 fragColor;\n#define gl_FragColor fragColor\n"
        } else {
            vertexPrefix = "#version 100\n"
            fragmentPrefix = "#version 100\n"
        }
        let program = try link(vertex: vertexPrefix + vertex, fragment: fragmentPrefix + fragmentDefines + fragment,
                               attributes: [(0, "a_corner")], what: what)
        glUseProgram(program)
        let corners: [Float] = [-1, -1, 1, -1, -1, 1, 1, 1]
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * 4, corners, GLenum(GL_STATIC_DRAW))
        return (program, buffer)
    }

    /// Compiles `vertex` and `fragment` and links them into a program, binding `attributes` (location,
    /// name) first; a `GLESError` with the driver's log names `what` failed (the context is current).
    package static func link(vertex: String, fragment: String, attributes: [(GLuint, String)],
                             what: String) throws -> GLuint {
        let vertexShader = try compile(GLenum(GL_VERTEX_SHADER), vertex, what: what)
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try compile(GLenum(GL_FRAGMENT_SHADER), fragment, what: what)
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        for (location, name) in attributes { glBindAttribLocation(program, location, name) }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLESError("linking \(what) failed: \(log)")
        }
        return program
    }

    private static func compile(_ type: GLenum, _ source: String, what: String) throws -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, glGetShaderiv, glGetShaderInfoLog)
            glDeleteShader(shader)
            let kind = type == GLenum(GL_VERTEX_SHADER) ? "vertex" : "fragment"
            throw GLESError("compiling \(what)'s \(kind) shader failed: \(log)")
        }
        return shader
    }

    private static func infoLog(_ object: GLuint,
                                _ get: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                                _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var length: GLint = 0
        get(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        read(object, length, nil, &buffer)
        return String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The variants of the layer program, by `Variant.rawValue` (six programs: a ramp is always textured).
struct GLESProgramSet {
    let programs: [GLESProgram]
    subscript(variant: GLESProgram.Variant) -> GLESProgram { programs[variant.rawValue] }
}

/// The programs of one share group, compiled by the first context that draws (then shared).
final class GLESProgramCache: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) private var programs: Result<GLESProgramSet, GLESError>?
    /// How many times the programs were compiled in this share group (for tests: once).
    @exclusivity(unchecked) private(set) var compilations = 0
    /// Held while a frame draws with the programs: their uniforms (the target's size, the clip
    /// pass) are state of the shared program objects, so two windows' render threads drawing at
    /// once would set them under each other.
    let drawLock = NSLock()

    /// The layer programs, compiled now if they never were (the caller's context is current).
    func layerPrograms(majorVersion: Int) throws -> GLESProgramSet {
        lock.lock()
        defer { lock.unlock() }
        if let programs { return try programs.get() }
        compilations += 1
        let made: Result<GLESProgramSet, GLESError>
        do {
            // A ramp is always textured: the untextured ramp variants are the textured ones.
            var programs: [GLESProgram] = []
            for variant in GLESProgram.Variant.all {
                if variant.contains(.ramp), !variant.contains(.textured) {
                    programs.append(try GLESProgram.make(majorVersion: majorVersion, variant: variant.union(.textured)))
                } else if variant.contains([.ramp, .textured]), let made = programs.first(where: { $0.variant == variant }) {
                    programs.append(made)
                } else {
                    programs.append(try GLESProgram.make(majorVersion: majorVersion, variant: variant))
                }
            }
            made = .success(GLESProgramSet(programs: programs))
        } catch let error as GLESError {
            made = .failure(error)
        } catch { made = .failure(GLESError("\(error)")) }
        programs = made
        return try made.get()
    }

    @exclusivity(unchecked) private var blur: Result<GLESBlurProgram, GLESError>?

    /// The shadow blur program, compiled now if it never was (the caller's context is current).
    func blurProgram(majorVersion: Int) throws -> GLESBlurProgram {
        lock.lock()
        defer { lock.unlock() }
        if let blur { return try blur.get() }
        let made: Result<GLESBlurProgram, GLESError>
        do {
            made = .success(try GLESBlurProgram.make(majorVersion: majorVersion))
        } catch let error as GLESError {
            made = .failure(error)
        } catch { made = .failure(GLESError("\(error)")) }
        blur = made
        return try made.get()
    }

    @exclusivity(unchecked) private var blend: Result<GLESBlendProgram, GLESError>?

    /// The blend mode program, compiled now if it never was (the caller's context is current).
    func blendProgram(majorVersion: Int) throws -> GLESBlendProgram {
        lock.lock()
        defer { lock.unlock() }
        if let blend { return try blend.get() }
        let made: Result<GLESBlendProgram, GLESError>
        do {
            made = .success(try GLESBlendProgram.make(majorVersion: majorVersion))
        } catch let error as GLESError {
            made = .failure(error)
        } catch { made = .failure(GLESError("\(error)")) }
        blend = made
        return try made.get()
    }
}
