import QuartzCore
import XCTest

/// `CATextLayer`: Apple's defaults, keyed access, display marking, and its text drawn with Pango:
/// inside the bounds, upright, aligned, wrapped and truncated.
final class CATextLayerTests: XCTestCase {
    // MARK: Properties

    func testDefaultsAreApples() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertNil(layer.font)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor?.components, [1, 1, 1, 1])
        XCTAssertEqual(layer.foregroundColor?.alpha, 1)
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertFalse(layer.allowsFontSubpixelQuantization)
        XCTAssertFalse(layer.needsDisplay(), "a new text layer is not marked")
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat, 36)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "alignmentMode") as? CATextLayerAlignmentMode, .natural)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "truncationMode") as? CATextLayerTruncationMode, CATextLayerTruncationMode.none)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "wrapped") as? Bool, false)
        // CALayer's own defaults are unchanged.
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
    }

    func testModeRawValuesAreApples() {
        XCTAssertEqual(CATextLayerTruncationMode.none.rawValue, "none")
        XCTAssertEqual(CATextLayerTruncationMode.start.rawValue, "start")
        XCTAssertEqual(CATextLayerTruncationMode.end.rawValue, "end")
        XCTAssertEqual(CATextLayerTruncationMode.middle.rawValue, "middle")
        XCTAssertEqual(CATextLayerAlignmentMode.natural.rawValue, "natural")
        XCTAssertEqual(CATextLayerAlignmentMode.left.rawValue, "left")
        XCTAssertEqual(CATextLayerAlignmentMode.right.rawValue, "right")
        XCTAssertEqual(CATextLayerAlignmentMode.center.rawValue, "center")
        XCTAssertEqual(CATextLayerAlignmentMode.justified.rawValue, "justified")
    }

    func testKeyedAccessUsesApplesKeys() {
        let layer = CATextLayer()
        layer.setValue(48, forKey: "fontSize")
        XCTAssertEqual(layer.fontSize, 48)
        XCTAssertEqual(layer.value(forKey: "fontSize") as? CGFloat, 48)
        layer.setValue("center", forKey: "alignmentMode")
        XCTAssertEqual(layer.alignmentMode, .center)
        layer.setValue(CATextLayerTruncationMode.middle, forKey: "truncationMode")
        XCTAssertEqual(layer.value(forKey: "truncationMode") as? CATextLayerTruncationMode, .middle)
        layer.setValue(true, forKey: "wrapped")
        XCTAssertTrue(layer.isWrapped)
        layer.setValue("hello", forKey: "string")
        XCTAssertEqual(layer.string as? String, "hello")
        layer.setValue("wrong type", forKey: "fontSize")
        XCTAssertEqual(layer.fontSize, 48, "a value of the wrong type is ignored")
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(red, forKey: "foregroundColor")
        XCTAssertEqual(layer.foregroundColor, red)
        // Other keys still reach CALayer.
        layer.setValue(0.5, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.5)
    }

    func testEveryTextPropertyMarksTheLayerForDisplay() {
        let changes: [(String, (CATextLayer) -> Void)] = [
            ("string", { $0.string = "ipsum" }),
            ("font", { $0.font = "Helvetica-Bold" }),
            ("fontSize", { $0.fontSize = 12 }),
            ("foregroundColor", { $0.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }),
            ("isWrapped", { $0.isWrapped = true }),
            ("truncationMode", { $0.truncationMode = .end }),
            ("alignmentMode", { $0.alignmentMode = .center }),
            ("allowsFontSubpixelQuantization", { $0.allowsFontSubpixelQuantization = true }),
            ("bounds", { $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }),
            ("setValue(_:forKey: \"string\")", { $0.setValue("dolor", forKey: "string") }),
        ]
        for (name, change) in changes {
            let layer = CATextLayer()
            XCTAssertFalse(layer.needsDisplay(), name)
            change(layer)
            XCTAssertTrue(layer.needsDisplay(), "\(name) marks the layer as needing display")
            layer.displayIfNeeded()
            XCTAssertFalse(layer.needsDisplay(), name)
        }
        XCTAssertTrue(CATextLayer.needsDisplay(forKey: "string"))
        XCTAssertTrue(CATextLayer.needsDisplay(forKey: "fontSize"))
        XCTAssertFalse(CATextLayer.needsDisplay(forKey: "opacity"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "string"))
    }

    func testSettingAnEqualFontSizeDoesNotMark() {
        let layer = CATextLayer()
        layer.fontSize = 36
        XCTAssertFalse(layer.needsDisplay())
    }

    // MARK: Drawing

    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A 300x150 transparent root holding `text`, rendered at `scale` pixels per point.
    private func render(_ text: CATextLayer, scale: CGFloat = 1) -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 150)
        root.addSublayer(text)
        return renderOffscreen(root, width: Int(300 * scale), height: Int(150 * scale), scale: scale)
    }

    private func textLayer(_ string: String, frame: CGRect, size: CGFloat = 30) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        layer.foregroundColor = Self.red
        return layer
    }

    /// Pixels with any ink (alpha above a threshold), in pixel coordinates.
    private func ink(_ image: CGImage, threshold: UInt8 = 64) -> [(x: Int, y: Int)] {
        var points: [(x: Int, y: Int)] = []
        for y in 0..<image.height { for x in 0..<image.width where rgba(image, x, y)[3] > threshold { points.append((x, y)) } }
        return points
    }

    private func inkBox(_ points: [(x: Int, y: Int)]) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let first = points.first else { return nil }
        var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in points {
            box.minX = min(box.minX, p.x); box.maxX = max(box.maxX, p.x)
            box.minY = min(box.minY, p.y); box.maxY = max(box.maxY, p.y)
        }
        return box
    }

    func testRedTextDrawsRedPixelsInsideTheBoundsAndNothingOutside() throws {
        let frame = CGRect(x: 40, y: 30, width: 200, height: 60)
        let image = render(textLayer("ipsum", frame: frame))
        var red = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = rgba(image, x, y)
                let inBounds = frame.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5))
                if !inBounds, p[3] != 0 { outside += 1 }
                if inBounds, p[3] > 200, p[0] > 200, p[1] < 40, p[2] < 40 { red += 1 }
            }
        }
        XCTAssertGreaterThan(red, 100, "solid red ink inside the text layer's bounds")
        XCTAssertEqual(outside, 0, "no ink outside the bounds")
        // Left-aligned (natural) from the top-left corner: ink starts near the left edge and the top.
        let box = try XCTUnwrap(inkBox(ink(image)))
        XCTAssertLessThan(box.minX - 40, 8, "\(box)")
        XCTAssertLessThan(box.minY - 30, 14, "the text hangs from the top of the bounds: \(box)")
        XCTAssertGreaterThan(box.minY, 30, "\(box)")
        XCTAssertLessThan(box.maxY, 30 + 40, "one 30-pt line: \(box)")
    }

    func testTextIsUprightInTheLayersYDownSpace() throws {
        // A "T": its crossbar (the top rows of ink) is much wider than its stem (the bottom rows).
        let image = render(textLayer("T", frame: CGRect(x: 20, y: 20, width: 200, height: 100), size: 80))
        let points = ink(image, threshold: 128)
        let box = try XCTUnwrap(inkBox(points))
        let top = points.filter { $0.y == box.minY + 2 }.count
        let bottom = points.filter { $0.y == box.maxY - 2 }.count
        XCTAssertGreaterThan(top, 3 * bottom, "crossbar at the top: \(box), top row \(top), bottom row \(bottom)")
    }

    func testCenterAlignmentCentresTheInkInTheBounds() throws {
        let frame = CGRect(x: 10, y: 20, width: 280, height: 60)
        let layer = textLayer("ipsum", frame: frame, size: 40)
        layer.alignmentMode = .center
        let box = try XCTUnwrap(inkBox(ink(render(layer))))
        XCTAssertEqual(CGFloat(box.minX + box.maxX + 1) / 2, frame.midX, accuracy: 2, "\(box)")

        layer.alignmentMode = .right
        let right = try XCTUnwrap(inkBox(ink(render(layer))))
        XCTAssertEqual(CGFloat(right.maxX + 1), frame.maxX, accuracy: 6, "right-aligned: \(right)")
    }

    func testCenterAlignmentCentresWrappedLinesToo() throws {
        let frame = CGRect(x: 10, y: 10, width: 280, height: 130)
        let layer = textLayer("ipsum", frame: frame, size: 40)
        layer.alignmentMode = .center
        layer.isWrapped = true
        let box = try XCTUnwrap(inkBox(ink(render(layer))))
        XCTAssertEqual(CGFloat(box.minX + box.maxX + 1) / 2, frame.midX, accuracy: 2, "\(box)")
    }

    /// The rows that hold ink, grouped into runs separated by empty rows.
    private func lineBands(_ image: CGImage) -> Int {
        let rows = Set(ink(image).map(\.y))
        var bands = 0, previous = -2
        for y in rows.sorted() {
            if y != previous + 1 { bands += 1 }
            previous = y
        }
        return bands
    }

    func testWrappingBreaksLinesAtTheBoundsWidth() throws {
        let frame = CGRect(x: 10, y: 10, width: 150, height: 130)
        let layer = textLayer("lorem ipsum dolor", frame: frame, size: 24)
        XCTAssertEqual(lineBands(render(layer)), 1, "not wrapped: one line, clipped")
        layer.isWrapped = true
        let image = render(layer)
        XCTAssertGreaterThan(lineBands(image), 1, "wrapped: more than one line")
        let box = try XCTUnwrap(inkBox(ink(image)))
        XCTAssertLessThanOrEqual(box.maxX, Int(frame.maxX), "wrapped lines fit the width: \(box)")
    }

    func testTruncationEllipsizesWithinTheWidth() throws {
        let frame = CGRect(x: 10, y: 10, width: 120, height: 40)
        let long = "lorem ipsum dolor sit amet"
        let clipped = textLayer(long, frame: frame, size: 24)
        let clippedBox = try XCTUnwrap(inkBox(ink(render(clipped))))
        let end = textLayer(long, frame: frame, size: 24)
        end.truncationMode = .end
        let endImage = render(end)
        let endBox = try XCTUnwrap(inkBox(ink(endImage)))
        let start = textLayer(long, frame: frame, size: 24)
        start.truncationMode = .start
        let startImage = render(start)
        XCTAssertGreaterThanOrEqual(clippedBox.maxX, Int(frame.maxX) - 2, "untruncated text runs to the edge")
        XCTAssertLessThan(endBox.maxX, Int(frame.maxX), "\(endBox)")
        XCTAssertNotEqual(endImage.pngData(), startImage.pngData(), "start and end truncation differ")
    }

    func testTextIsDrawnAtTheContentsScale() throws {
        let frame = CGRect(x: 10, y: 10, width: 200, height: 60)
        let one = try XCTUnwrap(inkBox(ink(render(textLayer("ipsum", frame: frame)))))
        let layer = textLayer("ipsum", frame: frame)
        layer.contentsScale = 2
        let two = try XCTUnwrap(inkBox(ink(render(layer, scale: 2))))
        XCTAssertEqual(Double(two.maxX - two.minX), 2 * Double(one.maxX - one.minX), accuracy: 4)
        XCTAssertEqual(layer.contents.map { ($0 as! CGImage).width }, 400, "a 2x backing store")
    }

    func testAFlippedGeometryStillShowsUprightText() throws {
        let layer = textLayer("T", frame: CGRect(x: 20, y: 20, width: 200, height: 100), size: 80)
        layer.isGeometryFlipped = true
        let points = ink(render(layer), threshold: 128)
        let box = try XCTUnwrap(inkBox(points))
        let top = points.filter { $0.y == box.minY + 2 }.count
        let bottom = points.filter { $0.y == box.maxY - 2 }.count
        XCTAssertGreaterThan(top, 3 * bottom, "\(box)")
        XCTAssertLessThan(box.minY - 20, 25, "still hangs from the top: \(box)")
    }

    func testFontNamesAndAttributedStrings() throws {
        let frame = CGRect(x: 10, y: 10, width: 280, height: 60)
        let regular = try XCTUnwrap(inkBox(ink(render(textLayer("ipsum", frame: frame)))))
        let boldLayer = textLayer("ipsum", frame: frame)
        boldLayer.font = "Helvetica-Bold"
        let bold = try XCTUnwrap(inkBox(ink(render(boldLayer))))
        XCTAssertGreaterThan(bold.maxX - bold.minX, regular.maxX - regular.minX, "bold is wider")
        let attributed = textLayer("", frame: frame)
        attributed.string = NSAttributedString(string: "ipsum")
        let fromAttributed = try XCTUnwrap(inkBox(ink(render(attributed))))
        XCTAssertEqual(fromAttributed.maxX, regular.maxX)
        let unknown = textLayer("ipsum", frame: frame)
        unknown.string = 42
        XCTAssertNil(inkBox(ink(render(unknown))), "a number is not text")
    }
}
