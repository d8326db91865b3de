import CALinuxGLES
import CoreGraphics

/// The program that blurs a shadow's alpha on the GPU, one axis per pass, with the software
/// renderer's kernel (`CGContext.blurAlpha`): three box blurs of width 2r + 1 in a row, which is one
/// convolution of 6r + 1 taps whose weights count the ways three offsets in -r...r sum to the tap's.
/// Neighbouring taps are read in pairs, by one bilinear sample between them placed by their weights
/// (half the reads). It writes the blurred alpha to every channel, so the result tints by a colour
/// as a texture drawn with it.
///
/// Sources are sampled with their edge pixels repeating: a source must hold transparent pixels
/// around what it blurs (its alpha is 0 beyond them). One per share group, used under its draw lock
/// (the kernel last made is kept).
final class GLESBlurProgram {
    /// The widest box radius a pass takes (its taps fill the uniform array); wider blurs are left to
    /// the software renderer.
    static let maximumRadius = 64
    /// Uniform vectors holding the tap pairs, two per vector: (offset, weight, offset, weight).
    static let tapVectors = (3 * maximumRadius + 2) / 2

    private let program: GLuint
    /// The viewport's corners (a buffer of the share group: client-side arrays cost a copy per draw).
    private let corners: GLuint
    private let sourceSize: GLint
    private let shift: GLint
    private let step: GLint
    private let tapsLocation: GLint
    private let pairsLocation: GLint
    /// The taps of `kernelRadius` (reused: no array per pass).
    @exclusivity(unchecked) private var taps = [Float](repeating: 0, count: tapVectors * 4)
    @exclusivity(unchecked) private var pairs = 0
    @exclusivity(unchecked) private var kernelRadius = -1

    static let vertexSource = """
    attribute vec2 a_corner;
    void main() {
        gl_Position = vec4(a_corner, 0.0, 1.0);
    }
    """

    static let fragmentSource = """
    precision highp float;
    uniform sampler2D u_source;
    uniform vec2 u_sourceSize;
    uniform vec2 u_shift;
    uniform vec2 u_step;
    uniform vec4 u_taps[TAP_VECTORS];
    uniform float u_pairs;

    void main() {
        // Targets and sources alike hold rows from the top: this pixel's centre in the source's texels.
        vec2 centre = gl_FragCoord.xy + u_shift;
        float sum = 0.0;
        for (int i = 0; i < TAP_VECTORS; i++) {
            if (float(2 * i) >= u_pairs) break;
            vec4 t = u_taps[i];
            sum += t.y * texture2D(u_source, (centre + t.x * u_step) / u_sourceSize).a;
            sum += t.w * texture2D(u_source, (centre + t.z * u_step) / u_sourceSize).a;
        }
        gl_FragColor = vec4(sum);
    }
    """

    private init(program: GLuint, corners: GLuint) {
        self.program = program
        self.corners = corners
        sourceSize = glGetUniformLocation(program, "u_sourceSize")
        shift = glGetUniformLocation(program, "u_shift")
        step = glGetUniformLocation(program, "u_step")
        tapsLocation = glGetUniformLocation(program, "u_taps")
        pairsLocation = glGetUniformLocation(program, "u_pairs")
    }

    /// Compiles and links the program for an ES `majorVersion` context (GLSL ES 3.00 on ES 3, 1.00 on ES 2).
    static func make(majorVersion: Int) throws -> GLESBlurProgram {
        let (program, corners) = try GLESShaders.linkViewportPass(
            vertex: vertexSource, fragment: fragmentSource, fragmentDefines: "#define TAP_VECTORS \(tapVectors)\n",
            majorVersion: majorVersion, what: "the shadow blur shader")
        glUniform1i(glGetUniformLocation(program, "u_source"), 0)
        return GLESBlurProgram(program: program, corners: corners)
    }

    /// Blurs `source` (a texture holding `sourceBox`'s pixels, rows from the top) along one axis with
    /// boxes of half width `radius` (0: the alpha copied) into the bound framebuffer, which holds `box`
    /// (the same device space) with the viewport set to it.
    func run(source: GLuint, sourceBox: CGRect, box: CGRect, horizontal: Bool, radius: Int) {
        makeKernel(radius: min(max(radius, 0), Self.maximumRadius))
        glUseProgram(program)
        glUniform2f(sourceSize, Float(sourceBox.width), Float(sourceBox.height))
        glUniform2f(shift, Float(box.minX - sourceBox.minX), Float(box.minY - sourceBox.minY))
        glUniform2f(step, horizontal ? 1 : 0, horizontal ? 0 : 1)
        glUniform1f(pairsLocation, Float(pairs))
        glUniform4fv(tapsLocation, GLsizei((pairs + 1) / 2), taps)
        glBindTexture(GLenum(GL_TEXTURE_2D), source)
        GLESTextureCache.setSampling(nearest: false)
        // The layer programs' other attributes are off while this draws (their batch turns them on again).
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), corners)
        glEnableVertexAttribArray(0)
        for attribute in 1...GLESProgram.Attribute.shape.rawValue { glDisableVertexAttribArray(attribute) }
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// Fills `taps` with the pairs of the kernel of box radius `r`: taps m and m + 1 (offsets m - 3r)
    /// read together at the point between them their weights place, with their weights' sum.
    private func makeKernel(radius r: Int) {
        guard r != kernelRadius else { return }
        let width = 2 * r + 1, last = 6 * r
        // The ways three offsets in 0...2r sum to m (inclusion-exclusion over the boxes' widths).
        func count(_ m: Int) -> Double {
            guard m >= 0, m <= last else { return 0 }
            func ramp(_ n: Int) -> Int { n < 0 ? 0 : (n + 1) * (n + 2) / 2 }
            return Double(ramp(m) - 3 * ramp(m - width) + 3 * ramp(m - 2 * width) - ramp(m - 3 * width))
        }
        let total = Double(width * width * width)
        pairs = 0
        for m in Swift.stride(from: 0, through: last, by: 2) {
            let first = count(m), second = count(m + 1)
            taps[2 * pairs] = Float(Double(m - 3 * r) + second / (first + second))
            taps[2 * pairs + 1] = Float((first + second) / total)
            pairs += 1
        }
        // An odd count leaves the last vector's second pair: no weight.
        if pairs % 2 == 1 {
            taps[2 * pairs] = 0
            taps[2 * pairs + 1] = 0
        }
        kernelRadius = r
    }
}
