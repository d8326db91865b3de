import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// One golden-image strip per animation class: a small scene rendered with `CARenderer` at several
/// fixed times of a frozen media clock, each frame into its own bitmap, the frames then laid side by
/// side (2-pixel dark gray gutters) into one PNG compared with a reference in `Golden/` by
/// `GoldenImage` (docs/GOLDEN.md lists the strips, their times and what each frame should show).
final class AnimationGoldenStripTests: XCTestCase {
    private static let gray = CGColor(gray: 0.85, alpha: 1)
    private static let blue = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    private static let orange = CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
    private static let red = CGColor(red: 0.85, green: 0.12, blue: 0.08, alpha: 1)
    private static let guide = CGColor(gray: 0.55, alpha: 1)
    private let t0: CFTimeInterval = 100
    /// Keeps each scene's tree attached to a renderer, so that it counts as rendered.
    private var attachment: CARenderer?

    override func setUp() {
        CAMediaClock.freeze(at: t0)
    }

    override func tearDown() {
        CATransaction.flush()
        attachment = nil
        CAMediaClock.unfreeze()
    }

    // MARK: Strips

    /// CABasicAnimation: `position` (25, 35) -> (95, 35) and `backgroundColor` blue -> orange, 1 s,
    /// ease-in-ease-out; the model holds the end values.
    func testBasicAnimationStrip() throws {
        let square = CALayer()
        let root = scene(120, 70) { root in
            root.addSublayer(self.marker(x: 25, height: 70))
            root.addSublayer(self.marker(x: 95, height: 70))
            square.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            square.position = CGPoint(x: 95, y: 35)
            square.backgroundColor = Self.orange
            root.addSublayer(square)
        }
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 25, y: 35)
        move.toValue = CGPoint(x: 95, y: 35)
        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.fromValue = Self.blue
        color.toValue = Self.orange
        for a in [move, color] {
            a.duration = 1
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        add([move, color], to: square)
        try assertStrip(root, at: [0, 0.25, 0.5, 0.75, 1], "strip-basic-position-color")
    }

    /// CAKeyframeAnimation along a path: a cubic arch from (20, 75) to (120, 75) (drawn in gray),
    /// `calculationMode` paced, `rotationMode` auto: the bar (red nose forward) follows the tangent;
    /// filled forwards so the last frame holds the end, heading down and to the right.
    func testKeyframePathRotationModeAutoStrip() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 75))
        path.addCurve(to: CGPoint(x: 120, y: 75), control1: CGPoint(x: 35, y: 0), control2: CGPoint(x: 105, y: 0))
        let bar = CALayer()
        let root = scene(140, 90) { root in
            let track = CALayer()
            track.frame = root.bounds
            track.contents = self.image(width: 140, height: 90) { ctx in
                ctx.addPath(path)
                ctx.setStrokeColor(Self.guide)
                ctx.setLineWidth(1.5)
                ctx.strokePath()
            }
            root.addSublayer(track)
            bar.bounds = CGRect(x: 0, y: 0, width: 26, height: 12)
            bar.position = CGPoint(x: 120, y: 75)
            bar.backgroundColor = Self.blue
            let nose = CALayer()
            nose.frame = CGRect(x: 19, y: 0, width: 7, height: 12)
            nose.backgroundColor = Self.red
            bar.addSublayer(nose)
            root.addSublayer(bar)
        }
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.calculationMode = .paced
        follow.rotationMode = .rotateAuto
        follow.duration = 1
        follow.fillMode = .forwards
        follow.isRemovedOnCompletion = false
        add([follow], to: bar)
        try assertStrip(root, at: [0, 0.25, 0.5, 0.75, 1], "strip-keyframe-path-rotate-auto")
    }

    /// CAKeyframeAnimation with the guide's bouncing-ball values (listing 10.6): a 300-point
    /// container scaled by 0.4; the 64-point ball's centre y through 32, 268, 140, 268, 220, 268,
    /// 250, 268 at key times 0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1, ease-in falls and ease-out rises.
    /// Frames at 0 (top), 0.15 (106.4), 0.3 (floor), 0.5 (apex 140), 0.75 (235.1), 0.95 (apex 250).
    func testKeyframeBounceKeyTimesStrip() throws {
        let ball = CALayer()
        let root = scene(120, 120) { root in
            let container = CALayer()
            container.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
            container.position = CGPoint(x: 60, y: 60)
            container.backgroundColor = CGColor(gray: 1, alpha: 1)
            container.setAffineTransform(CGAffineTransform(scaleX: 0.4, y: 0.4))
            ball.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            ball.position = CGPoint(x: 150, y: 268)
            ball.cornerRadius = 32
            ball.backgroundColor = Self.red
            container.addSublayer(ball)
            root.addSublayer(container)
        }
        let bounce = CAKeyframeAnimation(keyPath: "position")
        bounce.duration = 1
        bounce.values = [32, 268, 140, 268, 220, 268, 250, 268].map { CGPoint(x: 150, y: $0) }
        bounce.keyTimes = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1]
        let fall = CAMediaTimingFunction(name: .easeIn), rise = CAMediaTimingFunction(name: .easeOut)
        bounce.timingFunctions = [fall, rise, fall, rise, fall, rise, fall]
        add([bounce], to: ball)
        try assertStrip(root, at: [0, 0.15, 0.3, 0.5, 0.75, 0.95], "strip-keyframe-bounce-key-times")
    }

    /// CASpringAnimation: `position.x` 20 -> 100 (mass 1, stiffness 100, damping 10: damping ratio 0.5,
    /// so it overshoots by 16.3% at 0.363 s, to x = 113) over its settling duration; the gray line
    /// marks x = 100. Frames at 0, 0.1, 0.2, 0.36 (the overshoot), 0.6, 1.0.
    func testSpringAnimationStrip() throws {
        let square = CALayer()
        let root = scene(140, 50) { root in
            root.addSublayer(self.marker(x: 100, height: 50))
            square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            square.position = CGPoint(x: 100, y: 25)
            square.backgroundColor = Self.blue
            root.addSublayer(square)
        }
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 20
        spring.toValue = 100
        spring.mass = 1
        spring.stiffness = 100
        spring.damping = 10
        spring.duration = spring.settlingDuration
        add([spring], to: square)
        try assertStrip(root, at: [0, 0.1, 0.2, 0.36, 0.6, 1], "strip-spring-overshoot")
    }

    /// CAAnimationGroup of 1 s with two children: `position.x` 25 -> 105 in its first half, and
    /// `transform.rotation.z` 0 -> 45° starting at 0.5 s (filled backwards, so the square stays
    /// square until then). The white dot marks the square's top-left corner. The model holds the end.
    func testAnimationGroupStrip() throws {
        let square = CALayer()
        let root = scene(130, 70) { root in
            square.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            square.position = CGPoint(x: 105, y: 35)
            square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            square.backgroundColor = Self.blue
            let dot = CALayer()
            dot.frame = CGRect(x: 3, y: 3, width: 6, height: 6)
            dot.cornerRadius = 3
            dot.backgroundColor = CGColor(gray: 1, alpha: 1)
            square.addSublayer(dot)
            root.addSublayer(square)
        }
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 25
        move.toValue = 105
        move.duration = 0.5
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = CGFloat.pi / 4
        turn.beginTime = 0.5
        turn.duration = 0.5
        turn.fillMode = .backwards
        let group = CAAnimationGroup()
        group.animations = [move, turn]
        group.duration = 1
        add([group], to: square)
        try assertStrip(root, at: [0, 0.25, 0.5, 0.75, 1], "strip-group-delayed-child")
    }

    /// CATransition fade (1 s, linear): a card changes from blue with a white disc to orange with a
    /// white bar in one transaction; the old picture cross-dissolves into the new one.
    func testTransitionFadeStrip() throws {
        let card = CALayer()
        let (disc, bar) = (CALayer(), CALayer())
        let root = scene(120, 80) { root in
            self.makeCard(card, disc: disc, bar: bar)
            card.position = CGPoint(x: 60, y: 40)
            root.addSublayer(card)
        }
        try assertTransitionStrip(root, card, disc: disc, bar: bar, type: .fade, subtype: nil, "strip-transition-fade")
    }

    /// CATransition push from the right (1 s, linear), the same change: the new picture enters from
    /// the right edge while pushing the old one out to the left, inside a `masksToBounds` superlayer
    /// of the card's size that confines the slide.
    func testTransitionPushStrip() throws {
        let card = CALayer()
        let (disc, bar) = (CALayer(), CALayer())
        let root = scene(120, 80) { root in
            let clip = CALayer()
            clip.frame = CGRect(x: 20, y: 10, width: 80, height: 60)
            clip.masksToBounds = true
            self.makeCard(card, disc: disc, bar: bar)
            card.position = CGPoint(x: 40, y: 30)
            clip.addSublayer(card)
            root.addSublayer(clip)
        }
        try assertTransitionStrip(root, card, disc: disc, bar: bar, type: .push, subtype: .fromRight, "strip-transition-push")
    }

    /// An 80x60 blue card holding a white disc (its old picture); `bar` is made for the new one.
    private func makeCard(_ card: CALayer, disc: CALayer, bar: CALayer) {
        card.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        card.backgroundColor = Self.blue
        disc.frame = CGRect(x: 25, y: 15, width: 30, height: 30)
        disc.cornerRadius = 15
        disc.backgroundColor = CGColor(gray: 1, alpha: 1)
        bar.frame = CGRect(x: 15, y: 24, width: 50, height: 12)
        bar.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.addSublayer(disc)
    }

    /// Draws the scene once (the transition's old picture), then in one transaction turns the card
    /// orange, swaps the disc for the bar and adds the transition; frames at 0, 0.25, 0.5, 0.75, 1 s.
    private func assertTransitionStrip(_ root: CALayer, _ card: CALayer, disc: CALayer, bar: CALayer,
                                       type: CATransitionType, subtype: CATransitionSubtype?, _ name: String,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        _ = strips(root, at: [0])
        CAMediaClock.freeze(at: t0)
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        CATransaction.flush()   // an open implicit transaction would enclose this one
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = Self.orange
        disc.removeFromSuperlayer()
        card.addSublayer(bar)
        card.add(transition, forKey: nil)
        CATransaction.commit()
        try assertStrip(root, at: [0, 0.25, 0.5, 0.75, 1], name, file: file, line: line)
    }

    // MARK: Scene parts

    /// A gray root of `width` x `height` built by `build` with actions disabled, committed and attached
    /// to a renderer.
    private func scene(_ width: CGFloat, _ height: CGFloat, _ build: (CALayer) -> Void) -> CALayer {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = Self.gray
        build(root)
        CATransaction.commit()
        let renderer = CARenderer(context: makeBitmapContext(width: 4, height: 4))
        renderer.layer = root
        attachment = renderer
        return root
    }

    /// A 1-point vertical gray line at `x`.
    private func marker(x: CGFloat, height: CGFloat) -> CALayer {
        let line = CALayer()
        line.frame = CGRect(x: x - 0.5, y: 0, width: 1, height: height)
        line.backgroundColor = Self.guide
        return line
    }

    /// Adds the animations in one explicit transaction (at the frozen time t0).
    private func add(_ animations: [CAAnimation], to layer: CALayer) {
        CATransaction.flush()   // an open implicit transaction would enclose this one
        CATransaction.begin()
        for (i, a) in animations.enumerated() { layer.add(a, forKey: "strip-\(i)") }
        CATransaction.commit()
    }

    /// An image of `width` x `height` pixels drawn by `draw` in a y-down user space.
    private func image(width: Int, height: Int, _ draw: (CGContext) -> Void) -> CGImage {
        let ctx = makeBitmapContext(width: width, height: height)
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        draw(ctx)
        return ctx.makeImage()!
    }

    // MARK: Strips

    /// The frames of `root` at `times` seconds after the animations were added, side by side, drawn by
    /// each back end of `backends` (each frame by all of them at its time, before the clock moves on:
    /// finished animations leave the model when a frame after their end is rendered).
    private func strips(_ root: CALayer, at times: [CFTimeInterval],
                        backends: [CARenderBackend] = GoldenImage.backends) -> [CARenderBackend: CGImage] {
        let w = Int(root.bounds.width), h = Int(root.bounds.height), gutter = 2
        var frames: [CARenderBackend: [CGImage]] = [:]
        for t in times {
            CAMediaClock.freeze(at: t0 + t)
            for backend in backends {
                let ctx = makeBitmapContext(width: w, height: h)
                let renderer = CARenderer(context: ctx)
                renderer.backend = backend
                renderer.layer = root
                renderer.scale = 1
                renderer.beginFrame(atTime: t0 + t)
                renderer.render()
                renderer.endFrame()
                frames[backend, default: []].append(ctx.makeImage()!)
            }
        }
        let width = times.count * (w + gutter) + gutter, height = h + 2 * gutter
        return frames.mapValues { frames in
            let ctx = makeBitmapContext(width: width, height: height)
            ctx.setFillColor(CGColor(gray: 0.25, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
            for (i, frame) in frames.enumerated() {
                ctx.draw(frame, in: CGRect(x: gutter + i * (w + gutter), y: gutter, width: w, height: h))
            }
            return ctx.makeImage()!
        }
    }

    private func assertStrip(_ root: CALayer, at times: [CFTimeInterval], _ name: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        for (backend, image) in strips(root, at: times).sorted(by: { $0.key.rawValue > $1.key.rawValue }) {
            guard let png = image.pngData() else {
                return XCTFail("\(name): PNG encoding failed", file: file, line: line)
            }
            try GoldenImage.assertMatches(png, name, backend: backend, file: file, line: line)
        }
    }
}
