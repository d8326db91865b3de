import CALinuxPangoCairo

/// Maps a `CATextLayer` font (a name such as `"Helvetica-Bold"`, a Pango description such as
/// `"DejaVu Serif Italic"`, or an object with a name) to a Pango font description.
///
/// Apple's PostScript names are `Family-Style`; the families of Apple's system fonts map to the
/// DejaVu fonts of `fonts-dejavu-core` (sans, mono, serif), other families go to fontconfig as they
/// are (which falls back to its default sans-serif when they are missing). UIKit measures text
/// (`UIFont` metrics, `sizeThatFits`) with the same mapping.
package enum TextFont {
    /// The family used for nil, the system font and Apple's sans-serif families.
    static let defaultFamily = "DejaVu Sans"

    private static let sansFamilies: Set<String> = [
        "helvetica", "helveticaneue", "arial", "system", "systemfont", "sanfrancisco", "lucidagrande",
        "applesystemuifont", "geneva", "verdana", "avenir", "avenirnext", "sans", "sansserif",
    ]
    private static let monoFamilies: Set<String> = [
        "courier", "couriernew", "menlo", "monaco", "sfmono", "monospace", "mono",
    ]
    private static let serifFamilies: Set<String> = [
        "times", "timesnewroman", "georgia", "palatino", "baskerville", "serif", "newyork",
    ]

    /// The font's name, or nil for nil or an object without one.
    static func name(of font: Any?) -> String? {
        guard let font else { return nil }
        switch font {
        case let s as String: return s
        case let s as Substring: return String(s)
        default: break
        }
        // A font object (a future CGFont/CTFont): a stored name property.
        for child in Mirror(reflecting: font).children {
            if let label = child.label, ["postScriptName", "fontName", "fullName", "name"].contains(label),
               let s = child.value as? String {
                return s
            }
        }
        return nil
    }

    /// The Linux family for a font family name (Apple's families mapped to DejaVu).
    static func family(for name: String) -> String {
        var key = name.lowercased().filter { $0.isLetter }
        if name.hasPrefix(".") || key.hasPrefix("sfui") || key.hasPrefix("sfpro") || key.hasPrefix("sfcompact") {
            return defaultFamily
        }
        if key.hasPrefix("sfmono") { key = "sfmono" }
        if sansFamilies.contains(key) { return defaultFamily }
        if monoFamilies.contains(key) { return "DejaVu Sans Mono" }
        if serifFamilies.contains(key) { return "DejaVu Serif" }
        return name
    }

    /// A new Pango font description for `font` at `size` points (user-space units); the caller frees it.
    package static func makeDescription(for font: Any?, size: CGFloat) -> OpaquePointer? {
        let name = self.name(of: font).map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let desc: OpaquePointer?
        if let dash = name.firstIndex(of: "-"), !name.contains(" ") {
            // A PostScript name: Family-Style ("Helvetica-BoldOblique", "Menlo-Regular").
            desc = pango_font_description_new()
            let family = self.family(for: String(name[..<dash]))
            pango_font_description_set_family(desc, family)
            applyStyle(String(name[name.index(after: dash)...]), to: desc)
        } else {
            desc = pango_font_description_from_string(name.isEmpty ? defaultFamily : name)
            let given = pango_font_description_get_family(desc).map { String(cString: $0) } ?? ""
            pango_font_description_set_family(desc, given.isEmpty ? defaultFamily : family(for: given))
        }
        pango_font_description_set_absolute_size(desc, Double(size) * Double(PANGO_SCALE))
        return desc
    }

    /// The weight and slant named by a PostScript style suffix.
    private static func applyStyle(_ style: String, to desc: OpaquePointer?) {
        let s = style.lowercased()
        let weight: PangoWeight
        if s.contains("semibold") || s.contains("demibold") { weight = PANGO_WEIGHT_SEMIBOLD }
        else if s.contains("extrabold") || s.contains("heavy") || s.contains("black") { weight = PANGO_WEIGHT_HEAVY }
        else if s.contains("bold") { weight = PANGO_WEIGHT_BOLD }
        else if s.contains("medium") { weight = PANGO_WEIGHT_MEDIUM }
        else if s.contains("ultralight") || s.contains("thin") { weight = PANGO_WEIGHT_ULTRALIGHT }
        else if s.contains("light") { weight = PANGO_WEIGHT_LIGHT }
        else { weight = PANGO_WEIGHT_NORMAL }
        pango_font_description_set_weight(desc, weight)
        if s.contains("italic") { pango_font_description_set_style(desc, PANGO_STYLE_ITALIC) }
        else if s.contains("oblique") { pango_font_description_set_style(desc, PANGO_STYLE_OBLIQUE) }
    }
}
