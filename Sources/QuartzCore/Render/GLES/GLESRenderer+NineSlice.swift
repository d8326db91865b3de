import CoreGraphics

// Nine-slice contents (`contentsCenter` under a resizing gravity) as up to nine textured quads of the
// image's one texture: the software renderer's pieces (`NineSlice`), each sampled within its own pixels.
extension GLESRenderer {
    /// Draws `image`'s nine-slice pieces as `layer`'s contents into `rect` (bounds space), at `alpha`,
    /// filtered as the caller chose for the whole contents.
    func drawNineSlice(_ image: CGImage, of layer: RenderLayer, in rect: CGRect, scale: CGFloat, toDevice: Homography,
                       alpha: CGFloat, nearest: Bool) {
        guard let slices = NineSlice(width: image.width, height: image.height, contentsRect: layer.contentsRect,
                                     center: layer.contentsCenter, scale: scale, in: rect) else { return }
        let texture = textures.texture(for: image)
        let w = CGFloat(image.width), h = CGFloat(image.height)
        let affine = toDevice.affineTransform
        slices.forEachPiece { source, target in
            func unit(_ r: CGRect) -> CGRect { CGRect(x: r.minX / w, y: r.minY / h, width: r.width / w, height: r.height / h) }
            // Clamped to the piece's outer texel centres: its edge pixels repeat, as cairo pads the piece
            // cut out, and no texel of the next piece is filtered in.
            batch.add(GLESQuad(shape: target, toDevice: toDevice, color: .white(alpha),
                               margin: pixelMargin(of: target, toDevice: toDevice), textureRect: unit(source),
                               textureClamp: unit(source.insetBy(dx: 0.5, dy: 0.5))),
                      texture: texture, nearest: nearest,
                      mipmapped: affine.map { Self.isMipmapped(source, to: target, $0) } ?? true)
        }
    }

    /// Whether a piece is mipmapped: where its `source` pixels drawn into `target` through `affine`
    /// shrink to less than half along one axis and stretch along neither. GL picks one mipmap level
    /// for the more shrunk axis and blurs the other as much; cairo filters axis by axis. Up to half,
    /// bilinear sampling still reaches every texel (cairo's box filter), and along a stretched axis
    /// a level's blur would spread over many pixels (an edge stretched one way and shrunk the other),
    /// where skipping texels across the shrunk one shows less.
    private static func isMipmapped(_ source: CGRect, to target: CGRect, _ affine: CGAffineTransform) -> Bool {
        let across = hypot(affine.a, affine.b) * target.width / source.width
        let down = hypot(affine.c, affine.d) * target.height / source.height
        return min(across, down) < 0.5 && max(across, down) <= 1.001
    }
}
