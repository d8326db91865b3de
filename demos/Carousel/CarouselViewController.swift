import Foundation
import QuartzCore
import UIKit

/// Lockwood's image carousel (listings 14.1–14.5): a horizontal `UICollectionView` of photos loaded
/// from files, by one of five strategies.
final class CarouselViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    enum Strategy: Int, CaseIterable {
        /// 14.1: `UIImage(contentsOfFile:)` on the main thread in `cellForItemAt`.
        case mainThread = 1
        /// 14.2: loaded on a low-priority global queue; set on the main thread if the cell still shows the item.
        case backgroundQueue
        /// 14.3: as 14.2, then drawn into an opaque context of the image view's size on that queue.
        case forcedDecompression
        /// 14.4: one `CATiledLayer` per cell with a single tile, drawn by the tile workers.
        case tiledLayer
        /// 14.5: an `NSCache` with a placeholder while loading, and the neighbours preloaded.
        case cachedPreloading
    }

    static let imageTag = 99
    static let spacing: CGFloat = 20

    let strategy: Strategy
    let loader: CarouselLoader
    /// Told after each scroll, with the content offset's x.
    var didScroll: ((CGFloat) -> Void)?
    private(set) var collectionView: UICollectionView!
    private let layout = UICollectionViewFlowLayout()
    /// Listing 14.5's cache (one per controller: each strategy shown starts with an empty one).
    private let cache = NSCache<NSNumber, AnyObject>()
    /// The tiled layers' delegates (a layer does not keep its delegate).
    private var tileDrawers: [ObjectIdentifier: CarouselTileDrawer] = [:]

    init(strategy: Strategy, loader: CarouselLoader) {
        self.strategy = strategy
        self.loader = loader
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        layout.scrollDirection = .horizontal
        layout.minimumLineSpacing = Self.spacing
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .clear
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        view.addSubview(collectionView)
        sizeItems()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        sizeItems()
    }

    /// Items in the photos' 4:3, as tall as the view less the margins, centred across it. A new size
    /// (the window resized) reloads the items: tiles (14.4) and redrawn images (14.3) are made for
    /// the cell's size when it is configured.
    private func sizeItems() {
        let bounds = collectionView.bounds
        let height = max(1, bounds.height - 2 * Self.spacing)
        let size = CGSize(width: (height * 4 / 3).rounded(), height: height.rounded())
        guard layout.itemSize != size else { return }
        layout.itemSize = size
        let top = (bounds.height - size.height) / 2
        layout.sectionInset = UIEdgeInsets(top: top, left: Self.spacing, bottom: bounds.height - size.height - top,
                                           right: Self.spacing)
        if !collectionView.visibleCells.isEmpty { collectionView.reloadData() }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        didScroll?(scrollView.contentOffset.x)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        loader.paths.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        // The item's size from the layout: a reused cell gets its new attributes after this returns.
        let size = collectionView.layoutAttributesForItem(at: indexPath)?.size ?? cell.bounds.size
        switch strategy {
        case .mainThread: loadOnMainThread(cell, indexPath.item)
        case .backgroundQueue: loadInBackground(cell, indexPath.item, size: size, redraw: false)
        case .forcedDecompression: loadInBackground(cell, indexPath.item, size: size, redraw: true)
        case .tiledLayer: loadWithTiledLayer(cell, indexPath.item, size: size)
        case .cachedPreloading: loadCached(cell, indexPath.item)
        }
        return cell
    }

    /// The cell's image view (tag 99), made on first use to fill the content view.
    private func taggedImageView(in cell: UICollectionViewCell) -> UIImageView {
        if let imageView = cell.viewWithTag(Self.imageTag) as? UIImageView { return imageView }
        let imageView = UIImageView(frame: cell.contentView.bounds)
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.tag = Self.imageTag
        cell.contentView.addSubview(imageView)
        return imageView
    }

    // MARK: 14.1

    private func loadOnMainThread(_ cell: UICollectionViewCell, _ index: Int) {
        let imageView = taggedImageView(in: cell)
        imageView.image = loader.load(index: index)
        loader.shown(index: index, cached: false)
    }

    // MARK: 14.2 and 14.3

    /// `size`: the item's (the image view fills the cell), for the redraw.
    private func loadInBackground(_ cell: UICollectionViewCell, _ index: Int, size: CGSize, redraw: Bool) {
        let imageView = taggedImageView(in: cell)
        // Tag the cell with the item and clear its old image.
        cell.tag = index
        imageView.image = nil
        let loader = self.loader
        // What the redraw needs of the screen, read here on the main thread.
        let scale = UIScreen.main.scale
        loader.loadBegan()
        DispatchQueue.global(qos: .utility).async {
            var image = loader.load(index: index)
            if redraw, let loaded = image, size.width > 0, size.height > 0 {
                // Listing 14.3: drawn into an opaque context of the view's size, the result used instead.
                UIGraphicsBeginImageContextWithOptions(size, true, scale)
                loaded.draw(in: CGRect(origin: .zero, size: size))
                image = UIGraphicsGetImageFromCurrentImageContext()
                UIGraphicsEndImageContext()
                loader.redrew(index: index)
            }
            let result = image
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    // The cell may show another item by now (listing 14.3 compares the image view's tag,
                    // which is always 99; the cell's is meant).
                    if index == cell.tag {
                        imageView.image = result
                        loader.shown(index: index, cached: false)
                    }
                    loader.loadEnded()
                }
            }
        }
    }

    // MARK: 14.4

    private func loadWithTiledLayer(_ cell: UICollectionViewCell, _ index: Int, size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let scale = UIScreen.main.scale
        let tileLayer: CATiledLayer
        if let existing = cell.contentView.layer.sublayers?.last as? CATiledLayer {
            tileLayer = existing
        } else {
            tileLayer = CATiledLayer()
            tileLayer.contentsScale = scale
            let drawer = CarouselTileDrawer(loader: loader)
            tileDrawers[ObjectIdentifier(tileLayer)] = drawer
            tileLayer.delegate = drawer
            cell.contentView.layer.addSublayer(tileLayer)
        }
        // One tile covering the cell (tileSize is in pixels).
        tileLayer.frame = CGRect(origin: .zero, size: size)
        tileLayer.tileSize = CGSize(width: size.width * scale, height: size.height * scale)
        // Tag the layer with the item and reload it.
        tileLayer.contents = nil
        tileLayer.setValue(index, forKey: "index")
        tileDrawers[ObjectIdentifier(tileLayer)]?.configure(index: index, bounds: tileLayer.bounds)
        tileLayer.setNeedsDisplay()
    }

    /// Whether a cell on screen has a tiled layer without its tile (14.4: not drawn yet, or thrown
    /// away by a newer `setNeedsDisplay` while it was drawn).
    var cellsAwaitTiles: Bool {
        collectionView.visibleCells.contains { cell in
            (cell.contentView.layer.sublayers?.last as? CATiledLayer).map { $0.tileStore.tileCount == 0 } ?? false
        }
    }

    // MARK: 14.5

    /// The image of `index` if the cache has it; else nil, and a load starts unless one is under way.
    private func loadImage(at index: Int) -> UIImage? {
        let key = NSNumber(value: index)
        if let cached = cache.object(forKey: key) {
            return cached as? UIImage   // NSNull: loading
        }
        // A placeholder so the image is loaded once.
        cache.setObject(NSNull(), forKey: key)
        let loader = self.loader
        loader.loadBegan()
        DispatchQueue.global(qos: .utility).async {
            guard let loaded = loader.load(index: index) else {
                DispatchQueue.main.async { MainActor.assumeIsolated { loader.loadEnded() } }
                return
            }
            // Redrawn at its own size into an opaque context.
            UIGraphicsBeginImageContextWithOptions(loaded.size, true, 0)
            loaded.draw(at: .zero)
            let image = UIGraphicsGetImageFromCurrentImageContext() ?? loaded
            UIGraphicsEndImageContext()
            loader.redrew(index: index)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    defer { loader.loadEnded() }
                    guard let self else { return }
                    self.cache.setObject(image, forKey: key)
                    // Shown in the item's cell, if it is on screen.
                    let cell = self.collectionView.cellForItem(at: IndexPath(item: index, section: 0))
                    if let imageView = cell?.contentView.subviews.last as? UIImageView {
                        imageView.image = image
                        loader.shown(index: index, cached: false)
                    }
                }
            }
        }
        return nil
    }

    private func loadCached(_ cell: UICollectionViewCell, _ index: Int) {
        let imageView: UIImageView
        if let existing = cell.contentView.subviews.last as? UIImageView {
            imageView = existing
        } else {
            imageView = UIImageView(frame: cell.contentView.bounds)
            imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            imageView.contentMode = .scaleAspectFit
            cell.contentView.addSubview(imageView)
        }
        let image = loadImage(at: index)
        imageView.image = image
        if image != nil { loader.shown(index: index, cached: true) }
        // Preload the neighbours.
        if index < loader.paths.count - 1 { _ = loadImage(at: index + 1) }
        if index > 0 { _ = loadImage(at: index - 1) }
    }
}

/// A carousel cell's tiled layer's delegate (listing 14.4 makes the view controller the delegate):
/// draws the item's image aspect-fit and centred into the tile, on a tile worker thread.
///
/// The layer carries its item as the listing's KVC value "index", but the worker reads the copy kept
/// here under a lock: the main thread may be tagging the layer again meanwhile, and layers are not
/// locked. The listing scales the image to the layer's width and its height by the aspect ratio of
/// the image (`bounds.height * h / w`), which squashes it unless the layer is square; this draws it
/// aspect-fit, as the book describes it.
final class CarouselTileDrawer: NSObject, CALayerDelegate, @unchecked Sendable {
    private let loader: CarouselLoader
    private let lock = NSLock()
    private var index = 0
    private var bounds = CGRect.zero

    init(loader: CarouselLoader) {
        self.loader = loader
    }

    func configure(index: Int, bounds: CGRect) {
        lock.withLock {
            self.index = index
            self.bounds = bounds
        }
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let (index, bounds) = lock.withLock { (self.index, self.bounds) }
        // Wakes the main run loop of a snapshot waiting for tiles (`CarouselScene.settle`).
        defer { DispatchQueue.main.async {} }
        guard let image = loader.load(index: index), image.size.width > 0, image.size.height > 0 else { return }
        let fit = min(bounds.width / image.size.width, bounds.height / image.size.height)
        let size = CGSize(width: image.size.width * fit, height: image.size.height * fit)
        let rect = CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        UIGraphicsPushContext(ctx)
        image.draw(in: rect)
        UIGraphicsPopContext()
        loader.shown(index: index, cached: false)
    }
}
