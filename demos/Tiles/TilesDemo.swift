import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo tiles` (Lockwood ch. 6, "CATiledLayer", listings 6.11 and 6.12): the 2048×2048 snowman cut
/// into 64 tiles of 256 pixels by `TileCutter`, shown by a `CATiledLayer` of frame (0, 0, 2048, 2048)
/// inside a view whose layer is a `CAScrollLayer` (drag or wheel to scroll). The layer's delegate
/// draws, for each tile the layer asks for, the tile image of index floor(clip origin / tile size ×
/// scale). `--variant retina`: contentsScale = the screen's scale, so a 256-pixel tile covers
/// 256 / scale points (the picture shows at 2048 / scale points).
///
/// Options: `--offset X,Y` starts scrolled there; `--tiles DIR` draws tiles read from DIR (as
/// `--cut DIR` writes them) instead of cutting the picture in memory; `--trace FILE` adds a line
/// `{"type":"tile","column","row","x","y","width","height","scale","main"}` per tile drawn (and
/// `{"type":"scroll","x","y"}` per scroll), in a snapshot too.
@MainActor
final class TilesDemo {
    enum Variant: String, NumberedVariant {
        case standard, retina
    }

    static let viewFrame = CGRect(x: 20, y: 20, width: 440, height: 440)
    nonisolated static let sceneSize = CGSize(width: 480, height: 480)

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        if let directory = options.cutDirectory { return TileCutter.run(into: directory, jpeg: options.jpegTiles) }
        if options.measuresTiles { return TilesMeasure.run(options) }
        return DemoHost.run(title: "Tiles", options) { host in
            let demo = TilesDemo(host: host, options: options)
            demo.start()
            return demo
        }
    }

    /// The snapshot's scene: a Retina variant draws its tiles at scale 2 (the picture at 1 pixel per point).
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let opened = options.openTrace() ?? nil
            let scale: CGFloat = Variant(argument: options.variant ?? "") == .retina ? 2 : 1
            return TilesScene(window: window, options: options, scale: scale, trace: opened)
        }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: TilesScene

    init(host: any LayerHosting, options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        let retina = Variant(argument: options.variant ?? "") == .retina
        scene = TilesScene(window: window, options: options, scale: retina ? CGFloat(host.window.contentScale) : 1,
                           trace: DemoTrace.writer)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
    }
}

/// Draws the tiles a `CATiledLayer` asks for, on its worker threads: the tile image whose index is
/// floor(clip origin / tile size × scale). Immutable once made, so any thread may use it.
final class SnowmanTileSource: NSObject, CALayerDelegate, @unchecked Sendable {
    private let tiles: [String: CGImage]
    private let directory: String?
    private let tilePixels: CGFloat
    private let scale: CGFloat
    private let trace: TraceWriter?

    /// Tiles cut from the picture in memory, or read from `directory` when it is given.
    init(directory: String?, tilePixels: CGFloat, scale: CGFloat, trace: TraceWriter?) {
        self.directory = directory
        tiles = directory == nil
            ? Dictionary(uniqueKeysWithValues: TileCutter.cut(TilesArt.picture()).map { ($0.name, $0.image) }) : [:]
        self.tilePixels = tilePixels
        self.scale = scale
        self.trace = trace
    }

    private func image(named name: String) -> CGImage? {
        if let directory {
            for ext in ["png", "jpg"] {
                let path = (directory as NSString).appendingPathComponent("\(name).\(ext)")
                if let data = FileManager.default.contents(atPath: path),
                   let provider = CGDataProvider(data: data) {
                    let image = ext == "png"
                        ? CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
                        : CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
                    if let image { return image }
                }
            }
            return nil
        }
        return tiles[name]
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let bounds = ctx.boundingBoxOfClipPath
        let column = Int((bounds.minX / tilePixels * scale).rounded(.down))
        let row = Int((bounds.minY / tilePixels * scale).rounded(.down))
        let m = ctx.ctm
        trace?.write(["type": "tile", "column": column, "row": row, "x": Double(bounds.minX), "y": Double(bounds.minY),
                      "width": Double(bounds.width), "height": Double(bounds.height),
                      "scale": Double((m.a * m.a + m.b * m.b).squareRoot()), "main": Thread.isMainThread])
        trace?.flush()
        guard let image = image(named: TileCutter.name("Snowman", column: column, row: row)) else { return }
        // The image is upright in a y-up space; the layer's is y down.
        ctx.saveGState()
        ctx.translateBy(x: 0, y: bounds.minY + bounds.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: bounds)
        ctx.restoreGState()
    }
}

/// The window's contents: the scroll view and its tiled layer.
final class TilesScene: DemoScene {
    let window: UIWindow
    let scrollView: ScrollView
    let tiledLayer: CATiledLayer
    private let source: SnowmanTileSource
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, options: DemoOptions, scale: CGFloat, trace: TraceWriter?) {
        self.window = window
        window.backgroundColor = UIColor(white: 0.85, alpha: 1)
        scrollView = ScrollView(frame: TilesDemo.viewFrame)
        scrollView.backgroundColor = UIColor(white: 0.3, alpha: 1)
        scrollView.panRecognizer.allowedScrollTypesMask = .all
        let s = scale > 0 && scale.isFinite ? scale : 1
        source = SnowmanTileSource(directory: options.tilesDirectory, tilePixels: 256, scale: s, trace: trace)
        tiledLayer = CATiledLayer()
        tiledLayer.frame = CGRect(x: 0, y: 0, width: CGFloat(TilesArt.side) / s, height: CGFloat(TilesArt.side) / s)
        tiledLayer.contentsScale = s
        tiledLayer.delegate = source
        scrollView.layer.addSublayer(tiledLayer)
        window.addSubview(scrollView)
        if let offset = options.contentOffset { (scrollView.layer as? CAScrollLayer)?.scroll(to: offset) }
        scrollView.didScroll = { origin in
            trace?.write(["type": "scroll", "x": Double(origin.x), "y": Double(origin.y)])
            trace?.flush()
        }
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

extension Demo {
    static let tiles = Demo(name: "tiles", summary: "CATiledLayer: a 2048-pixel snowman cut into 64 tiles drawn on demand as you drag or wheel-scroll; --variant retina, --offset X,Y, --cut DIR [--jpeg] writes the tiles, --tiles DIR draws them from there (Lockwood ch. 6)",
        preferredSize: TilesDemo.sceneSize, run: TilesDemo.run, scene: TilesDemo.scene,
        variants: TilesDemo.Variant.arguments)
}
