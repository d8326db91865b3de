import CoreGraphics
import Foundation

/// The book's "Sprites.png", drawn at run time: a 512-pixel sheet of four 256-pixel icons, igloo
/// top left, cone top right, anchor bottom left, spaceship bottom right (the contacts demo's
/// drawings, at four times their size), on clear. `icon(_:)` is one of them alone ("Cone.png").
enum SpriteSheetArt {
    static let quadrant = 256

    static let sheet: CGImage = {
        let ctx = context(side: 2 * quadrant)
        let layout: [(ContactsArt.Avatar, Int, Int)] = [(.igloo, 0, 0), (.cone, 1, 0), (.anchor, 0, 1), (.spaceship, 1, 1)]
        for (icon, column, row) in layout {
            ctx.saveGState()
            ctx.translateBy(x: CGFloat(column * quadrant), y: CGFloat(row * quadrant))
            ctx.scaleBy(x: CGFloat(quadrant) / 64, y: CGFloat(quadrant) / 64)
            ContactsArt.draw(icon, in: ctx)
            ctx.restoreGState()
        }
        return ctx.makeImage()!
    }()

    /// One icon alone, 256 pixels square.
    static func icon(_ icon: ContactsArt.Avatar) -> CGImage {
        let ctx = context(side: quadrant)
        ctx.scaleBy(x: CGFloat(quadrant) / 64, y: CGFloat(quadrant) / 64)
        ContactsArt.draw(icon, in: ctx)
        return ctx.makeImage()!
    }

    /// A clear bitmap `side` pixels square whose user space runs y down from the top left.
    private static func context(side: Int) -> CGContext {
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(side))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }
}
