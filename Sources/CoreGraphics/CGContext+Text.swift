import Foundation
/// How text drawing is asked to smooth and position glyphs (the setters below).
package struct FontSmoothing {
    package var allowsSmoothing = true
    package var shouldSmooth = true
    package var allowsSubpixelPositioning = true
    package var shouldSubpixelPosition = true
    package var allowsSubpixelQuantization = true
    package var shouldSubpixelQuantize = true
    package var characterSpacing: CGFloat = 0
    package var textDrawingMode: CGTextDrawingMode = .fill
}

/// How glyphs are painted (Apple's raw values).
public enum CGTextDrawingMode: Int32, Sendable {
    case fill, stroke, fillStroke, invisible, fillClip, strokeClip, fillStrokeClip, clip
}

extension CGContext {
    /// Whether glyphs may be smoothed (kept; Pango's glyphs are grayscale antialiased).
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) { fontSmoothing.allowsSmoothing = allowsFontSmoothing }
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) { fontSmoothing.shouldSmooth = shouldSmoothFonts }
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        fontSmoothing.allowsSubpixelPositioning = allowsFontSubpixelPositioning
    }
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        fontSmoothing.shouldSubpixelPosition = shouldSubpixelPositionFonts
    }
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        fontSmoothing.allowsSubpixelQuantization = allowsFontSubpixelQuantization
    }
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        fontSmoothing.shouldSubpixelQuantize = shouldSubpixelQuantizeFonts
    }
    /// Extra space between characters (kept; Core Text's lines use their `.kern` attributes).
    public func setCharacterSpacing(_ spacing: CGFloat) { fontSmoothing.characterSpacing = spacing }
    /// How glyphs are painted (kept; Core Text's lines fill, or stroke by their `.strokeWidth`).
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { fontSmoothing.textDrawingMode = mode }
}
