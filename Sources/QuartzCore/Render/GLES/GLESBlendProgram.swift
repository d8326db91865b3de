import CALinuxGLES
import CoreGraphics

/// The program that composites a group (a layer drawn with its sublayers into an offscreen target)
/// onto a copy of the pixels beneath it with a `compositingFilter` blend mode: the W3C compositing
/// specification's formulas (PDF's, as pixman computes them for cairo's operators), separable and
/// non-separable, on premultiplied colours. It writes the composite itself (drawn without GL
/// blending), so it replaces the pixels it covers. One per share group, used under its draw lock.
final class GLESBlendProgram {
    private let program: GLuint
    /// The viewport's corners (a buffer of the share group).
    private let corners: GLuint
    private let size: GLint
    private let sourceMap: GLint
    private let backdropOrigin: GLint
    private let mode: GLint
    private let alpha: GLint
    private let swapRB: GLint

    static let vertexSource = """
    attribute vec2 a_corner;
    void main() {
        gl_Position = vec4(a_corner, 0.0, 1.0);
    }
    """

    static let fragmentSource = """
    precision highp float;
    uniform sampler2D u_source;
    uniform sampler2D u_backdrop;
    uniform vec2 u_size;
    uniform vec3 u_sourceMap;
    uniform vec2 u_backdropOrigin;
    uniform float u_mode;
    uniform float u_alpha;
    uniform float u_swapRB;

    float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
    vec3 clipColor(vec3 c) {
        float l = lum(c);
        float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
        if (n < 0.0) c = l + (c - l) * l / (l - n);
        if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
        return c;
    }
    vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
    float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
    vec3 setSat(vec3 c, float s) {
        float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
        return x > n ? (c - n) * s / (x - n) : vec3(0.0);
    }
    float dodge(float b, float s) { return b <= 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
    float burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }
    vec3 hardLight(vec3 b, vec3 s) {
        vec3 low = b * 2.0 * s, high = b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
        return mix(high, low, step(s, vec3(0.5)));
    }
    vec3 softLight(vec3 b, vec3 s) {
        vec3 d = mix(sqrt(b), ((16.0 * b - 12.0) * b + 4.0) * b, step(b, vec3(0.25)));
        vec3 low = b - (1.0 - 2.0 * s) * b * (1.0 - b), high = b + (2.0 * s - 1.0) * (d - b);
        return mix(high, low, step(s, vec3(0.5)));
    }

    // CGBlendMode's raw values: 1 multiply ... 15 luminosity.
    vec3 blended(vec3 b, vec3 s) {
        int m = int(u_mode + 0.5);
        if (m == 1) return s * b;
        if (m == 2) return s + b - s * b;
        if (m == 3) return hardLight(s, b);
        if (m == 4) return min(s, b);
        if (m == 5) return max(s, b);
        if (m == 6) return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));
        if (m == 7) return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));
        if (m == 8) return softLight(b, s);
        if (m == 9) return hardLight(b, s);
        if (m == 10) return abs(s - b);
        if (m == 11) return s + b - 2.0 * s * b;
        if (m == 12) return setLum(setSat(s, sat(b)), lum(b));
        if (m == 13) return setLum(setSat(b, sat(s)), lum(b));
        if (m == 14) return setLum(s, lum(b));
        if (m == 15) return setLum(b, lum(s));
        return s;
    }

    void main() {
        // The group's texture holds the box rows from the top; the backdrop is the framebuffer's
        // rows as copied.
        vec2 at = vec2(gl_FragCoord.x - u_sourceMap.x, u_sourceMap.y + u_sourceMap.z * gl_FragCoord.y);
        vec4 s = texture2D(u_source, at / u_size).bgra * u_alpha;
        vec4 b = texture2D(u_backdrop, (gl_FragCoord.xy - u_backdropOrigin) / u_size);
        if (u_swapRB > 0.5) b = b.bgra;
        vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
        vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
        vec3 mixed = clamp(blended(clamp(cb, 0.0, 1.0), clamp(cs, 0.0, 1.0)), 0.0, 1.0);
        vec4 o = vec4((1.0 - b.a) * s.rgb + (1.0 - s.a) * b.rgb + s.a * b.a * mixed, s.a + b.a - s.a * b.a);
        gl_FragColor = u_swapRB > 0.5 ? o.bgra : o;
    }
    """

    private init(program: GLuint, corners: GLuint) {
        self.program = program
        self.corners = corners
        size = glGetUniformLocation(program, "u_size")
        sourceMap = glGetUniformLocation(program, "u_sourceMap")
        backdropOrigin = glGetUniformLocation(program, "u_backdropOrigin")
        mode = glGetUniformLocation(program, "u_mode")
        alpha = glGetUniformLocation(program, "u_alpha")
        swapRB = glGetUniformLocation(program, "u_swapRB")
    }

    /// Compiles and links the program for an ES `majorVersion` context (GLSL ES 3.00 on ES 3, 1.00 on ES 2).
    static func make(majorVersion: Int) throws -> GLESBlendProgram {
        let (program, corners) = try GLESShaders.linkViewportPass(vertex: vertexSource, fragment: fragmentSource,
                                                                  majorVersion: majorVersion, what: "the blend mode shader")
        glUniform1i(glGetUniformLocation(program, "u_source"), 0)
        glUniform1i(glGetUniformLocation(program, "u_backdrop"), 1)
        return GLESBlendProgram(program: program, corners: corners)
    }

    /// Composites `source` (a group's texture holding `box`, device pixels, rows from the top, in
    /// cairo's byte order) at `opacity` onto `backdrop` (the bound framebuffer's pixels under the box,
    /// copied from framebuffer row `backdropRow` up) with `blendMode`, writing the result into the
    /// bound framebuffer (`targetHeight` rows; `flipsRows`: rows from the top in cairo's byte order,
    /// else a surface's rows from the bottom in RGBA). The caller sets the scissor and turns GL
    /// blending off.
    func run(source: GLuint, backdrop: GLuint, box: CGRect, backdropRow: CGFloat, blendMode: CGBlendMode,
             opacity: CGFloat, flipsRows: Bool, targetHeight: Int) {
        glUseProgram(program)
        glUniform2f(size, Float(box.width), Float(box.height))
        if flipsRows {
            glUniform3f(sourceMap, Float(box.minX), Float(-box.minY), 1)
        } else {
            glUniform3f(sourceMap, Float(box.minX), Float(CGFloat(targetHeight) - box.minY), -1)
        }
        glUniform2f(backdropOrigin, Float(box.minX), Float(backdropRow))
        glUniform1f(mode, Float(blendMode.rawValue))
        glUniform1f(alpha, Float(min(max(opacity, 0), 1)))
        glUniform1f(swapRB, flipsRows ? 1 : 0)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), backdrop)
        GLESTextureCache.setSampling(nearest: true)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        GLESTextureCache.setSampling(nearest: true)
        // The layer programs' other attributes are off while this draws (their batch turns them on again).
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        glEnableVertexAttribArray(0)
        for attribute in 1...GLESProgram.Attribute.shape.rawValue { glDisableVertexAttribArray(attribute) }
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
