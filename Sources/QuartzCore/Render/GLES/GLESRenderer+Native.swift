import CALinuxGLES
import CoreGraphics

// The layers the GPU back end draws as quads of its own, and how.
extension GLESRenderer {
    /// Whether `layer` is drawn as GL quads (otherwise the software renderer draws it and its
    /// sublayers into a bitmap): a plain layer with nothing that needs a path or an offscreen pass
    /// other than group opacity, a shadow and a blend mode (under an affine map).
    func drawsNatively(_ layer: RenderLayer, toDevice: Homography) -> Bool {
        let sw = LayerTreeRenderer()
        let kind = layer.frame.tree.nodes[layer.index].kind
        guard kind == .layer || kind == .emitterLayer || (kind == .gradientLayer && drawsGradientNatively(layer))
                || ((kind == .replicatorLayer || kind == .tiledLayer) && toDevice.affineTransform != nil),
              !layer.shouldRasterize, layer.backdropBlurRadius <= 0, layer.compositingBlendMode == .normal || toDevice.affineTransform != nil,
              drawsShadowNatively(layer, toDevice: toDevice), sw.activeTransition(of: layer) == nil,
              !layer.backgroundIsPattern, layer.borderColor?.patternImage == nil else { return false }
        // Group opacity over more than one fill is drawn through an offscreen group, in device space.
        if needsGroup(layer), toDevice.affineTransform == nil { return false }
        if layer.mask != nil, !masksNatively(layer, toDevice: toDevice) { return false }
        // Corners: square, or circular (all or some of them).
        if !sw.hasSquareCorners(layer) {
            let r = sw.clampedRadius(layer.cornerRadius, in: layer.bounds)
            if layer.cornerCurve == .continuous,
               LayerTreeRenderer.continuousCornerReach * r <= min(layer.bounds.width, layer.bounds.height) / 2 { return false }
        }
        // The whole layer in front of the viewer (no clipping at w = 0).
        guard isInFront(layer.bounds, toDevice) else { return false }
        if let image = layer.contents as? CGImage, image.width <= 0 { return false }
        return true
    }

    /// The corners `layer`'s radius rounds, as `GLESQuad.corners` takes them.
    func corners(of layer: RenderLayer) -> UInt8 {
        UInt8(truncatingIfNeeded: layer.maskedCorners.rawValue & 15)
    }

    /// Whether every corner of `rect` lies in front of the viewer (w > 0), corner by corner (no array
    /// per layer and frame).
    private func isInFront(_ rect: CGRect, _ toDevice: Homography) -> Bool {
        func w(_ x: CGFloat, _ y: CGFloat) -> CGFloat { toDevice.mapHomogeneous(CGPoint(x: x, y: y)).w }
        return w(rect.minX, rect.minY) > 1e-6 && w(rect.maxX, rect.minY) > 1e-6
            && w(rect.minX, rect.maxY) > 1e-6 && w(rect.maxX, rect.maxY) > 1e-6
    }

    /// The device rectangle of `layer`'s bounds when they land axis-aligned on whole pixels (a clip the
    /// scissor does exactly); nil otherwise.
    func pixelAlignedClip(of layer: RenderLayer, toDevice: Homography) -> CGRect? {
        guard LayerTreeRenderer().hasSquareCorners(layer), let affine = toDevice.affineTransform,
              LayerTreeRenderer().isAxisAligned(affine) else { return nil }
        let rect = layer.bounds.applying(affine)
        func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-3 }
        guard whole(rect.minX), whole(rect.minY), whole(rect.maxX), whole(rect.maxY) else { return nil }
        return CGRect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(), height: rect.height.rounded())
    }

    /// Bounds-space units per device pixel near `rect` under `toDevice`, at most (how far a quad must
    /// reach beyond its shape to cover the partly covered pixels of its edges).
    func pixelMargin(of rect: CGRect, toDevice: Homography) -> CGFloat {
        let c = toDevice.project(CGPoint(x: rect.midX, y: rect.midY))
        let ex = toDevice.project(CGPoint(x: rect.midX + 1, y: rect.midY))
        let ey = toDevice.project(CGPoint(x: rect.midX, y: rect.midY + 1))
        let sx = hypot(ex.x - c.x, ex.y - c.y), sy = hypot(ey.x - c.x, ey.y - c.y)
        let scale = min(sx, sy)
        guard scale.isFinite, scale > 1e-6 else { return 0 }
        // One pixel: a pixel's footprint reaches at most 0.71 of one beyond an edge it touches (with
        // slack for perspective across the layer).
        return min(1.25 / scale, max(rect.width, rect.height) + 1)
    }

    /// Whether `layer`'s opacity applies to it and its sublayers as one group (more than a single fill).
    func needsGroup(_ layer: RenderLayer) -> Bool {
        layer.opacity < 1 && layer.allowsGroupOpacity && !LayerTreeRenderer().drawsSingleFill(layer)
    }

    /// Draws `layer` as quads: background, contents, sublayers (clipped when `masksToBounds`), border;
    /// its opacity multiplies `alpha` unless `opacityApplied` (a group composites it afterwards).
    func drawNatively(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat,
                      opacityApplied: Bool = false) {
        let sw = LayerTreeRenderer()
        stats.nativeLayers += 1
        let alpha = opacityApplied ? alpha : alpha * CGFloat(min(max(layer.opacity, 0), 1))
        let bounds = layer.bounds
        let affine = toDevice.affineTransform
        let aliased = !layer.allowsEdgeAntialiasing && affine.map { !sw.isAxisAligned($0) } == true
        let radius = sw.hasSquareCorners(layer) ? 0 : sw.clampedRadius(layer.cornerRadius, in: bounds)
        // Aliased quads cover exactly the pixels whose centres they contain: no margin.
        let margin = aliased ? 0 : pixelMargin(of: bounds, toDevice: toDevice)

        if !(rootBackgroundCleared && layer.index == rootIndex), let color = GLESColor(rgba: layer.backgroundRGBA, alpha: alpha) {
            batch.add(GLESQuad(shape: bounds, toDevice: toDevice, color: color, radius: radius, corners: corners(of: layer),
                               aliased: aliased, margin: margin))
        }
        if layer.isGradientLayer { drawGradient(of: layer, toDevice: toDevice, radius: radius, alpha: alpha) }

        // Contents, particles and sublayers: what `masksToBounds` clips (`toDevice` as drawn: a
        // clip may draw them into an offscreen target).
        let drawsInside = layer.contents is CGImage || layer.isTiledLayer || layer.isEmitterLayer || layer.hasChildren
        func drawInside(_ toDevice: Homography) {
            if layer.isTiledLayer {
                if currentScissor.width > 0 { drawTiles(of: layer, toDevice: toDevice, alpha: alpha) }
            } else if let image = layer.contents as? CGImage, currentScissor.width > 0 {
                drawContents(image, of: layer, toDevice: toDevice, alpha: alpha)
            }
            if layer.isEmitterLayer, currentScissor.width > 0 {
                drawParticles(of: layer, toDevice: toDevice, alpha: alpha)
            }
            if layer.hasChildren, currentScissor.width > 0, sw.containsTransformLayer(layer.children) {
                // CATransformLayer children share this layer's 3D context: their descendants are
                // drawn as its own sublayers, back to front (LayerTreeRenderer+TransformLayer.swift).
                let sublayerTransform = layer.sublayerTransformInOwnSpace()
                for entry in sw.expandedInDrawingOrder(layer.children, sublayerTransform: sublayerTransform, toViewer: toViewer) {
                    walk(entry.layer, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer,
                         alpha: alpha * entry.opacity, local: entry.local)
                }
            } else if layer.hasChildren, currentScissor.width > 0, layer.isReplicatorLayer {
                drawReplicas(of: layer, sublayerTransform: layer.sublayerTransformInOwnSpace(), toViewer: toViewer, alpha: alpha)
            } else if layer.hasChildren, currentScissor.width > 0 {
                let sublayerTransform = layer.sublayerTransformInOwnSpace()
                for (child, local) in sw.placedInDrawingOrder(layer.children, sublayerTransform: sublayerTransform) {
                    walk(child, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer, alpha: alpha, local: local)
                }
            }
        }
        if drawsInside {
            if layer.masksToBounds {
                drawClipped(to: layer, toDevice: toDevice, radius: radius) { shift in drawInside(toDevice.concatenating(shift)) }
            } else {
                drawInside(toDevice)
            }
        }

        if layer.borderWidth > 0, let color = GLESColor(layer.borderColor, alpha: alpha) {
            let width = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
            batch.add(GLESQuad(shape: bounds, toDevice: toDevice, color: color, radius: radius, corners: corners(of: layer), border: width,
                               aliased: aliased, margin: margin))
        }
    }

    /// Draws `image` as `layer`'s contents: placed by the gravity, the `contentsRect` part of it
    /// (its edge pixels repeating beyond the image), filtered as the layer asks.
    private func drawContents(_ image: CGImage, of layer: RenderLayer, toDevice: Homography, alpha: CGFloat) {
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        let unit = layer.contentsRect
        let pw = unit.width * CGFloat(image.width), ph = unit.height * CGFloat(image.height)
        guard pw != 0, ph != 0, pw.isFinite, ph.isFinite, unit.minX.isFinite, unit.minY.isFinite else { return }
        let contentSize = CGSize(width: abs(pw) / scale, height: abs(ph) / scale)
        let rect = layer.contentsGravity.rect(forContentSize: contentSize, in: layer.bounds)
        guard rect.width > 0, rect.height > 0 else { return }
        let magnifies = rect.width > contentSize.width || rect.height > contentSize.height
        let filter = magnifies ? layer.magnificationFilter : layer.minificationFilter
        if NineSlice.applies(to: layer) {
            return drawNineSlice(image, of: layer, in: rect, scale: scale, toDevice: toDevice, alpha: alpha,
                                 nearest: filter == .nearest)
        }
        let texture = textures.texture(for: image)
        batch.add(GLESQuad(shape: rect, toDevice: toDevice, color: .white(alpha),
                           margin: pixelMargin(of: rect, toDevice: toDevice), textureRect: unit),
                  texture: texture, nearest: filter == .nearest, mipmapped: true)
    }
}

extension GLESRenderer {
    /// Draws `layer` and its sublayers at full opacity into an offscreen target covering their device
    /// box, then that target at the layer's opacity (times `alpha`): Core Animation's group opacity.
    func drawGroup(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat) {
        guard let affine = toDevice.affineTransform else { return }
        var box = currentScissor
        if let extent = boundedExtent(of: layer) { box = extent.applying(affine).integral.intersection(currentScissor) }
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let drawn = drawOffscreen(box) { shift in
            drawNatively(layer, toViewer: toViewer, toDevice: toDevice.concatenating(shift), alpha: 1, opacityApplied: true)
        }
        guard let target = drawn else {
            return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
        stats.groups += 1
        addDeviceBitmap(box, texture: target.texture, alpha: alpha * CGFloat(min(max(layer.opacity, 0), 1)))
    }

    /// Draws `body` into an offscreen target covering `box` (whole device pixels of the current
    /// target), cleared to transparent, and returns the target (its texture holds the box pixel for
    /// pixel, rows from the top, in cairo's byte order; valid until the frame ends); nil when GL
    /// cannot make one. `body` gets the map from the current device space to the target's, which
    /// is also folded into `viewerToDevice` while it runs. Clips of the current target do not apply
    /// inside (they apply when the caller composites the texture); the current target, its
    /// scissor and its clips are restored afterwards.
    func drawOffscreen(_ box: CGRect, _ body: (Homography) -> Void) -> GLESGroupTarget? {
        let width = Int(box.width), height = Int(box.height)
        batch.flush()
        guard width > 0, height > 0, let target = groups.acquire(width: width, height: height) else { return nil }
        let saved = (framebuffer: currentFramebuffer, flipsRows: flipsRows, height: targetHeight,
                     scissor: currentScissor, viewerToDevice: viewerToDevice, bounds: targetBounds,
                     viewport: (Int(targetBounds.width), Int(targetBounds.height)))
        // Rows from the top in cairo's byte order (as every texture holds them), the box's corner at
        // the origin.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        currentFramebuffer = target.framebuffer
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        flipsRows = true
        targetHeight = height
        targetBounds = CGRect(x: 0, y: 0, width: width, height: height)
        setTargetUniforms(width: width, height: height)
        setScissor(targetBounds)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // The target's own stencil starts empty (cleared when a clip first needs it).
        let outerStencilDepth = stencilDepth, outerStencilCleared = stencilCleared
        stencilDepth = 0
        stencilCleared = false
        glDisable(GLenum(GL_STENCIL_TEST))
        let shift = Homography(CGAffineTransform(translationX: -box.minX, y: -box.minY))
        viewerToDevice = saved.viewerToDevice.concatenating(shift)
        body(shift)
        batch.flush()
        // Back to the target below, and its clips.
        stencilDepth = outerStencilDepth
        stencilCleared = outerStencilCleared
        if stencilDepth > 0 {
            glEnable(GLenum(GL_STENCIL_TEST))
            glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
        } else {
            glDisable(GLenum(GL_STENCIL_TEST))
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), saved.framebuffer)
        currentFramebuffer = saved.framebuffer
        glViewport(0, 0, GLsizei(saved.viewport.0), GLsizei(saved.viewport.1))
        flipsRows = saved.flipsRows
        targetHeight = saved.height
        targetBounds = saved.bounds
        viewerToDevice = saved.viewerToDevice
        setTargetUniforms(width: saved.viewport.0, height: saved.viewport.1)
        setScissor(saved.scissor)
        return target
    }
}
