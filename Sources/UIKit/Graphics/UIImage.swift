import CoreGraphics
import Foundation

/// An immutable image with a scale: `size` is in points, the bitmap (`cgImage`) has `scale` pixels
/// per point.
///
/// Images decode from PNG (cairo) and JPEG (libjpeg) files and data, the format told by the bytes'
/// signature, not the file name. `UIImage(named:)` finds resources by file name as UIKit does, with
/// `@2x`/`@3x` variants; there is no asset catalog and no cache (every call decodes the file again).
/// EXIF orientation in JPEGs is not read: `imageOrientation` is what the initializer was given.
open class UIImage: NSObject, _ExpressibleByImageLiteral, @unchecked Sendable {
    /// How the bitmap is turned for display (Apple's raw values). Only the size reflects it
    /// (`.left`/`.right` and their mirrors swap width and height); drawing ignores it for now.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// The bitmap (nil only for an image made without one: `UIImage()`).
    public let cgImage: CGImage?
    /// Pixels per point (1, 2, 3…; from the `@2x` suffix of a named image, or the initializer's).
    public let scale: CGFloat
    public let imageOrientation: Orientation
    /// The edges kept at their size when the image is drawn larger (zero: the whole image scales);
    /// see UIImage+Resizable.swift.
    public internal(set) var capInsets: UIEdgeInsets = .zero
    /// How the part between the cap insets fills the extra space (`.stretch` when not resizable).
    public internal(set) var resizingMode: ResizingMode = .stretch
    /// For an animated image (`animatedImage(with:duration:)`): its frames, in order; nil otherwise.
    public internal(set) var images: [UIImage]?
    /// For an animated image: the seconds one pass through `images` takes; 0 otherwise.
    public internal(set) var duration: TimeInterval = 0
    /// Whether views draw the image as it is or as a template of their tint (UIImage+RenderingMode.swift).
    public internal(set) var renderingMode: RenderingMode = .automatic

    /// An image of `cgImage` at `scale` pixels per point (values ≤ 0 count as 1).
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        imageOrientation = orientation
        super.init()
    }

    /// An empty image: no bitmap, size zero, scale 1 (drawing it draws nothing).
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// An image of `cgImage` at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image decoded from PNG or JPEG bytes, at scale 1; nil for other or corrupt data.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image decoded from PNG or JPEG bytes, at `scale` pixels per point.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = UIImage.decode(data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// An image decoded from the PNG or JPEG file at `path`; its scale comes from an `@2x`/`@3x`
    /// suffix of the file's name (`icon@2x.png`), else 1. Nil when the file cannot be read or decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFileNamed: (path as NSString).lastPathComponent))
    }

    /// A resource image found by name, as UIKit's: for `"icon"` (or `"icon.png"`) the variants
    /// `icon@<screen scale>x`, then `icon` (1×), then `icon@3x`, `icon@2x`, `icon@1x`, each with the
    /// name's extension or, without one, `.png`, `.jpg`, `.jpeg`. Directories searched, in order: the
    /// current directory, `Bundle.main.resourcePath` (on Linux, the executable's directory) and the
    /// `Resources` directory next to the executable. The image's scale is the variant's. Nil when no
    /// file is found or it cannot be decoded.
    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        let screenScale = Int(UIImage.screenScale.rounded(.up))
        for directory in UIImage.resourceDirectories {
            for file in UIImage.candidateFiles(for: name, screenScale: screenScale) {
                let path = (directory as NSString).appendingPathComponent(file.name)
                guard FileManager.default.fileExists(atPath: path),
                      let data = FileManager.default.contents(atPath: path),
                      let image = UIImage.decode(data) else { continue }
                self.init(cgImage: image, scale: CGFloat(file.scale), orientation: .up)
                return
            }
        }
        return nil
    }

    /// `#imageLiteral(resourceName:)`: the image `init(named:)` finds; traps when there is none,
    /// as Apple's does (a literal names a resource that ships with the program).
    public required convenience init(imageLiteralResourceName name: String) {
        guard let image = UIImage(named: name), let cgImage = image.cgImage else {
            fatalError("no image resource named \"\(name)\"")
        }
        self.init(cgImage: cgImage, scale: image.scale, orientation: image.imageOrientation)
    }

    /// The size in points: the bitmap's pixel size divided by `scale` (width and height swapped for
    /// the left/right orientations).
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// The image encoded as PNG (the bitmap's pixels; scale and orientation are not recorded).
    open func pngData() -> Data? { cgImage?.pngData() }

    /// The image encoded as JPEG, `compressionQuality` from 0 (smallest) to 1 (best). JPEG has no alpha:
    /// transparent parts come out black. Nil for alpha-only images.
    open func jpegData(compressionQuality: CGFloat) -> Data? { cgImage?.jpegData(quality: compressionQuality) }

    /// Draws the image with its top-left corner at `point` (in points) into the current context
    /// (`UIGraphicsGetCurrentContext()`, a UIKit context: y down).
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image scaled to fill `rect` into the current context (y down); a resizable image keeps
    /// its caps and stretches or tiles the rest (UIImage+Resizable.swift).
    open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        if capInsets != .zero {
            drawResizable(cgImage, in: rect, context: context)
            return
        }
        context.saveGState()
        // CGContext.draw puts the image's top row at the rectangle's maximum y: flip around the rect.
        context.translateBy(x: rect.minX, y: rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: CGRect(origin: .zero, size: rect.size))
        context.restoreGState()
    }

    // MARK: - Loading

    /// Decodes PNG or JPEG bytes, told apart by their signature.
    static func decode(_ data: Data) -> CGImage? {
        guard let provider = CGDataProvider(data: data) else { return nil }
        if CGImage.looksLikePNG(data) {
            return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        if CGImage.looksLikeJPEG(data) {
            return CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        return nil
    }

    /// The scale a file name's `@Nx` suffix (before the extension) gives, else 1.
    static func scale(ofFileNamed name: String) -> CGFloat {
        let base = (name as NSString).deletingPathExtension
        guard let at = base.lastIndex(of: "@"), base.hasSuffix("x"),
              let n = Int(base[base.index(after: at)..<base.index(before: base.endIndex)]), n > 0 else { return 1 }
        return CGFloat(n)
    }

    /// File names to try for `name`, best first, with the scale each gives.
    static func candidateFiles(for name: String, screenScale: Int) -> [(name: String, scale: Int)] {
        let ext = (name as NSString).pathExtension.lowercased()
        let known = ["png", "jpg", "jpeg"]
        let base = known.contains(ext) ? (name as NSString).deletingPathExtension : name
        let extensions = known.contains(ext) ? [(name as NSString).pathExtension] : known
        // An explicit "@2x" in the name is taken as given.
        let given = scale(ofFileNamed: base + ".png")
        if base.contains("@"), given != 1 || base.hasSuffix("@1x") {
            return extensions.map { ("\(base).\($0)", Int(given)) }
        }
        var scales = [screenScale, 1, 3, 2]
        var seen = Set<Int>()
        scales = scales.filter { $0 >= 1 && seen.insert($0).inserted }
        var result: [(String, Int)] = []
        for s in scales {
            for e in extensions {
                result.append((s == 1 ? "\(base).\(e)" : "\(base)@\(s)x.\(e)", s))
                if s == 1 { result.append(("\(base)@1x.\(e)", 1)) }
            }
        }
        return result
    }

    /// Where `init(named:)` looks, in order.
    static var resourceDirectories: [String] {
        var directories = [FileManager.default.currentDirectoryPath]
        if let resources = Bundle.main.resourcePath { directories.append(resources) }
        let executableDirectory = (CommandLine.arguments.first.map {
            (URL(fileURLWithPath: $0).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
        }) ?? ""
        if !executableDirectory.isEmpty {
            directories.append(executableDirectory)
            directories.append((executableDirectory as NSString).appendingPathComponent("Resources"))
        }
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// `UIScreen.main.scale` on the main thread, 1 elsewhere.
    static var screenScale: CGFloat {
        Thread.isMainThread ? MainActor.assumeIsolated { UIScreen.main.scale } : 1
    }
}
