import CALinuxCairo
import CALinuxPangoCairo
import CALinuxEGL
import CALinuxGLES
import CoreGraphics
import Foundation

/// What the GPU back end did in its last frame (for tests and the benchmark).
package struct GLESFrameStats: Equatable {
    /// Layers drawn as GL quads.
    package var nativeLayers = 0
    /// Layers (with their sublayers) drawn by the software renderer into a bitmap, then as a texture.
    package var softwareLayers = 0
    /// Of those, the ones whose bitmap from an earlier frame was drawn again (nothing in them changed).
    package var keptSoftwareLayers = 0
    /// Pixels of the bitmaps the software renderer drew (kept ones not counted).
    package var softwarePixels = 0
    /// Groups (opacity or a mask over a layer and its sublayers, a tinted replica) drawn through an
    /// offscreen target.
    package var groups = 0
    /// Of those, layers drawn through their mask layer (a second offscreen target).
    package var masks = 0
    /// `masksToBounds` clips drawn through an offscreen target (antialiased edges).
    package var clipTargets = 0
    /// Layers whose shadow GL drew (`GLESRenderer+Shadow.swift`).
    package var shadows = 0
    /// Layers GL composited with a `compositingFilter` blend mode (`GLESRenderer+Blend.swift`).
    package var blends = 0
    package var drawCalls = 0
    package var quads = 0
    /// Draw calls that computed coverage per fragment (antialiased edges, corners, borders).
    package var coverageDrawCalls = 0
}

/// The GPU back end: draws evaluated render trees with OpenGL ES (a Linux addition).
///
/// GL composites; cairo rasterizes what GL does not draw itself. A plain layer's background (square,
/// or circular corners, all or some of them, antialiased or aliased as the software renderer draws them), border,
/// `contents` image (a texture uploaded once per image: gravity, `contentsRect`, filters,
/// `contentsScale`, `contentsCenter` nine-slices), inherited opacity, `masksToBounds` clips (the
/// scissor; an offscreen target drawn through the outline, antialiased; a stencil under
/// perspective) and its place in 3D (any homography, perspective included: quads carry w, so
/// interpolation is perspective-correct) are GL quads of one shader, batched into few draw calls, and
/// so are an emitter's particles, a gradient layer's gradient (a ramp texture), a replicator's
/// instances, a tiled layer's tiles and the descendants of `CATransformLayer`s. Group opacity and
/// tinted replicas go through an offscreen target, a `mask` layer through two (under an affine
/// map). A shadow (placed affinely) is the layer drawn offscreen, its alpha blurred by GL with the
/// software renderer's kernel and drawn tinted beneath it (`GLESRenderer+Shadow.swift`; a
/// `shadowPath` is filled by cairo). Any other layer (a shadow, group opacity, a mask, a replicator
/// or tiles in perspective, a shadow wider than the blur's taps, rasterization, a transition,
/// continuous corners, a pattern colour, shape layers, a `CATransformLayer`
/// drawn alone) is drawn with its sublayers by the software renderer
/// (`LayerTreeRenderer`) into a bitmap in device space (or in its own plane under perspective, as the
/// software renderer does), which is then drawn as a texture: the same pixels as the software path;
/// a window keeps it until the subtree changes (`GLESSoftwareLayerCache`).
///
/// Offscreen (`RenderTarget.bitmap`), the frame is drawn into a framebuffer object and read back
/// into the bitmap over what it holds. If GL fails (no context, a lost context, a shader that does
/// not compile), one line names what failed on standard error and the renderer draws with the
/// software renderer from then on.
package final class GLESRenderer: Renderer {
    let context: GLESContext
    @exclusivity(unchecked) private var programs: GLESProgramSet?
    let batch = GLESBatch()
    let textures = GLESTextureCache()
    let softwareLayers = GLESSoftwareLayerCache()
    let gradientRamps = GLESGradientRamps()
    private let software = SoftwareRenderer()
    /// Set when GL failed; every later frame is drawn in software.
    @exclusivity(unchecked) package private(set) var failure: GLESError?
    @exclusivity(unchecked) package private(set) var lastFrame = GLESFrameStats()
    @exclusivity(unchecked) var stats = GLESFrameStats()

    // The frame being drawn.
    @exclusivity(unchecked) var viewerToDevice = Homography.identity
    /// The pass's culling by damage (nil while nothing is culled: a mask's tree is drawn whole).
    @exclusivity(unchecked) var cull: RenderCull?
    @exclusivity(unchecked) var targetBounds = CGRect.zero
    @exclusivity(unchecked) private var scissor = CGRect.zero
    @exclusivity(unchecked) var flipsRows = true
    /// Whether this frame's clear drew a background (`rootIndex`'s: its quad is left out).
    @exclusivity(unchecked) private(set) var rootBackgroundCleared = false
    @exclusivity(unchecked) private(set) var rootIndex = 0
    /// How many stencil clips enclose what is drawn now (0: none, the stencil test off).
    @exclusivity(unchecked) var stencilDepth = 0
    /// Whether the stencil of the target drawn into now was cleared in this frame.
    @exclusivity(unchecked) var stencilCleared = false
    /// The drawn target's height in pixels (the scissor counts rows from the bottom on a surface).
    @exclusivity(unchecked) var targetHeight = 0
    /// The framebuffer drawn into now (a group's while one is drawn).
    @exclusivity(unchecked) var currentFramebuffer: GLuint = 0
    /// Offscreen targets of group opacity, reused from frame to frame.
    let groups = GLESGroupTargets()
    /// Shadow paths' coverage, reused from frame to frame.
    let shadowPaths = GLESShadowPathCache()
    /// Whether missing tiles are asked of tiled layers' workers (a window's frames) or drawn at once.
    @exclusivity(unchecked) private(set) var drawsTilesAsynchronously = false
    /// The pass's `rasterSerials` and `frameSerial` (empty: nothing is kept between frames).
    @exclusivity(unchecked) private(set) var rasterSerials: [UInt64] = []
    @exclusivity(unchecked) private(set) var frameSerial: UInt64 = 0
    @exclusivity(unchecked) private var scratchTextures: [GLuint] = []
    @exclusivity(unchecked) private var scratchUsed = 0

    // The offscreen framebuffer.
    @exclusivity(unchecked) private var framebuffer: GLuint = 0
    @exclusivity(unchecked) private var colorBuffer: GLuint = 0
    @exclusivity(unchecked) private var stencilBuffer: GLuint = 0
    @exclusivity(unchecked) private var framebufferSize = (width: 0, height: 0)
    @exclusivity(unchecked) private var readback: OpaquePointer?

    /// A renderer with a context of its own sharing `root`'s objects.
    package init(sharing root: GLESContext) throws {
        context = try root.makeShared()
    }

    /// A renderer for offscreen drawing (`GLESContext.offscreen()`).
    package static func offscreen() throws -> GLESRenderer {
        try GLESRenderer(sharing: GLESContext.offscreen())
    }

    /// The name of the GL implementation, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    package var rendererName: String { context.rendererName }

    /// How many times the share group compiled its programs (once per process and display).
    package var programCompilations: Int { context.programs.compilations }

    package var textureUploads: Int { textures.uploads }
    package var textureHits: Int { textures.hits }

    deinit {
        guard (try? context.makeCurrent()) != nil else { return }
        textures.deleteAll()
        gradientRamps.deleteAll()
        softwareLayers.deleteAll()
        groups.deleteAll()
        shadowPaths.deleteAll()
        batch.delete()
        if !scratchTextures.isEmpty { glDeleteTextures(GLsizei(scratchTextures.count), scratchTextures) }
        deleteFramebuffer()
        if let readback { cairo_surface_destroy(readback) }
    }

    package func draw(_ layer: RenderLayer, into target: RenderTarget, _ pass: RenderPass) {
        if failure != nil, case .bitmap = target { return software.draw(layer, into: target, pass) }
        switch target {
        case .glSurface(let surface):
            do {
                try context.programs.drawLock.withLock { try drawOnSurface(layer, surface, pass) }
            } catch let error as GLESError {
                fail(error)
            } catch {
                fail(GLESError("\(error)"))
            }
        case .bitmap(let ctx):
            do {
                try context.programs.drawLock.withLock { try drawOffscreen(layer, into: ctx, pass) }
            } catch let error as GLESError {
                fail(error)
                software.draw(layer, into: target, pass)
            } catch {
                fail(GLESError("\(error)"))
                software.draw(layer, into: target, pass)
            }
        }
    }

    func fail(_ error: GLESError) {
        guard failure == nil else { return }
        failure = error
        CARenderBackend.reportFallback(error)
    }

    /// Whether GL failed (the window's host then goes on with shared-memory buffers and the
    /// software renderer).
    package var hasFailed: Bool { failure != nil }

    /// Fails as a lost context would, with `reason` (tests of the fallback; the drawing thread).
    package func simulateFailure(_ reason: String) {
        fail(GLESError(reason))
    }

    // MARK: Window surfaces

    /// Draws into the back buffer of `target`'s EGL surface: the pass's region, cleared first
    /// (transparent), then drawn; no readback (the caller swaps).
    private func drawOnSurface(_ layer: RenderLayer, _ target: GLESSurfaceTarget, _ pass: RenderPass) throws {
        guard !pass.region.isEmpty, let (box, width, height) = drawnBox(of: pass.region, on: target) else { return }
        try context.makeCurrent(surface: target.surface)
        let programs = try self.programs ?? context.programs.layerPrograms(majorVersion: context.majorVersion)
        self.programs = programs
        bindSurface(height: height, box: box)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        // The whole box is redrawn (nothing reads the pixels back through the region, as offscreen):
        // subtrees are culled by the box, so none that shows in it is left out.
        var boxPass = pass
        if !pass.region.isEverything { boxPass.region = DamageRegion([box]) }
        draw(layer, pass: boxPass, programs: programs, width: width, height: height, box: box)
        glDisable(GLenum(GL_SCISSOR_TEST))
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLESError("drawing the frame failed (GL error 0x\(String(error, radix: 16)))") }
    }

    /// The pixels of `region` to draw in `target` (their whole-pixel box) and its size.
    private func drawnBox(of region: DamageRegion, on target: GLESSurfaceTarget) -> (CGRect, Int, Int)? {
        guard target.width > 0, target.height > 0 else { return nil }
        let width = target.width, height = target.height
        guard let box = region.boundingBox(within: CGRect(x: 0, y: 0, width: width, height: height)) else { return nil }
        return (box, width, height)
    }

    /// Binds the surface's framebuffer (rows from the bottom), `height` rows tall, scissored to `box`.
    private func bindSurface(height: Int, box: CGRect) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        targetHeight = height
        flipsRows = false
        setScissor(box)
        glEnable(GLenum(GL_SCISSOR_TEST))
    }

    // MARK: Offscreen frames

    private func drawOffscreen(_ layer: RenderLayer, into ctx: CGContext, _ pass: RenderPass) throws {
        guard !pass.region.isEmpty else { return }
        let width = ctx.width, height = ctx.height
        guard width > 0, height > 0 else { return }
        let full = CGRect(x: 0, y: 0, width: width, height: height)
        guard let box = pass.region.boundingBox(within: full) else { return }
        try context.makeCurrent()
        let programs = try self.programs ?? context.programs.layerPrograms(majorVersion: context.majorVersion)
        self.programs = programs
        try prepareFramebuffer(width: width, height: height)

        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        targetHeight = height
        flipsRows = true
        setScissor(box)
        glEnable(GLenum(GL_SCISSOR_TEST))
        draw(layer, pass: pass, programs: programs, width: width, height: height, box: box)

        // Read the drawn box back (rows from the top: the framebuffer's rows are the device's) and
        // composite it over the bitmap, inside the pass's region.
        let bw = Int(box.width), bh = Int(box.height)
        let surface = try readbackSurface(width: bw, height: bh)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(GLint(box.minX), GLint(box.minY), GLsizei(bw), GLsizei(bh), GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), cairo_image_surface_get_data(surface))
        cairo_surface_mark_dirty(surface)
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLESError("drawing the frame failed (GL error 0x\(String(error, radix: 16)))") }
        let cr = ctx.cairoContext
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if !pass.region.isEverything {
            for rect in pass.region.rectangles(within: full) {
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            }
            cairo_clip(cr)
        }
        cairo_set_source_surface(cr, surface, box.minX, box.minY)
        cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Draws the tree into the bound framebuffer (`box`: the device pixels to draw, already cleared).
    private func draw(_ layer: RenderLayer, pass: RenderPass, programs: GLESProgramSet, width: Int, height: Int, box: CGRect) {
        batch.prepare(programs: programs)
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        currentFramebuffer = GLuint(bound)
        setTargetUniforms(width: width, height: height)
        batch.setClipPass(false)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        batch.resetCounters()
        stats = GLESFrameStats()
        scratchUsed = 0

        let s = pass.scale > 0 && pass.scale.isFinite ? pass.scale : 1
        viewerToDevice = Homography(CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: -pass.origin.x * s, ty: -pass.origin.y * s))
        targetBounds = CGRect(x: 0, y: 0, width: width, height: height)
        rasterSerials = pass.rasterSerials
        drawsTilesAsynchronously = pass.drawsTilesAsynchronously
        frameSerial = pass.frameSerial
        cull = pass.region.isEverything ? nil : RenderCull(subtreeRects: pass.subtreeRects, region: pass.region)
        // The drawn box starts transparent, or as the root's opaque background when that covers it (a
        // clear instead of a full-target quad through the shader).
        let background = coveringBackground(of: layer, box: box)
        rootBackgroundCleared = background != nil
        rootIndex = background?.index ?? layer.index
        let c = background?.color ?? GLESColor(r: 0, g: 0, b: 0, a: 0)
        if flipsRows { glClearColor(c.b, c.g, c.r, c.a) } else { glClearColor(c.r, c.g, c.b, c.a) }
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // The stencil is cleared when a clip first needs it (most frames never do, and on a CPU
        // rasterizer clearing it costs a pass over the whole buffer).
        stencilCleared = false
        glDisable(GLenum(GL_STENCIL_TEST))
        stencilDepth = 0
        walk(layer, parentSublayerTransform: CATransform3DIdentity, parentToViewer: .identity, alpha: 1, local: nil)
        if pass.debugOverlay != .none { drawDebugOverlay(pass, over: layer, scale: s) }
        batch.flush()
        textures.endFrame()
        gradientRamps.endFrame()
        groups.endFrame()
        shadowPaths.endFrame()
        if !rasterSerials.isEmpty { softwareLayers.endFrame() }
        stats.drawCalls = batch.drawCalls
        stats.quads = batch.quadsDrawn
        stats.coverageDrawCalls = batch.drawCallsByVariant[GLESProgram.Variant.coverage.rawValue]
            + batch.drawCallsByVariant[GLESProgram.Variant([.coverage, .textured]).rawValue]
        lastFrame = stats
    }

    /// Draws the pass's debug overlay (drawn by the software renderer into a bitmap of the target) over
    /// the frame. Rasterized layers are drawn afresh in every GL frame: the hits/misses tint shows misses.
    private func drawDebugOverlay(_ pass: RenderPass, over layer: RenderLayer, scale: CGFloat) {
        let box = targetBounds
        guard let bitmap = LayerTreeRenderer.bitmap(width: Int(box.width), height: Int(box.height)) else { return }
        bitmap.concatenate(bitmap.ctm.inverted())
        bitmap.translateBy(x: 0, y: box.height)
        bitmap.scaleBy(x: 1, y: -1)
        bitmap.scaleBy(x: scale, y: scale)
        bitmap.translateBy(x: -pass.origin.x, y: -pass.origin.y)
        LayerTreeRenderer().drawDebugOverlay(pass.debugOverlay, over: layer, in: bitmap, redrawnAfter: pass.redrawnAfter)
        batch.flush()
        addDeviceBitmap(box, texture: scratchTexture(bitmap))
    }

    /// Adds a texture covering `box` pixel for pixel (device space), at `alpha`.
    func addDeviceBitmap(_ box: CGRect, texture: GLuint, alpha: CGFloat = 1) {
        batch.add(GLESQuad(shape: box, toDevice: .identity, color: .white(alpha), textureRect: GLESQuad.wholeTexture),
                  texture: texture, nearest: true)
    }

    /// Sets the programs' viewport size and row order for the target drawn into now.
    func setTargetUniforms(width: Int, height: Int) {
        batch.setTarget(width: width, height: height, flipsRows: flipsRows)
    }

    /// The opaque colour that the drawn box can be cleared to instead of drawing it, and the layer
    /// it is the background of: the root's, or the first sublayer's (first drawn) of a layer that
    /// only holds its sublayers (a window's content under its root), filling the box without
    /// rotation, corners or shadow. nil: clear to transparent and draw every background.
    private func coveringBackground(of root: RenderLayer, box: CGRect) -> (color: GLESColor, index: Int)? {
        let sw = LayerTreeRenderer()
        var layer = root, parentSublayerTransform = CATransform3DIdentity, parentToDevice = viewerToDevice
        while true {
            guard !layer.isHidden, layer.opacity >= 1, layer.mask == nil, sw.isFinite(layer) else { return nil }
            let toDevice = Homography(droppingZOf: sw.localTransform(of: layer, parentSublayerTransform))
                .concatenating(parentToDevice)
            guard let affine = toDevice.affineTransform, LayerTreeRenderer.isAxisAligned(affine),
                  drawsNatively(layer, toDevice: toDevice) else { return nil }
            if let color = layer.backgroundColor, color.alpha >= 1, sw.hasSquareCorners(layer), !castsShadow(layer),
               layer.bounds.applying(affine).contains(box) {
                guard let clear = GLESColor(color, alpha: 1) else { return nil }
                return (clear, layer.index)
            }
            // Look through a layer that draws nothing itself (nothing of it would show over the
            // cleared colour) to its first sublayer, when that is drawn first (2D, lowest zPosition).
            let children = layer.frame.tree.children(of: layer.index)
            guard layer.frame.tree.nodes[layer.index].kind == .layer, layer.contents == nil,
                  (layer.backgroundColor?.alpha ?? 0) <= 0, layer.borderWidth <= 0 || (layer.borderColor?.alpha ?? 0) <= 0,
                  !castsShadow(layer), !layer.masksToBounds || layer.bounds.applying(affine).contains(box),
                  CATransform3DIsAffine(layer.sublayerTransform),
                  let first = children.first(where: { _ in true }) else { return nil }
            let values = layer.frame.values
            guard CATransform3DIsAffine(values[first].transform),
                  children.allSatisfy({ values[$0].zPosition >= values[first].zPosition }) else { return nil }
            parentSublayerTransform = layer.sublayerTransform
            parentToDevice = toDevice
            layer = RenderLayer(frame: layer.frame, index: first)
        }
    }

    // MARK: Framebuffer

    private func prepareFramebuffer(width: Int, height: Int) throws {
        if framebuffer != 0, framebufferSize == (width, height) { return }
        deleteFramebuffer()
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colorBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8),
                              GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
        glGenRenderbuffers(1, &stencilBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), stencilBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), stencilBuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            deleteFramebuffer()
            throw GLESError("a \(width)x\(height) framebuffer is incomplete (status 0x\(String(status, radix: 16)))")
        }
        framebufferSize = (width, height)
    }

    private func deleteFramebuffer() {
        if framebuffer != 0 { glDeleteFramebuffers(1, &framebuffer) }
        if colorBuffer != 0 { glDeleteRenderbuffers(1, &colorBuffer) }
        if stencilBuffer != 0 { glDeleteRenderbuffers(1, &stencilBuffer) }
        framebuffer = 0; colorBuffer = 0; stencilBuffer = 0
        framebufferSize = (0, 0)
    }

    private func readbackSurface(width: Int, height: Int) throws -> OpaquePointer {
        if let readback, Int(cairo_image_surface_get_width(readback)) == width,
           Int(cairo_image_surface_get_height(readback)) == height { return readback }
        if let readback { cairo_surface_destroy(readback) }
        readback = nil
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              Int(cairo_image_surface_get_stride(surface)) == width * 4 else {
            throw GLESError("no \(width)x\(height) bitmap to read the frame into")
        }
        readback = surface
        return surface
    }

    // MARK: Scissor

    /// Sets the scissor to `rect` (device pixels, whole).
    func setScissor(_ rect: CGRect) {
        scissor = rect
        let y = flipsRows ? rect.minY : CGFloat(targetHeight) - rect.maxY
        glScissor(GLint(rect.minX), GLint(y), GLsizei(max(rect.width, 0)), GLsizei(max(rect.height, 0)))
    }

    var currentScissor: CGRect { scissor }

    /// Copies the framebuffer's pixels in `box` (device pixels) into `bitmap` (of the box's size), for
    /// an offscreen frame, whose framebuffer holds cairo's byte order with rows from the top.
    func readPixels(in box: CGRect, into bitmap: CGContext) {
        let surface = bitmap.cairoSurface
        cairo_surface_flush(surface)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(GLint(box.minX), GLint(box.minY), GLsizei(box.width), GLsizei(box.height), GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), cairo_image_surface_get_data(surface))
        cairo_surface_mark_dirty(surface)
    }

    // MARK: Scratch textures (software-drawn bitmaps)

    /// A texture for this frame's next software-drawn bitmap, holding `bitmap`'s pixels.
    func scratchTexture(_ bitmap: CGContext) -> GLuint {
        if scratchUsed == scratchTextures.count {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            scratchTextures.append(texture)
        }
        let texture = scratchTextures[scratchUsed]
        scratchUsed += 1
        GLESTextureCache.upload(bitmap, into: texture)
        return texture
    }

    // MARK: Walk

    /// Draws `layer` and its sublayers (see `LayerTreeRenderer.renderLayer`, whose checks this repeats).
    func walk(_ layer: RenderLayer, parentSublayerTransform: CATransform3D, parentToViewer: Homography,
              alpha: CGFloat, local: CATransform3D?) {
        let sw = LayerTreeRenderer()
        if let cull, !cull.shows(layer.index) { return }
        guard !layer.isHidden || sw.activeTransition(of: layer) != nil, layer.opacity > 0, sw.isFinite(layer) else { return }
        let toParent = Homography(droppingZOf: local ?? sw.localTransform(of: layer, parentSublayerTransform))
        guard toParent.isFinite else { return }
        let toViewer = toParent.concatenating(parentToViewer)
        if !layer.isDoubleSided && !sw.isFrontFacing(layer.bounds, toViewer) { return }
        let toDevice = toViewer.concatenating(viewerToDevice)
        if drawsNatively(layer, toDevice: toDevice) {
            if layer.compositingBlendMode != .normal {
                drawBlended(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
            } else {
                drawComposited(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
            }
        } else {
            drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
    }

    /// Draws `layer` (drawn natively) with its sublayers: through its mask, with its shadow, as a
    /// group at its opacity, or as plain quads.
    func drawComposited(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat) {
        if let mask = layer.mask {
            drawMasked(layer, by: mask, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        } else if castsShadow(layer) {
            drawShadowed(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        } else if needsGroup(layer) {
            drawGroup(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        } else {
            drawNatively(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
    }
}
