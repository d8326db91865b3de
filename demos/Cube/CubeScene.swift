import Foundation
import QuartzCore
import UIKit

/// The guide's cube of six faces (Lockwood, chapter 5, listings 5.9 and 5.10, snippets S5.b and
/// S5.c), built from views: a 500x500 container view whose layer's `sublayerTransform` holds the
/// perspective (m34 = -1/500) and the camera, six 200x200 white face views pushed 100 points out from
/// its centre (`layer.transform`), each with a centred 100x100 `UILabel` showing its number in its
/// colour, and a black lighting overlay sublayer whose opacity comes from the face's normal and a
/// fixed light (computed once, as the book does). Face 3 (the top) holds a real `UIButton`; which
/// view a click at the button gets depends on the touch fix (§7.2.4). Used by the window
/// (`CubeDemo`, a `UIWindow` root) and by offscreen snapshots (`Snapshot`, a plain root view).
///
/// The container keeps the book's 500-point geometry; `layout(for:)` scales it to fit the root and
/// centres it (the centre is the vanishing point).
@MainActor
final class CubeScene {
    /// The camera of the container's `sublayerTransform`.
    enum Camera: String, CaseIterable {
        /// Snippet S5.b: rotated -45 degrees about Y, then -45 degrees about X; faces 1, 2, 3 show.
        case cornerOn = "corner-on"
        /// Listing 5.9: straight at face 1.
        case faceOn = "face-on"
    }

    nonisolated static let containerSize = CGSize(width: 500, height: 500)
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
        camera == .cornerOn ? sublayerTransform(yaw: -.pi / 4, pitch: -.pi / 4) : sublayerTransform(yaw: 0, pitch: 0)
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

    /// The touch fixes of §7.2.4 (S5.c): how face 3's button gets its clicks.
    enum TouchFix: String, CaseIterable {
        /// The guide's bug: faces 4, 5, 6 were added after face 3, and although they face away their
        /// projected quads cover it, so they take its clicks (the button's centre goes to face 5).
        case none
        /// Fix (a): `isUserInteractionEnabled = false` on every face but face 3.
        case a
        /// Fix (b): face 3 is added to the container after face 6.
        case b
    }

    /// The button's centre in face 3's coordinates (60 points below the face's centre).
    static let buttonCenter = CGPoint(x: 100, y: 160)
    static let buttonSize = CGSize(width: 120, height: 44)

    let rootView: UIView
    var rootLayer: CALayer { rootView.layer }
    let container = UIView()
    private(set) var faces: [CubeFaceView] = []
    private(set) var labels: [UILabel] = []
    private(set) var overlays: [CALayer] = []
    let button = UIButton(type: .system)
    /// Device pixels per point of the surface the root is shown on (the window's buffer scale).
    var pixelScale: CGFloat = 1
    /// The camera's turn about Y (applied first) and about X, radians: face-on is (0, 0), corner-on
    /// (-pi/4, -pi/4).
    private(set) var yaw: CGFloat = 0
    private(set) var pitch: CGFloat = 0
    var camera: Camera {
        didSet { setCamera(yaw: camera == .cornerOn ? -.pi / 4 : 0, pitch: camera == .cornerOn ? -.pi / 4 : 0) }
    }
    var touchFix: TouchFix {
        didSet { applyTouchFix() }
    }
    var isLit = true {
        didSet { for overlay in overlays { overlay.isHidden = !isLit } }
    }

    init(root: UIView, camera: Camera, touchFix: TouchFix = .none) {
        rootView = root
        self.camera = camera
        self.touchFix = touchFix
        root.backgroundColor = UIColor(white: 0.9, alpha: 1)
        container.accessibilityIdentifier = "container"
        container.bounds = CGRect(origin: .zero, size: Self.containerSize)
        root.addSubview(container)

        let center = CGPoint(x: Self.containerSize.width / 2, y: Self.containerSize.height / 2)
        for (i, transform) in Self.faceTransforms.enumerated() {
            let face = CubeFaceView(number: i + 1)
            face.accessibilityIdentifier = "face \(i + 1)"
            face.bounds = CGRect(origin: .zero, size: Self.faceSize)
            face.center = center
            face.backgroundColor = .white
            face.layer.transform = transform

            let label = UILabel(frame: CGRect(origin: .zero, size: Self.labelSize))
            label.center = CGPoint(x: Self.faceSize.width / 2, y: Self.faceSize.height / 2)
            label.text = "\(i + 1)"
            label.font = UIFont(name: "Helvetica-Bold", size: 72)
            label.textAlignment = .center
            label.textColor = UIColor(cgColor: Self.labelColors[i])
            face.addSubview(label)

            if i == 2 {
                button.accessibilityIdentifier = "button"
                button.setTitle("Press Me", for: .normal)
                button.titleLabel?.font = UIFont.boldSystemFont(ofSize: 18)
                button.backgroundColor = UIColor(red: 0.85, green: 0.9, blue: 1, alpha: 1)
                button.layer.cornerRadius = 8
                button.bounds = CGRect(origin: .zero, size: Self.buttonSize)
                button.center = Self.buttonCenter
                face.addSubview(button)
            }

            // Listing 5.10: a black overlay sublayer above the face's content, darker the more it faces
            // away from the light. A layer, not a view: it takes no part in hit testing.
            let overlay = CALayer()
            overlay.name = "light \(i + 1)"
            overlay.frame = face.bounds
            overlay.backgroundColor = CGColor(gray: 0, alpha: 1)
            overlay.opacity = Self.shadowOpacity(for: transform)
            face.layer.addSublayer(overlay)

            container.addSubview(face)
            faces.append(face)
            labels.append(label)
            overlays.append(overlay)
        }
        setCamera(yaw: camera == .cornerOn ? -.pi / 4 : 0, pitch: camera == .cornerOn ? -.pi / 4 : 0)
        applyTouchFix()
    }

    /// The container's `sublayerTransform` for a camera turned by `yaw` about Y, then `pitch` about X
    /// (S5.b's order: each CATransform3DRotate pre-multiplies the perspective).
    static func sublayerTransform(yaw: CGFloat, pitch: CGFloat) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        if pitch != 0 { perspective = CATransform3DRotate(perspective, pitch, 1, 0, 0) }
        if yaw != 0 { perspective = CATransform3DRotate(perspective, yaw, 0, 1, 0) }
        return perspective
    }

    /// Turns the camera (pitch is kept within +-90 degrees).
    func setCamera(yaw: CGFloat, pitch: CGFloat) {
        self.yaw = yaw
        self.pitch = min(max(pitch, -.pi / 2), .pi / 2)
        container.layer.sublayerTransform = Self.sublayerTransform(yaw: self.yaw, pitch: self.pitch)
    }

    /// Puts the faces in the order and interaction state of the current fix.
    private func applyTouchFix() {
        guard faces.count == 6 else { return }
        let order = touchFix == .b ? [0, 1, 3, 4, 5, 2] : [0, 1, 2, 3, 4, 5]
        if container.subviews.map({ ($0 as? CubeFaceView)?.number ?? 0 }) != order.map({ $0 + 1 }) {
            for i in order { container.addSubview(faces[i]) }
        }
        for face in faces { face.isUserInteractionEnabled = touchFix != .a || face.number == 3 }
    }

    /// Scales the 500-point container to fit a root of `size` points and centres it; the labels'
    /// text is drawn at the resulting pixel density, twice over for perspective's magnification.
    func layout(for size: CGSize) {
        let k = max(min(size.width, size.height), 1) / Self.containerSize.width
        container.center = CGPoint(x: size.width / 2, y: size.height / 2)
        container.transform = CGAffineTransform(scaleX: k, y: k)
        let scale = 2 * k * pixelScale
        for label in labels + [button.titleLabel].compactMap({ $0 }) where label.contentScaleFactor != scale {
            label.contentScaleFactor = scale
        }
    }

}

// MARK: DemoScene (a still scene: no timers)

extension CubeScene: @preconcurrency DemoScene {
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

/// A face of the cube: a plain view that reports the clicks it takes (`{"type":"action","target":
/// "face N","event":"hit"}` in the trace): with the guide's bug, the clicks meant for face 3's button.
final class CubeFaceView: UIView {
    let number: Int
    /// Called with the face when a touch that began on it ends (a click that no recognizer took).
    var onHit: ((CubeFaceView) -> Void)?

    init(number: Int) {
        self.number = number
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) {
        number = 0
        super.init(coder: coder)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        onHit?(self)
    }
}
