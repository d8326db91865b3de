import CoreGraphics
import Foundation

/// Reading a colour back in the other models UIKit offers: white (grey) and hue, saturation,
/// brightness. As Apple's, each answers false and leaves the pointers alone when the colour cannot
/// be given that way.
extension UIColor {
    /// The grey level and alpha of a colour made in the grey space (`init(white:alpha:)`, `.black`,
    /// `.white`, `.gray`…). False for colours with red, green and blue components (Apple converts
    /// only compatible colour spaces) and for pattern colours.
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.patternImage == nil, let c = cgColor.components, c.count == 2 else { return false }
        white?.pointee = c[0]
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// The hue, saturation and brightness (each 0...1; a grey has hue and saturation 0) and alpha
    /// of a grey or RGB colour. False for pattern colours.
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard getRed(&r, green: &g, blue: &b, alpha: &a) else { return false }
        let maximum = max(r, g, b), minimum = min(r, g, b), delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == r {
                h = (g - b) / delta
            } else if maximum == g {
                h = 2 + (b - r) / delta
            } else {
                h = 4 + (r - g) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = a
        return true
    }
}
