/// A glyph's index in its font (Core Graphics' `CGFontIndex`).
public typealias CGFontIndex = UInt16

/// A glyph of a font: its index (Core Text's runs and `CTFontCreatePathForGlyph` use them).
public typealias CGGlyph = CGFontIndex
