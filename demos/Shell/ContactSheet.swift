import CoreGraphics
import Foundation
import QuartzCore

/// `demo sheet FILE.png [--at SECONDS]`: every demo's snapshot at one time (default 1 s), scaled into a
/// grid of labelled cells, composed as a layer tree (an image layer and a text layer per demo) and
/// drawn with `CARenderer`: the contact sheet of docs/.
enum ContactSheet {
    static let cell = CGSize(width: 200, height: 200)
    static let label: CGFloat = 22
    static let gap: CGFloat = 8
    static let columns = 8

    static func run(arguments: [String]) -> Int32 {
        guard let path = arguments.first, !path.hasPrefix("--") else {
            writeStandardError("usage: demo sheet FILE.png [--at SECONDS]\n")
            return 2
        }
        var seconds: TimeInterval = 1
        if arguments.count == 3, arguments[1] == "--at", let t = TimeInterval(arguments[2]), t.isFinite, t >= 0 {
            seconds = t
        } else if arguments.count != 1 {
            writeStandardError("usage: demo sheet FILE.png [--at SECONDS]\n")
            return 2
        }
        let demos = DemoCommand.demos.filter { $0.scene != nil }
        var pictures: [(String, CGImage?)] = []
        for demo in demos {
            guard var options = try? DemoOptions(parsing: [], preferredSize: demo.preferredSize) else { continue }
            options.snapshotTime = seconds
            do {
                pictures.append((demo.name, try picture(of: demo, options: options)))
            } catch {
                writeStandardError("demo sheet: \(demo.name) has no picture: \(error)\n")
                pictures.append((demo.name, nil))
            }
        }
        let rows = (pictures.count + columns - 1) / columns
        let size = CGSize(width: gap + CGFloat(columns) * (cell.width + gap),
                          height: gap + CGFloat(rows) * (cell.height + label + gap))
        CAMediaClock.freeze(at: 0)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0.92, alpha: 1)
        for (i, (name, image)) in pictures.enumerated() {
            let x = gap + CGFloat(i % columns) * (cell.width + gap)
            let y = gap + CGFloat(i / columns) * (cell.height + label + gap)
            let frame = CALayer()
            frame.frame = CGRect(x: x, y: y, width: cell.width, height: cell.height)
            frame.backgroundColor = CGColor(gray: 1, alpha: 1)
            frame.contents = image
            frame.contentsGravity = .resizeAspect
            frame.minificationFilter = .trilinear
            frame.borderColor = CGColor(gray: 0.7, alpha: 1)
            frame.borderWidth = 1
            root.addSublayer(frame)
            let text = CATextLayer()
            text.frame = CGRect(x: x, y: y + cell.height + 3, width: cell.width, height: label - 3)
            text.string = image == nil ? "\(name) (no picture)" : name
            text.fontSize = 13
            text.alignmentMode = .center
            text.foregroundColor = CGColor(gray: 0.15, alpha: 1)
            root.addSublayer(text)
        }
        CATransaction.flush()
        guard let ctx = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                                  bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return 1 }
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.bounds = root.bounds
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        do {
            guard let png = ctx.makeImage()?.pngData() else { throw Snapshot.Failure.render("PNG encoding failed") }
            try Snapshot.write(png, to: path)
        } catch {
            writeStandardError("demo sheet: \(error)\n")
            return 1
        }
        print(path)
        return 0
    }

    /// The demo's snapshot at `options.snapshotTime`.
    private static func picture(of demo: Demo, options: DemoOptions) throws -> CGImage? {
        guard let makeScene = demo.scene else { return nil }
        return try Snapshot.drawn(makeScene, options: options).context.makeImage()
    }
}
