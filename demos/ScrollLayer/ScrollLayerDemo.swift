import Foundation
import LayerHost
import QuartzCore
import UIKit

/// Lockwood's scrolling view (listing 6.10): a view whose `layerClass` is `CAScrollLayer`, clipping to
/// its bounds; each pan scrolls it to `bounds.origin − translation` and resets the translation. No
/// limits: the content can be dragged past its edges.
final class ScrollView: UIView {
    override class var layerClass: AnyClass { CAScrollLayer.self }

    /// Called after each scroll with the new bounds origin (for the demo's trace).
    var didScroll: ((CGPoint) -> Void)?
    /// The pan that scrolls (drags; `demo tiles` lets it take wheel scrolls too).
    private(set) var panRecognizer: UIPanGestureRecognizer!

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        layer.masksToBounds = true
        let recognizer = UIPanGestureRecognizer { [weak self] r in
            MainActor.assumeIsolated { if let r = r as? UIPanGestureRecognizer { self?.pan(r) } }
        }
        addGestureRecognizer(recognizer)
        panRecognizer = recognizer
    }

    private func pan(_ recognizer: UIPanGestureRecognizer) {
        var offset = bounds.origin
        offset.x -= recognizer.translation(in: self).x
        offset.y -= recognizer.translation(in: self).y
        (layer as? CAScrollLayer)?.scroll(to: offset)
        recognizer.setTranslation(.zero, in: self)
        didScroll?(bounds.origin)
    }
}

/// `demo scroll-layer`: a 300-point `ScrollView` showing a generated 1200×900 picture (a grid of
/// coloured, numbered-by-position cells) in a `UIWindow`. With `--trace FILE`, each scroll writes
/// `{"type":"scroll","x","y"}` (the bounds origin).
@MainActor
final class ScrollLayerDemo {
    static let viewFrame = CGRect(x: 40, y: 40, width: 300, height: 300)
    nonisolated static let sceneSize = CGSize(width: 380, height: 380)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Scroll Layer", options) { host in
            let demo = ScrollLayerDemo(host: host)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            return ScrollLayerScene(window: window)
        }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: ScrollLayerScene

    init(host: any LayerHosting) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = ScrollLayerScene(window: window)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        scene.scrollView.didScroll = { origin in
            DemoTrace.writer?.write(["type": "scroll", "x": Double(origin.x), "y": Double(origin.y)])
        }
    }
}

/// The window's contents: the scroll view and its picture.
final class ScrollLayerScene: DemoScene {
    let window: UIWindow
    let scrollView: ScrollView
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow) {
        self.window = window
        window.backgroundColor = UIColor(white: 0.85, alpha: 1)
        scrollView = ScrollView(frame: ScrollLayerDemo.viewFrame)
        let picture = UIImageView(image: UIImage(cgImage: Self.picture()))
        picture.frame = CGRect(x: 0, y: 0, width: 1200, height: 900)
        scrollView.addSubview(picture)
        window.addSubview(scrollView)
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}

    /// 1200×900 pixels of 100-point cells: hue across, lightness down, a dark frame round each.
    static func picture() -> CGImage {
        let ctx = CGContext(data: nil, width: 1200, height: 900, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        for row in 0..<9 {
            for column in 0..<12 {
                let hue = CGFloat(column) / 12, light = 0.35 + 0.06 * CGFloat(row)
                let (r, g, b) = Self.rgb(hue: hue, lightness: light)
                // Rows from the top: the context is y-up.
                let cell = CGRect(x: column * 100, y: 800 - row * 100, width: 100, height: 100)
                ctx.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
                ctx.fill(cell)
                ctx.setFillColor(CGColor(red: r, green: g, blue: b, alpha: 1))
                ctx.fill(cell.insetBy(dx: 3, dy: 3))
            }
        }
        return ctx.makeImage()!
    }

    private static func rgb(hue: CGFloat, lightness l: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        func channel(_ n: CGFloat) -> CGFloat {
            let k = (n + hue * 12).truncatingRemainder(dividingBy: 12)
            let a = 0.8 * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }
}

extension Demo {
    static let scrollLayer = Demo(name: "scroll-layer", summary: "a view whose layer is a CAScrollLayer: drag to scroll a large picture, past its edges too (Lockwood ch. 6)",
        preferredSize: ScrollLayerDemo.sceneSize, run: ScrollLayerDemo.run, scene: ScrollLayerDemo.scene)
}
