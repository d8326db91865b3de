import Foundation
import LayerHost
import QuartzCore
import UIKit

/// `demo mars` (Neuburg ch. 4, examples 3 and 4): an image view flashes Mars with `animationImages`
/// (Mars, nothing, Mars, nothing, Mars over 2 s, once), and a rounded-rect "Howdy" button shows an
/// animated image of a red dot shrinking through six sizes every half second, for ever.
@MainActor
final class MarsDemo {
    nonisolated static let sceneSize = CGSize(width: 320, height: 320)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Mars", options) { host in
            let demo = MarsDemo(host: host)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated { MarsScene(window: UIWindow(frame: CGRect(origin: .zero, size: size))) }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: MarsScene

    init(host: any LayerHosting) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = MarsScene(window: window)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
    }
}

/// The window's contents, as the examples build them.
final class MarsScene: DemoScene {
    let window: UIWindow
    let marsView: UIImageView
    let button: UIButton
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow) {
        self.window = window
        window.backgroundColor = .white

        // Example 3: flashing Mars.
        let mars = MarsArt.mars(), empty = MarsArt.empty()
        marsView = UIImageView()
        marsView.frame = CGRect(x: 56, y: 63, width: 208, height: 208)
        marsView.animationImages = [mars, empty, mars, empty, mars]
        marsView.animationDuration = 2
        marsView.animationRepeatCount = 1
        window.addSubview(marsView)
        marsView.startAnimating()

        // Example 4: an animated image in a button.
        let frames = (0..<6).map(MarsArt.dot)
        button = UIButton(type: .roundedRect)
        button.setTitle("Howdy", for: .normal)
        button.setImage(UIImage.animatedImage(with: frames, duration: 0.5), for: .normal)
        button.sizeToFit()
        button.center = CGPoint(x: 100, y: 30)
        window.addSubview(button)
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

extension Demo {
    static let mars = Demo(name: "mars", summary: "UIImageView animationImages flash Mars on and off over 2 s, once; a \"Howdy\" button's animated image pulses a red dot through six sizes every 0.5 s (Neuburg ch. 4)",
        preferredSize: MarsDemo.sceneSize, run: MarsDemo.run, scene: MarsDemo.scene)
}
