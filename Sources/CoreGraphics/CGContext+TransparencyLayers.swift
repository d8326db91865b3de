import CALinuxCairo

/// An open transparency layer: the state to composite with when it ends.
struct TransparencyLayer {
    /// The drawing state when the layer began (alpha, blend mode, shadow, mask used to composite it).
    var state: CGContextDrawingState
    /// `savedStates.count` when the layer began; saves inside the layer cannot be restored past it.
    var savedStateDepth: Int
}

// Transparency layers: everything drawn between begin and end is collected in an offscreen group and
// composited as one image with the alpha, blend mode, shadow and clip that were current at the begin.

extension CGContext {
    /// Starts collecting drawing into an offscreen layer. Inside it, alpha is 1, the blend mode normal and
    /// there is no shadow; the graphics state is otherwise inherited. `auxiliaryInfo` is ignored.
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        guard !state.ctmIsSingular else {
            layers.append(TransparencyLayer(state: state, savedStateDepth: savedStates.count))
            cairo_push_group(cairoContext)
            return
        }
        layers.append(TransparencyLayer(state: state, savedStateDepth: savedStates.count))
        cairo_push_group(cairoContext)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        state.mask = nil
    }

    /// Like `beginTransparencyLayer(auxiliaryInfo:)`; the layer is also clipped to `rect`.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Composites the innermost layer onto what lies beneath it. Ignored without an open layer.
    public func endTransparencyLayer() {
        guard let layer = layers.last else { return }
        while savedStates.count > layer.savedStateDepth { restoreGState() }
        layers.removeLast()
        let group = cairo_pop_group(cairoContext)
        state = layer.state
        guard let group else { return }
        if !state.ctmIsSingular {
            composite(group, alpha: state.alpha)
        }
        cairo_pattern_destroy(group)
        didPaint()
    }
}
