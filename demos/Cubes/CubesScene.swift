import Foundation
import QuartzCore

/// The guide's two cubes (Lockwood, chapter 6, listing 6.5; seed-examples §7.2.5): a 500x400
/// container whose `sublayerTransform` is a perspective (m34 = -1/500), holding two
/// `CATransformLayer`s of six 100x100 faces each. The transform layers do not flatten, so each
/// cube is a true 3D object: cube 1 is moved 100 points left of the vanishing point (its front face
/// and a sliver of its right face show), cube 2 100 points right and turned corner-on.
///
/// The faces' colours are opaque random colours (the listing's `rand()`), from a seeded generator.
/// The container keeps the book's geometry; `layout(for:)` scales it to fit the root and centres it.
final class CubesScene: DemoScene {
    static let containerSize = CGSize(width: 500, height: 400)
    static let faceSize = CGSize(width: 100, height: 100)
    static let defaultSeed: UInt64 = 1

    /// Listing 5.9's face transforms scaled to a 100-point cube (rotate about the face's centre, then push out).
    static let faceTransforms: [CATransform3D] = [
        CATransform3DMakeTranslation(0, 0, 50),
        CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
    ]

    /// Cube 1: 100 points left of the container's centre.
    static let cube1Transform = CATransform3DMakeTranslation(-100, 0, 0)
    /// Cube 2: translate (+100, 0, 0), rotate -45 degrees about X, then about Y (the listing's calls;
    /// `CATransform3DRotate` pre-multiplies, so the cube turns about its own centre, then moves).
    static let cube2Transform: CATransform3D = {
        var t = CATransform3DMakeTranslation(100, 0, 0)
        t = CATransform3DRotate(t, -.pi / 4, 1, 0, 0)
        t = CATransform3DRotate(t, -.pi / 4, 0, 1, 0)
        return t
    }()

    /// SplitMix64: a small, fast generator whose sequence depends only on its seed.
    struct SeededGenerator: RandomNumberGenerator {
        private var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    let rootLayer: CALayer
    let container = CALayer()
    private(set) var cubes: [CATransformLayer] = []
    /// The faces' colours, cube 1's six then cube 2's six.
    private(set) var faceColors: [CGColor] = []

    /// The seed of the current colours (R picks the next one in the window).
    private(set) var seed: UInt64
    /// Cube 2's extra turn about its own Y and X axes (the arrow keys), radians.
    private(set) var spin: (y: CGFloat, x: CGFloat) = (0, 0)

    init(root: CALayer, seed: UInt64 = CubesScene.defaultSeed) {
        self.seed = seed
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.name = "container"
        container.bounds = CGRect(origin: .zero, size: Self.containerSize)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        root.addSublayer(container)

        var random = SeededGenerator(seed: seed)
        for (n, transform) in [Self.cube1Transform, Self.cube2Transform].enumerated() {
            let cube = CATransformLayer()
            cube.name = "cube \(n + 1)"
            cube.position = CGPoint(x: Self.containerSize.width / 2, y: Self.containerSize.height / 2)
            cube.transform = transform
            for (i, faceTransform) in Self.faceTransforms.enumerated() {
                let face = CALayer()
                face.name = "cube \(n + 1) face \(i + 1)"
                face.frame = CGRect(x: -50, y: -50, width: Self.faceSize.width, height: Self.faceSize.height)
                let color = CGColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                    blue: .random(in: 0...1, using: &random), alpha: 1)
                face.backgroundColor = color
                face.transform = faceTransform
                faceColors.append(color)
                cube.addSublayer(face)
            }
            container.addSublayer(cube)
            cubes.append(cube)
        }
    }

    /// Cube 2's transform turned by `spin` about its own axes (Y first, then X) before the book's.
    static func cube2Transform(spin: (y: CGFloat, x: CGFloat)) -> CATransform3D {
        var t = cube2Transform
        if spin.y != 0 { t = CATransform3DRotate(t, spin.y, 0, 1, 0) }
        if spin.x != 0 { t = CATransform3DRotate(t, spin.x, 1, 0, 0) }
        return t
    }

    /// Turns cube 2 by (`dy`, `dx`) more about its own axes (an implicit animation; cube 1 is untouched).
    func spinCube2(y dy: CGFloat, x dx: CGFloat) {
        spin = (spin.y + dy, spin.x + dx)
        cubes[1].transform = Self.cube2Transform(spin: spin)
    }

    /// New random colours for every face, from `seed`.
    func recolor(seed: UInt64) {
        self.seed = seed
        var random = SeededGenerator(seed: seed)
        faceColors = []
        for cube in cubes {
            for face in cube.sublayers ?? [] {
                let color = CGColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                    blue: .random(in: 0...1, using: &random), alpha: 1)
                face.backgroundColor = color
                faceColors.append(color)
            }
        }
    }

    /// Scales the 500x400 container to fit a root of `size` points and centres it.
    func layout(for size: CGSize) {
        let k = max(min(size.width / Self.containerSize.width, size.height / Self.containerSize.height), 0.01)
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
    }

    // MARK: DemoScene (a still scene: no timers)

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
