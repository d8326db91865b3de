import CGLES
import Foundation

/// The one shader program of the GPU back end: every quad it draws (a fill, a border ring, an image,
/// a bitmap drawn by the software renderer) is the same vertex layout, so a frame's quads batch into
/// few draw calls, broken only where the texture or the clip changes.
///
/// Per vertex: the device position (homogeneous x, y, w: perspective interpolates correctly), the
/// point in the layer's bounds space, a texture coordinate, a premultiplied colour, the layer's
/// rectangle (centre and half size, bounds space) and its shape (corner radius, border width, whether
/// edges are aliased, whether the texture is sampled). Coverage is computed per fragment from the
/// rectangle: exact box coverage for square corners (what cairo gives an axis-aligned rectangle),
/// a signed distance for rounded ones, the pixel centre's inside test when edges are aliased (as
/// cairo's ANTIALIAS_NONE).
struct GLESProgram {
    static let floatsPerVertex = 19
    /// Attribute locations, bound before linking.
    enum Attribute: GLuint, CaseIterable {
        case position = 0, local, texCoord, color, rect, shape
        var name: String { ["a_pos", "a_local", "a_tex", "a_color", "a_rect", "a_shape"][Int(rawValue)] }
        var size: GLint { [3, 2, 2, 4, 4, 4][Int(rawValue)] }
        var offset: Int { [0, 3, 5, 7, 11, 15][Int(rawValue)] }
    }

    let program: GLuint
    let viewport: GLint
    let flipY: GLint
    let swapRB: GLint
    let clipPass: GLint
    let texture: GLint

    static let vertexSource = """
    attribute vec3 a_pos;
    attribute vec2 a_local;
    attribute vec2 a_tex;
    attribute vec4 a_color;
    attribute vec4 a_rect;
    attribute vec4 a_shape;
    uniform vec2 u_viewport;
    uniform float u_flipY;
    varying vec2 v_local;
    varying vec2 v_tex;
    FLAT varying vec4 v_color;
    FLAT varying vec4 v_rect;
    FLAT varying vec4 v_shape;
    void main() {
        // Device pixels (y down) to clip space, keeping w for perspective-correct interpolation.
        float x = 2.0 * a_pos.x / u_viewport.x - a_pos.z;
        float y = a_pos.z - 2.0 * a_pos.y / u_viewport.y;
        gl_Position = vec4(x, y * u_flipY, 0.0, a_pos.z);
        v_local = a_local;
        v_tex = a_tex;
        v_color = a_color;
        v_rect = a_rect;
        v_shape = a_shape;
    }
    """

    static let fragmentSource = """
    precision highp float;
    uniform sampler2D u_tex;
    uniform float u_swapRB;
    uniform float u_clipPass;
    varying vec2 v_local;
    varying vec2 v_tex;
    FLAT varying vec4 v_color;
    FLAT varying vec4 v_rect;
    FLAT varying vec4 v_shape;

    float roundedBoxDistance(vec2 p, vec2 halfSize, float r) {
        vec2 q = abs(p) - halfSize + vec2(r);
        return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
    }

    // The share of this pixel inside the rectangle of half size `halfSize` (corners of radius r).
    float coverage(vec2 p, vec2 halfSize, float r, vec2 dx, vec2 dy) {
        if (halfSize.x <= 0.0 || halfSize.y <= 0.0) return 0.0;
        if (v_shape.z > 0.5) return roundedBoxDistance(p, halfSize, r) <= 0.0 ? 1.0 : 0.0;
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

    void main() {
        vec4 color = v_color;
        // Textures are multiplied by the colour: white at an alpha for contents, a tint for particles.
        if (v_shape.w > 0.5) color = texture2D(u_tex, v_tex).bgra * v_color;
        // Aliased quads are drawn exactly over their shape: the rasterizer's pixel-centre test is the
        // coverage (rounded corners and borders still cut by the distance).
        if (v_shape.z > 0.5 && v_shape.x <= 0.0 && v_shape.y <= 0.0) {
            gl_FragColor = u_swapRB > 0.5 ? color.bgra : color;
            return;
        }
        vec2 p = v_local - v_rect.xy;
        vec2 dx = dFdx(v_local), dy = dFdy(v_local);
        float r = v_shape.x, border = v_shape.y;
        float cover = coverage(p, v_rect.zw, r, dx, dy);
        if (border > 0.0) {
            float inner = coverage(p, v_rect.zw - vec2(border), max(r - border, 0.0), dx, dy);
            cover = max(cover - inner, 0.0);
        }
        // Drawing a clip's shape into the stencil: only pixels whose centre it covers count.
        if (u_clipPass > 0.5 && cover < 0.5) discard;
        color *= cover;
        gl_FragColor = u_swapRB > 0.5 ? color.bgra : color;
    }
    """

    /// Compiles and links the program for an ES `majorVersion` context (GLSL ES 3.00 on ES 3, 1.00
    /// with standard derivatives on ES 2).
    static func make(majorVersion: Int) throws -> GLESProgram {
        let vertexPrefix: String, fragmentPrefix: String
        if majorVersion >= 3 {
            // Per-quad values are flat: not interpolated per fragment (most of a software rasterizer's cost).
            vertexPrefix = "#version 300 es\n#define attribute in\n#define varying out\n#define FLAT flat\n"
            fragmentPrefix = "#version 300 es\n#define varying in\n#define texture2D texture\n#define FLAT flat\nout highp vec4 fragColor;\n#define gl_FragColor fragColor\n"
        } else {
            vertexPrefix = "#version 100\n#define FLAT\n"
            fragmentPrefix = "#version 100\n#extension GL_OES_standard_derivatives : enable\n#define FLAT\n"
        }
        let vertex = try compile(GLenum(GL_VERTEX_SHADER), vertexPrefix + vertexSource)
        defer { glDeleteShader(vertex) }
        let fragment = try compile(GLenum(GL_FRAGMENT_SHADER), fragmentPrefix + fragmentSource)
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        for attribute in Attribute.allCases { glBindAttribLocation(program, attribute.rawValue, attribute.name) }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLESError("linking the layer shader failed: \(log)")
        }
        return GLESProgram(program: program, viewport: glGetUniformLocation(program, "u_viewport"),
                           flipY: glGetUniformLocation(program, "u_flipY"),
                           swapRB: glGetUniformLocation(program, "u_swapRB"),
                           clipPass: glGetUniformLocation(program, "u_clipPass"),
                           texture: glGetUniformLocation(program, "u_tex"))
    }

    private static func compile(_ type: GLenum, _ source: String) throws -> GLuint {
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
            throw GLESError("compiling the layer \(kind) shader failed: \(log)")
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

/// The programs of one share group, compiled by the first context that draws (then shared).
final class GLESProgramCache: @unchecked Sendable {
    private let lock = NSLock()
    private var program: Result<GLESProgram, GLESError>?
    /// How many times a program was compiled in this share group (for tests: once).
    private(set) var compilations = 0

    /// The layer program, compiled now if it never was (the caller's context is current).
    func layerProgram(majorVersion: Int) throws -> GLESProgram {
        lock.lock()
        defer { lock.unlock() }
        if let program { return try program.get() }
        compilations += 1
        let made: Result<GLESProgram, GLESError>
        do { made = .success(try GLESProgram.make(majorVersion: majorVersion)) } catch let error as GLESError {
            made = .failure(error)
        } catch { made = .failure(GLESError("\(error)")) }
        program = made
        return try made.get()
    }
}
