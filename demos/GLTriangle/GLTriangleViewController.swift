import CALinuxGLES
import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's OpenGL ES layer (listing 6.14) and its textured variant (listing 14.8): in
/// `viewDidLoad` an ES 2 context is made current, a `CAEAGLLayer` the size of `glView` is added to
/// it, a framebuffer and a colour renderbuffer with the layer's storage are set up, and one frame is
/// drawn through a `GLKBaseEffect` and presented: 6.14 one triangle with a blue, a green and a red
/// corner on black, 14.8 a quad over the whole viewport showing a texture loaded from a file (the
/// snowman, written as a PNG at start: PVRTC is PowerVR's). Keys 1-2 switch listings. Without a GL
/// context the layer stays black, and one line says why.
final class GLTriangleViewController: ListingViewController<GLTriangleViewController.Listing> {
    enum Listing: String, DemoListing {
        case triangle, texture

        var caption: String {
            switch self {
            case .triangle: return "6.14: an OpenGL ES triangle in a CAEAGLLayer"
            case .texture: return "14.8: a texture on a quad (PNG, not PVRTC)"
            }
        }
    }

    static let glViewSide: CGFloat = 300

    let glView = UIView(frame: CGRect(x: 0, y: 0, width: glViewSide, height: glViewSide))
    private var glContext: EAGLContext?
    private(set) var glLayer: CAEAGLLayer?
    private var framebuffer: GLuint = 0
    private var colorRenderbuffer: GLuint = 0
    private var framebufferWidth: GLint = 0
    private var framebufferHeight: GLint = 0
    private var effect: GLKBaseEffect?
    private var textureInfo: GLKTextureInfo?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(glView)

        // set up context
        glContext = EAGLContext(api: .openGLES2)
        if glContext == nil {
            demoLog("gl-triangle: no OpenGL ES context (\(EAGLContext.lastFailure ?? "unknown reason")); the layer stays black")
        }
        EAGLContext.setCurrent(glContext)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        glView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY + 8)
    }

    /// The rest of the listing's `viewDidLoad`: the layer, the effect, the buffers, one frame.
    override func load(_ listing: Listing) {
        unload()

        // set up layer
        let glLayer = CAEAGLLayer()
        glLayer.frame = glView.bounds
        glView.layer.addSublayer(glLayer)
        glLayer.drawableProperties = [kEAGLDrawablePropertyRetainedBacking: false,
                                      kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8]
        self.glLayer = glLayer
        guard let glContext, EAGLContext.setCurrent(glContext) else { return }

        // set up base effect (14.8: sampling the texture loaded from its file)
        let effect = GLKBaseEffect()
        if listing == .texture {
            do {
                let textureInfo = try GLKTextureLoader.texture(withContentsOfFile: GLTriangleArt.snowmanTextureFile(), options: nil)
                self.textureInfo = textureInfo
                effect.texture2d0.name = textureInfo.name
            } catch {
                demoLog("gl-triangle: \(error)")
            }
        }
        self.effect = effect

        setUpBuffers()
        drawFrame()
    }

    private func unload() {
        glLayer?.removeFromSuperlayer()
        glLayer = nil
        guard glContext != nil, EAGLContext.setCurrent(glContext) else { return }
        tearDownBuffers()
        if var name = textureInfo?.name { glDeleteTextures(1, &name) }
        textureInfo = nil
        effect = nil
    }

    private func setUpBuffers() {
        // set up frame buffer
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)

        // set up color render buffer
        glGenRenderbuffers(1, &colorRenderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glContext?.renderbufferStorage(Int(GL_RENDERBUFFER), from: glLayer)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &framebufferWidth)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &framebufferHeight)

        // check success
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status != GL_FRAMEBUFFER_COMPLETE {
            demoLog("Failed to make complete framebuffer object: \(status)")
        }
    }

    private func tearDownBuffers() {
        if framebuffer != 0 {
            // delete framebuffer
            glDeleteFramebuffers(1, &framebuffer)
            framebuffer = 0
        }
        if colorRenderbuffer != 0 {
            // delete color render buffer
            glDeleteRenderbuffers(1, &colorRenderbuffer)
            colorRenderbuffer = 0
        }
    }

    private func drawFrame() {
        // bind framebuffer & set viewport
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, framebufferWidth, framebufferHeight)

        // bind shader program
        effect?.prepareToDraw()

        // clear the screen (the listings clear before setting the colour: this first frame is
        // cleared to GL's default, transparent black, which the opaque layer shows black)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        switch listing {
        case .triangle:
            glClearColor(0.0, 0.0, 0.0, 1.0)
            drawTriangle()
        case .texture:
            glClearColor(0.0, 0.0, 0.0, 0.0)
            drawTexturedQuad()
        }

        // present render buffer
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        glContext?.presentRenderbuffer(Int(GL_RENDERBUFFER))
    }

    /// Listing 6.14's triangle: blue bottom left, green apex, red bottom right, at z -1.
    private func drawTriangle() {
        // set up vertices
        let vertices: [GLfloat] = [
            -0.5, -0.5, -1.0,
            0.0, 0.5, -1.0,
            0.5, -0.5, -1.0,
        ]
        // set up colors
        let colors: [GLfloat] = [
            0.0, 0.0, 1.0, 1.0,
            0.0, 1.0, 0.0, 1.0,
            1.0, 0.0, 0.0, 1.0,
        ]
        // draw triangle
        let position = GLuint(GLKVertexAttrib.position.rawValue), color = GLuint(GLKVertexAttrib.color.rawValue)
        glEnableVertexAttribArray(position)
        glEnableVertexAttribArray(color)
        vertices.withUnsafeBufferPointer { v in
            colors.withUnsafeBufferPointer { c in
                glVertexAttribPointer(position, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, v.baseAddress)
                glVertexAttribPointer(color, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, c.baseAddress)
                glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
        }
        glDisableVertexAttribArray(color)
        glDisableVertexAttribArray(position)
    }

    /// Listing 14.8's quad over the whole viewport, its texture upright (GLKit loads the picture's
    /// top row first).
    private func drawTexturedQuad() {
        // set up vertices
        let vertices: [GLfloat] = [
            -1.0, -1.0,
            -1.0, 1.0,
            1.0, 1.0,
            1.0, -1.0,
        ]
        // set up texture coordinates
        let texCoords: [GLfloat] = [
            0.0, 1.0,
            0.0, 0.0,
            1.0, 0.0,
            1.0, 1.0,
        ]
        // draw quad
        let position = GLuint(GLKVertexAttrib.position.rawValue), texCoord = GLuint(GLKVertexAttrib.texCoord0.rawValue)
        glEnableVertexAttribArray(position)
        glEnableVertexAttribArray(texCoord)
        vertices.withUnsafeBufferPointer { v in
            texCoords.withUnsafeBufferPointer { t in
                glVertexAttribPointer(position, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, v.baseAddress)
                glVertexAttribPointer(texCoord, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, t.baseAddress)
                glDrawArrays(GLenum(GL_TRIANGLE_FAN), 0, 4)
            }
        }
        glDisableVertexAttribArray(texCoord)
        glDisableVertexAttribArray(position)
    }

    deinit {
        if let glContext, EAGLContext.setCurrent(glContext) {
            tearDownBuffers()
            if var name = textureInfo?.name { glDeleteTextures(1, &name) }
        }
        EAGLContext.setCurrent(nil)
    }
}
