import CoreGraphics
import CALinuxGLES
import Foundation
import QuartzCore

/// GLKit's vertex attribute slots (iOS's `GLKVertexAttrib`), the locations `GLKBaseEffect` reads.
enum GLKVertexAttrib: Int32 {
    case position = 0, normal, color, texCoord0, texCoord1
}

/// GLKit's texture slot of an effect (iOS's `GLKEffectPropertyTexture`): the texture `name` is
/// sampled when `enabled` and non-zero. Only `.modulate` (texture times colour) is drawn; the other
/// modes are accepted and drawn as it.
final class GLKEffectPropertyTexture {
    enum EnvMode { case replace, modulate, decal }
    var enabled = true
    var name: GLuint = 0
    var envMode = EnvMode.modulate
}

/// GLKit's `GLKBaseEffect` as the listings use it: `prepareToDraw()` makes current a program that
/// draws positions as they are (the effect's transforms are the identity, which the listings keep)
/// coloured per vertex (the colour attribute; white where its array is off, the default constant
/// colour) and, when `texture2d0` names a texture, multiplied by it at `texCoord0`.
final class GLKBaseEffect {
    let texture2d0 = GLKEffectPropertyTexture()
    private var program: GLuint = 0
    private var textureUniform: GLint = -1
    private var texturedUniform: GLint = -1

    private static let vertexShader = """
        attribute vec4 a_position;
        attribute vec4 a_color;
        attribute vec2 a_texCoord0;
        varying vec4 v_color;
        varying vec2 v_texCoord0;
        void main() {
            gl_Position = a_position;
            v_color = a_color;
            v_texCoord0 = a_texCoord0;
        }
        """
    private static let fragmentShader = """
        precision mediump float;
        uniform sampler2D u_texture0;
        uniform float u_textured;
        varying vec4 v_color;
        varying vec2 v_texCoord0;
        void main() {
            vec4 texel = mix(vec4(1.0), texture2D(u_texture0, v_texCoord0), u_textured);
            gl_FragColor = v_color * texel;
        }
        """

    deinit {
        if program != 0 { glDeleteProgram(program) }
    }

    /// Binds the effect's program and texture in the current context (compiling it the first time);
    /// nothing is drawn if it does not compile, with one line on standard error.
    func prepareToDraw() {
        if program == 0 {
            do { program = try Self.link() } catch {
                writeStandardError("GLKBaseEffect: \(error)\n")
                return
            }
            textureUniform = glGetUniformLocation(program, "u_texture0")
            texturedUniform = glGetUniformLocation(program, "u_textured")
        }
        glUseProgram(program)
        // What a vertex reads for the colour when its array is off: the constant colour, white.
        glVertexAttrib4f(GLuint(GLKVertexAttrib.color.rawValue), 1, 1, 1, 1)
        let textured = texture2d0.enabled && texture2d0.name != 0
        glUniform1f(texturedUniform, textured ? 1 : 0)
        glUniform1i(textureUniform, 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), textured ? texture2d0.name : 0)
    }

    /// The effect's program: its shaders, with the attribute locations GLKit gives.
    private static func link() throws -> GLuint {
        try GLESShaders.link(vertex: vertexShader, fragment: fragmentShader,
                             attributes: [(GLuint(GLKVertexAttrib.position.rawValue), "a_position"),
                                          (GLuint(GLKVertexAttrib.color.rawValue), "a_color"),
                                          (GLuint(GLKVertexAttrib.texCoord0.rawValue), "a_texCoord0")],
                             what: "GLKBaseEffect's program")
    }
}
