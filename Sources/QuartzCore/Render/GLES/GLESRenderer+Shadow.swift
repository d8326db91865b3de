import CALinuxGLES
import CoreGraphics

// Layer shadows drawn by GL, as the software renderer draws them (LayerTreeRenderer+Effects.swift):
// the layer is drawn whole at full opacity into an offscreen target (with `shadowPath`, the path is
// filled by cairo instead), its alpha is blurred with the software renderer's kernel in a horizontal
// and a vertical pass (`GLESBlurProgram`), and the blur is drawn tinted at the device offset beneath
// the layer, under the layer's opacity, its own `masksToBounds` clip and the inherited alpha.
// Affine placements only: in perspective the software renderer draws the layer.

/// A layer's shadow in device pixels through an affine placement.
struct GLESShadow {
    /// Premultiplied, `shadowOpacity` included.
    var color: GLESColor
    /// Device pixels, y down.
    var offset: CGSize
    /// The half width of the blur's boxes in device pixels (0: a hard shadow).
    var radius: Int
    var path: CGPath?

    init?(of layer: RenderLayer, toDevice a: CGAffineTransform) {
        guard layer.shadowOpacity > 0,
              let color = GLESColor(layer.shadowColor, alpha: CGFloat(min(layer.shadowOpacity, 1))) else { return nil }
        let o = layer.shadowOffset
        let offset = CGSize(width: a.a * o.width + a.c * o.height, height: a.b * o.width + a.d * o.height)
        // `shadowRadius` is the Gaussian's sigma in points: the context blur is twice it, in device pixels.
        let r = layer.shadowRadius.isFinite ? max(0, layer.shadowRadius) : 0
        let blur = 2 * r * abs(a.a * a.d - a.b * a.c).squareRoot()
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite else { return nil }
        self.color = color
        self.offset = offset
        self.radius = blur > 0 ? CGContext.boxWidth(blur) / 2 : 0
        self.path = layer.shadowPath
    }

    /// The offset when it is whole pixels (then drawn pixel for pixel), nil otherwise.
    var wholeOffset: CGSize? {
        let x = offset.width.rounded(), y = offset.height.rounded()
        guard abs(offset.width - x) < 1e-3, abs(offset.height - y) < 1e-3 else { return nil }
        return CGSize(width: x, height: y)
    }
}

extension GLESRenderer {
    /// Whether `layer` casts a shadow (`ShadowStyle`'s test, without making its colour).
    func castsShadow(_ layer: RenderLayer) -> Bool {
        layer.shadowOpacity > 0 && (layer.shadowColor?.alpha ?? 0) > 0
    }

    /// Whether GL draws `layer`'s shadow (true when it casts none): placed affinely, in a colour
    /// (not a pattern), blurred within the blur program's reach.
    func drawsShadowNatively(_ layer: RenderLayer, toDevice: Homography) -> Bool {
        guard castsShadow(layer) else { return true }
        guard let affine = toDevice.affineTransform, let shadow = GLESShadow(of: layer, toDevice: affine) else { return false }
        return shadow.radius <= GLESBlurProgram.maximumRadius
    }

    /// Draws `layer` (drawn natively) with its shadow beneath it; `alpha` is the inherited opacity.
    func drawShadowed(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat) {
        guard let affine = toDevice.affineTransform, let shadow = GLESShadow(of: layer, toDevice: affine),
              let program = blurProgram() else {
            return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
        let opacity = CGFloat(min(max(layer.opacity, 0), 1))
        // As in the software renderer: group opacity composites the shadow and the layer as one.
        let grouped = needsGroup(layer)
        let spread = CGFloat(3 * shadow.radius)
        let offset = shadow.wholeOffset ?? shadow.offset
        // The pixels of the current target the body can draw into.
        let body = bodyExtent(of: layer).map { $0.applying(affine).integral.intersection(targetBounds) } ?? targetBounds

        // Where the shadow can show (within the layer's outline when it clips), moved back by the
        // offset: the blurred pixels needed (one more each way for a fractional offset's bilinear taps).
        var shows = currentScissor
        if layer.masksToBounds { shows = shows.intersection(layer.bounds.applying(affine).integral) }
        let blurred = shows.isNull ? .null
            : shows.offsetBy(dx: -offset.width, dy: -offset.height).integral.insetBy(dx: -1, dy: -1)

        // What casts the shadow: the path's coverage, or the layer drawn whole (also what is composited
        // over the shadow), within the target. (Beyond it the software renderer's group holds nothing.)
        var caster: (texture: GLuint, box: CGRect)?
        if let path = shadow.path {
            let reachable = targetBounds.offsetBy(dx: -offset.width, dy: -offset.height).integral
                .insetBy(dx: -spread - 2, dy: -spread - 2)
            // A transparent pixel around the path's pixels: the blur reads 0 beyond the box.
            let box = path.boundingBox.applying(affine).integral.insetBy(dx: -1, dy: -1).intersection(reachable)
            if !box.isNull, box.width >= 1, box.height >= 1, !blurred.isNull {
                batch.flush()
                guard let texture = shadowPaths.texture(for: path, toDevice: affine, box: box) else {
                    return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
                }
                caster = (texture, box)
            }
        } else {
            let needed = blurred.insetBy(dx: -spread, dy: -spread)
            let box = body.intersection(currentScissor.union(needed))
            guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
            // A transparent pixel around it: the blur reads 0 beyond the box.
            let padded = box.insetBy(dx: -1, dy: -1)
            let drawn = drawOffscreen(padded) { shift in
                setScissor(box.offsetBy(dx: -padded.minX, dy: -padded.minY))
                drawNatively(layer, toViewer: toViewer, toDevice: toDevice.concatenating(shift), alpha: 1, opacityApplied: true)
            }
            guard let target = drawn else { return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha) }
            caster = (target.texture, padded)
        }

        // The blurred alpha: the pixels the caster's blur reaches that can show.
        var blur: (texture: GLuint, box: CGRect)?
        if let caster {
            let reached = caster.box.insetBy(dx: -spread, dy: -spread).intersection(blurred)
            if !reached.isNull, reached.width >= 1, reached.height >= 1 {
                guard let texture = blurAlpha(caster.texture, caster.box, into: reached, radius: shadow.radius, program) else {
                    return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
                }
                blur = (texture, reached)
            }
        }
        stats.shadows += 1

        // The shadow, then the layer: into the current target at the layer's opacity, or into a
        // group composited at it. (Constants: the local function captures them without a box.)
        let drawnCaster = caster, drawnBlur = blur
        func drawBoth(origin: CGPoint, shift: Homography, alpha drawnAlpha: CGFloat) {
            if let drawnBlur {
                drawBlur(drawnBlur.texture, drawnBlur.box, shadow, offset: offset, origin: origin, alpha: drawnAlpha,
                         clippedTo: layer, toDevice: toDevice.concatenating(shift))
            }
            if shadow.path == nil, let drawnCaster {
                addDeviceBitmap(drawnCaster.box.offsetBy(dx: -origin.x, dy: -origin.y), texture: drawnCaster.texture,
                                alpha: drawnAlpha)
            } else {
                drawNatively(layer, toViewer: toViewer, toDevice: toDevice.concatenating(shift),
                             alpha: grouped ? 1 : alpha, opacityApplied: grouped)
            }
        }
        guard grouped else {
            return drawBoth(origin: .zero, shift: .identity, alpha: alpha * opacity)
        }
        var union = body
        if let blur { union = union.union(blur.box.offsetBy(dx: offset.width, dy: offset.height).integral) }
        let box = union.intersection(currentScissor)
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let drawn = drawOffscreen(box) { shift in
            drawBoth(origin: box.origin, shift: shift, alpha: 1)
        }
        guard let group = drawn else { return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha) }
        stats.groups += 1
        addDeviceBitmap(box, texture: group.texture, alpha: alpha * opacity)
    }

    /// Draws the blurred alpha `texture` of `box` (device pixels before the offset) in the shadow's
    /// colour at `alpha`, moved by `offset`, into the current target whose corner is `origin`; within
    /// `layer`'s outline when it clips (`toDevice`: its placement in the current target).
    private func drawBlur(_ texture: GLuint, _ box: CGRect, _ shadow: GLESShadow, offset: CGSize, origin: CGPoint,
                          alpha: CGFloat, clippedTo layer: RenderLayer, toDevice: Homography) {
        let a = Float(min(max(alpha, 0), 1))
        let c = shadow.color
        let color = GLESColor(r: c.r * a, g: c.g * a, b: c.b * a, a: c.a * a)
        let whole = shadow.wholeOffset != nil
        // A fractional offset samples bilinearly, as cairo masks with the blur at that offset; the
        // quad reaches a pixel further for the partly covered pixels along its edges.
        let quad = GLESQuad(shape: box.offsetBy(dx: offset.width - origin.x, dy: offset.height - origin.y),
                            toDevice: .identity, color: color, margin: whole ? 0 : 1, textureRect: GLESQuad.wholeTexture)
        guard layer.masksToBounds else { return batch.add(quad, texture: texture, nearest: whole) }
        // The layer's own clip clips its shadow too (antialiased, as its content).
        let sw = LayerTreeRenderer()
        let radius = sw.hasSquareCorners(layer) ? 0 : sw.clampedRadius(layer.cornerRadius, in: layer.bounds)
        drawClipped(to: layer, toDevice: toDevice, radius: radius) { shift in
            var moved = quad
            moved.toDevice = shift
            batch.add(moved, texture: texture, nearest: whole)
        }
    }

    /// Blurs the alpha of `source` (a texture holding `sourceBox`, 0 beyond it) into a target holding
    /// `box` (same device space): a horizontal pass, then a vertical one (one pass copying the alpha
    /// for a hard shadow). Returns the result's texture (valid until the frame ends); nil when GL
    /// cannot make the targets. The current target, its viewport and its state are restored.
    private func blurAlpha(_ source: GLuint, _ sourceBox: CGRect, into box: CGRect, radius: Int,
                           _ program: GLESBlurProgram) -> GLuint? {
        batch.flush()
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_STENCIL_TEST))
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), currentFramebuffer)
            glViewport(0, 0, GLsizei(targetBounds.width), GLsizei(targetBounds.height))
            glEnable(GLenum(GL_SCISSOR_TEST))
            glEnable(GLenum(GL_BLEND))
            if stencilDepth > 0 { glEnable(GLenum(GL_STENCIL_TEST)) }
            batch.programChanged()
        }
        func pass(from texture: GLuint, _ from: CGRect, into target: GLESGroupTarget, _ to: CGRect, horizontal: Bool,
                  radius: Int) {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
            glViewport(0, 0, GLsizei(to.width), GLsizei(to.height))
            program.run(source: texture, sourceBox: from, box: to, horizontal: horizontal, radius: radius)
        }
        guard radius > 0 else {
            guard let copy = groups.acquire(width: Int(box.width), height: Int(box.height)) else { return nil }
            pass(from: source, sourceBox, into: copy, box, horizontal: true, radius: 0)
            return copy.texture
        }
        // The horizontal pass covers the rows the vertical one reads that can hold any alpha.
        let spread = CGFloat(3 * radius)
        let rows = box.insetBy(dx: 0, dy: -spread)
            .intersection(CGRect(x: box.minX, y: sourceBox.minY, width: box.width, height: sourceBox.height))
        guard !rows.isNull, rows.height >= 1,
              let across = groups.acquire(width: Int(rows.width), height: Int(rows.height)),
              let down = groups.acquire(width: Int(box.width), height: Int(box.height)) else { return nil }
        pass(from: source, sourceBox, into: across, rows, horizontal: true, radius: radius)
        pass(from: across.texture, rows, into: down, box, horizontal: false, radius: radius)
        return down.texture
    }

    /// The part of `layer`'s bounds space its body (background, contents, border, sublayers and their
    /// shadows) can draw into; nil when shapes, particles, replicas or 3D contexts may reach further.
    private func bodyExtent(of layer: RenderLayer) -> CGRect? {
        let sw = LayerTreeRenderer()
        switch layer.frame.tree.nodes[layer.index].kind {
        case .shapeLayer, .replicatorLayer, .emitterLayer, .transformLayer: return nil
        default: break
        }
        var extent = layer.bounds
        if !layer.masksToBounds, layer.hasChildren {
            let sublayerTransform = layer.sublayerTransformInOwnSpace()
            // (By index: `children` would make an array per layer.)
            for index in layer.frame.tree.children(of: layer.index) {
                let child = RenderLayer(frame: layer.frame, index: index)
                guard !child.isHidden, child.opacity > 0, sw.isFinite(child) else { continue }
                guard var childExtent = bodyExtent(of: child) else { return nil }
                if castsShadow(child), !child.masksToBounds {
                    // Three sigmas and the boxes' rounding: the blur's reach (in the child's points).
                    let reach = 3 * (child.shadowRadius.isFinite ? max(0, child.shadowRadius) : 0) + 3
                    let casting = child.shadowPath?.boundingBox ?? childExtent
                    let offset = child.shadowOffset
                    guard offset.width.isFinite, offset.height.isFinite else { return nil }
                    childExtent = childExtent.union(casting.offsetBy(dx: offset.width, dy: offset.height)
                        .insetBy(dx: -reach, dy: -reach))
                }
                let toLayer = Homography(droppingZOf: sw.localTransform(of: child, sublayerTransform))
                guard toLayer.isFinite else { continue }
                if let affine = toLayer.affineTransform {
                    extent = extent.union(childExtent.applying(affine))
                } else {
                    let projected = ProjectedPolygon(clipping: ProjectedPolygon.corners(of: childExtent), through: toLayer)
                    if !projected.isEmpty { extent = extent.union(projected.bounds) }
                }
            }
        }
        let limit = layer.bounds.insetBy(dx: -LayerTreeRenderer.maximumExtentMargin, dy: -LayerTreeRenderer.maximumExtentMargin)
        let bounded = extent.intersection(limit)
        return bounded.isNull ? nil : bounded
    }

    /// The shadow blur program of this renderer's share group; nil when it does not compile (GL has
    /// then failed: later frames are drawn in software).
    private func blurProgram() -> GLESBlurProgram? {
        do {
            return try context.programs.blurProgram(majorVersion: context.majorVersion)
        } catch let error as GLESError {
            fail(error)
        } catch {
            fail(GLESError("\(error)"))
        }
        return nil
    }
}
