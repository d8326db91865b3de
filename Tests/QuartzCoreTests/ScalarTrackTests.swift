import CoreGraphics
@testable import QuartzCore
import XCTest

/// A render node keeps its scalar animations as `ScalarTrack` values and evaluates them without the
/// animation objects: at every time, for every timing a basic animation can have, the tracks must
/// give exactly what the general evaluator (`AnimationEvaluator`) gives for the same animations.
final class ScalarTrackTests: XCTestCase {
    private func animation(_ keyPath: String, from: Double, to: Double, configure: (CABasicAnimation) -> Void) -> AttachedAnimation {
        let anim = CABasicAnimation(keyPath: keyPath)
        anim.fromValue = from
        anim.toValue = to
        configure(anim)
        let attached = AttachedAnimation(key: keyPath, animation: anim)
        attached.beginTime = anim.beginTime == 0 ? 0.4 : anim.beginTime
        return attached
    }

    private let timings: [(String, (CABasicAnimation) -> Void)] = [
        ("plain", { _ in }),
        ("ease, repeats, autoreverses", {
            $0.duration = 0.7; $0.repeatCount = 2.5; $0.autoreverses = true
            $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }),
        ("cumulative forever", { $0.duration = 0.3; $0.repeatCount = .infinity; $0.isCumulative = true }),
        ("fills both, offset, fast", {
            $0.duration = 1.1; $0.fillMode = .both; $0.timeOffset = 0.35; $0.speed = 2.5
            $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5)
        }),
        ("backwards in time, repeat duration", { $0.duration = 0.5; $0.speed = -1; $0.repeatDuration = 1.7; $0.fillMode = .forwards }),
        ("frozen", { $0.speed = 0; $0.timeOffset = 0.1 }),
        ("begins later, fills backwards", { $0.beginTime = 1.2; $0.fillMode = .backwards; $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }),
    ]

    func testTracksGiveTheGeneralEvaluatorsValues() throws {
        var model = LayerProperties()
        model.opacity = 0.8
        model.transform = CATransform3DMakeScale(1.5, 0.5, 1)
        var memo = CurveMemo()
        for (name, configure) in timings {
            for keys in [["opacity"], ["transform.rotation.z"], ["transform.scale.x", "opacity", "transform.translation.y"]] {
                let animations = keys.enumerated().map { index, key in
                    animation(key, from: 0.2 + Double(index), to: -3 + 2 * Double(index), configure: configure)
                }
                let tracks = animations.compactMap(ScalarTrack.init)
                XCTAssertEqual(tracks.count, animations.count, name)
                for step in 0..<120 {
                    let time = -0.5 + Double(step) * 0.05
                    var general = model, fast = model
                    withUnsafePointer(to: model) { m in
                        _ = AnimationEvaluator.apply(animations, model: m, layerClass: CALayer.self, to: &general, atLocalTime: time)
                        tracks.withUnsafeBufferPointer { t in
                            XCTAssertTrue(ScalarTrack.apply(t, to: &fast, atLocalTime: time, memo: &memo))
                        }
                    }
                    XCTAssertEqual(fast.opacity, general.opacity, "\(name) \(keys) at \(time)")
                    XCTAssertEqual(fast.transform, general.transform, "\(name) \(keys) at \(time)")
                }
            }
        }
    }

    func testSpringsAndUncommittedAnimationsHaveNoTrack() {
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0.0
        spring.toValue = 1.0
        let attachedSpring = AttachedAnimation(key: nil, animation: spring)
        attachedSpring.beginTime = 0
        XCTAssertNil(ScalarTrack(attachedSpring))
        let basic = CABasicAnimation(keyPath: "opacity")
        basic.fromValue = 0.0
        basic.toValue = 1.0
        XCTAssertNil(ScalarTrack(AttachedAnimation(key: nil, animation: basic)), "no begin time yet")
    }

    func testAFrameOfManyFadingLayersEvaluatesTheirTracks() {
        // The committed tree keeps tracks for scalar animations; the frame's values follow them.
        let root = CALayer()
        let layers = (0..<3).map { _ in CALayer() }
        CATransaction.begin()
        for layer in layers {
            root.addSublayer(layer)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.0
            fade.duration = 2
            layer.add(fade, forKey: "fade")
        }
        CATransaction.commit()
        let tree = RenderTreeBuilder.commitTree(of: root, previous: nil)
        XCTAssertTrue((1...3).allSatisfy { !tree.nodes[$0].scalarTracks.isEmpty })
        let begin = tree.nodes[1].animations[0].resolvedTiming!.beginTime
        let frame = RenderFrame(tree: tree)
        frame.evaluate(tree, atMediaTime: begin + 0.5)   // the root's local time is media time
        for i in 1...3 { XCTAssertEqual(frame.values[i].opacity, 0.75, accuracy: 1e-6) }
    }
}
