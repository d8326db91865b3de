import Foundation
import QuartzCore
import UIKit

/// `demo timing`'s variants and snapshot script: `offset` (speed 1, timeOffset 0.5) clicks Play at
/// 0 s; `pause` (speed 0.25: the 1-s animation lasts 4 s) clicks Play at 0 s, and pauses the ship
/// at 1 s and resumes it at 3 s, so the animation ends at 6 s.
enum TimingDemo {
    enum Variant: String, NumberedVariant {
        case offset, pause
    }

    static let pauseTime: CFTimeInterval = 1, resumeTime: CFTimeInterval = 3

    static func variant(_ options: DemoOptions) -> Variant {
        options.variant.flatMap(Variant.init(argument:)) ?? .offset
    }

    @MainActor static func make(_ options: DemoOptions) -> UIViewController {
        switch variant(options) {
        case .offset: return TimingViewController(speed: 1, timeOffset: 0.5)
        case .pause: return TimingViewController(speed: 0.25, timeOffset: 0)
        }
    }

    @MainActor static func script(_ controller: UIViewController, _ options: DemoOptions) -> [ScriptedEvent] {
        let timing = controller as! TimingViewController
        let play = ScriptedEvent(time: 0) {
            let button = timing.playButton
            button.window?.click(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        }
        switch variant(options) {
        case .offset: return [play]
        case .pause:
            return [play, ScriptedEvent(time: pauseTime) { timing.togglePause() },
                    ScriptedEvent(time: resumeTime) { timing.togglePause() }]
        }
    }
}

extension Demo {
    static let timing = Demo(name: "timing", summary: "an animation's speed and timeOffset from two sliders, Play adds it (the ship along the curve); Space pauses and resumes the ship layer by Apple's recipe; --variant offset (speed 1, offset 0.5) or pause (speed 0.25; a snapshot pauses at 1 s for 2 s); a snapshot clicks Play at 0 s (Lockwood ch. 9, Apple's guide)",
        preferredSize: CGSize(width: 380, height: 460),
        run: { options in ControllerDemo.run(title: "Timing", options, controller: TimingDemo.make) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: TimingDemo.make, script: TimingDemo.script) },
        variants: TimingDemo.Variant.arguments)
}
