import Foundation
import QuartzCore

/// The guide's cube of six faces (Lockwood, chapter 5, listings 5.9 and 5.10, snippet S5.b), built
/// from layers: a 500x500 container whose `sublayerTransform` holds the perspective (m34 = -1/500)
/// and the camera, six 200x200 white faces pushed 100 points out from its centre, each with a
/// centred 100x100 `CATextLayer` showing its number in its colour, and a black lighting overlay
/// whose opacity comes from the face's normal and a fixed light (computed once, as the book does).
/// Used by the window (`CubeDemo`) and by offscreen snapshots (`Snapshot`).
///
/// The container keeps the book's 500-point geometry; `layout(for:)` scales it to fit the root and
/// centres it (the centre is the vanishing point).
final class CubeScene: DemoScene {
    /// The camera of the container's `sublayerTransform`.
    enum Camera: String, CaseIterable {
        /// Snippet S5.b: rotated -45 degrees about Y, then -45 degrees about X; faces 1, 2, 3 show.
        case cornerOn = "corner-on"
        /// Listing 5.9: straight at face 1.
        case faceOn = "face-on"
    }

    static let containerSize = CGSize(width: 500, height: 500)
    static let faceSize = CGSize(width: 200, height: 200)
    static let labelSize = CGSize(width: 100, height: 100)
    /// Listing 5.10's constants.
    static let lightDirection = (x: 0.0, y: 1.0, z: -0.5)
    static let ambientLight = 0.5

    /// The label colours of faces 1...6: red, green, blue, orange, purple, teal.
    static let labelColors: [CGColor] = [
        CGColor(red: 0.86, green: 0.08, blue: 0.08, alpha: 1),
        CGColor(red: 0.10, green: 0.62, blue: 0.16, alpha: 1),
        CGColor(red: 0.10, green: 0.25, blue: 0.90, alpha: 1),
        CGColor(red: 1.00, green: 0.55, blue: 0.00, alpha: 1),
        CGColor(red: 0.55, green: 0.15, blue: 0.70, alpha: 1),
        CGColor(red: 0.00, green: 0.55, blue: 0.55, alpha: 1),
    ]

    /// Each face's transform in the container: rotate about its own centre, then push it out
    /// (the listing's MakeTranslation followed by Rotate, which pre-multiplies).
    static let faceTransforms: [CATransform3D] = [
        CATransform3DMakeTranslation(0, 0, 100),
        CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
    ]

    /// The container's `sublayerTransform` for a camera: the perspective, rotated for corner-on.
    static func sublayerTransform(for camera: Camera) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        if camera == .cornerOn {
            perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
            perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        }
        return perspective
    }

    /// Listing 5.10: the opacity of the black overlay of a face with `transform`: the face normal is
    /// the normalized third row of the upper-left 3x3 (the image of +z), d = light . normal, and the
    /// opacity is 1 + d - ambient, clamped to 0...1 (as UIColor clamps alpha).
    static func shadowOpacity(for transform: CATransform3D) -> Float {
        let n = (x: Double(transform.m31), y: Double(transform.m32), z: Double(transform.m33))
        let nl = (n.x * n.x + n.y * n.y + n.z * n.z).squareRoot()
        let l = lightDirection
        let ll = (l.x * l.x + l.y * l.y + l.z * l.z).squareRoot()
        guard nl > 0 else { return 0 }
        let d = (n.x * l.x + n.y * l.y + n.z * l.z) / (nl * ll)
        return Float(min(max(1 + d - ambientLight, 0), 1))
    }

    let rootLayer: CALayer
    let container = CALayer()
    private(set) var faces: [CALayer] = []
    private(set) var labels: [CATextLayer] = []
    private(set) var overlays: [CALayer] = []
    /// Device pixels per point of the surface the root is shown on (the window's buffer scale).
    var pixelScale: CGFloat = 1
    var camera: Camera {
        didSet { container.sublayerTransform = Self.sublayerTransform(for: camera) }
    }

    init(root: CALayer, camera: Camera) {
        rootLayer = root
        self.camera = camera
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: Self.containerSize)
        container.sublayerTransform = Self.sublayerTransform(for: camera)
        root.addSublayer(container)

        let center = CGPoint(x: Self.containerSize.width / 2, y: Self.containerSize.height / 2)
        for (i, transform) in Self.faceTransforms.enumerated() {
            let face = CALayer()
            face.name = "face \(i + 1)"
            face.bounds = CGRect(origin: .zero, size: Self.faceSize)
            face.position = center
            face.backgroundColor = CGColor(gray: 1, alpha: 1)
            face.transform = transform

            let label = CATextLayer()
            label.name = "label \(i + 1)"
            label.bounds = CGRect(origin: .zero, size: Self.labelSize)
            label.position = CGPoint(x: Self.faceSize.width / 2, y: Self.faceSize.height / 2)
            label.string = "\(i + 1)"
            label.font = "Helvetica-Bold"
            label.fontSize = 72
            label.alignmentMode = .center
            label.foregroundColor = Self.labelColors[i]
            face.addSublayer(label)

            // Listing 5.10: a black overlay above the face's content, darker the more it faces away
            // from the light.
            let overlay = CALayer()
            overlay.name = "light \(i + 1)"
            overlay.frame = face.bounds
            overlay.backgroundColor = CGColor(gray: 0, alpha: 1)
            overlay.opacity = Self.shadowOpacity(for: transform)
            face.addSublayer(overlay)

            container.addSublayer(face)
            faces.append(face)
            labels.append(label)
            overlays.append(overlay)
        }
    }

    /// Scales the 500-point container to fit a root of `size` points and centres it; the labels'
    /// text is drawn at the resulting pixel density, twice over for perspective's magnification.
    func layout(for size: CGSize) {
        let k = max(min(size.width, size.height), 1) / Self.containerSize.width
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
        let scale = 2 * k * pixelScale
        for label in labels where label.contentsScale != scale { label.contentsScale = scale }
    }

    // MARK: DemoScene (a still scene: no timers)

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
