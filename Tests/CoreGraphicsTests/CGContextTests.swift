import CoreGraphics
import XCTest

final class CGContextTests: XCTestCase {
    func testBitmapContextReportsItsLayout() {
        let context = makeContext(width: 10, height: 7)
        XCTAssertEqual(context.width, 10)
        XCTAssertEqual(context.height, 7)
        XCTAssertEqual(context.bytesPerRow, 40)
        XCTAssertEqual(context.bitsPerComponent, 8)
        XCTAssertEqual(context.bitsPerPixel, 32)
        XCTAssertEqual(context.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(context.bitmapInfo.rawValue, nativeBitmapInfo)
        XCTAssertNotNil(context.data)
        XCTAssertTrue(context.ctm.isIdentity)
        XCTAssertEqual(pixel(context, x: 3, row: 3), .clear, "self-allocated memory starts zeroed")
    }

    func testUnsupportedFormatsAndSizesReturnNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        XCTAssertNil(CGContext(data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 10, height: -1, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 40000, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 36, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 42, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Big.rawValue))
        XCTAssertNotNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 48, space: rgb, bitmapInfo: nativeBitmapInfo))
        XCTAssertNotNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                                  bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    }

    func testDrawsIntoCallerMemory() {
        var memory = [UInt8](repeating: 0, count: 4 * 4 * 4)
        memory.withUnsafeMutableBytes { buffer in
            let context = CGContext(data: buffer.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: nativeBitmapInfo)!
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            context.flush()
        }
        XCTAssertEqual(Array(memory[0..<4]), [255, 0, 0, 255], "B, G, R, A")
    }

    func testDefaultUserSpaceIsYUpSoLowRectsLandInTheBottomMemoryRows() {
        let context = makeContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        XCTAssertEqual(paintedRows(context, x: 5), [8, 9])
        XCTAssertEqual(pixel(context, x: 0, row: 9), .red)
    }

    func testFlippingTheCTMPutsLowRectsInTheTopMemoryRows() {
        let context = makeContext()
        context.translateBy(x: 0, y: 10)
        context.scaleBy(x: 1, y: -1)
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10))
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        XCTAssertEqual(paintedRows(context, x: 5), [0, 1])
        XCTAssertEqual(pixel(context, x: 0, row: 0), .green)
    }

    func testMemoryBytesAreBlueGreenRedAlpha() {
        let context = makeContext(width: 1, height: 1)
        context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.flush()
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(bytes[0], 0)
        XCTAssertTrue((127...128).contains(bytes[1]))
        XCTAssertEqual(bytes[2], 255)
        XCTAssertEqual(bytes[3], 255)
    }

    func testHalfTransparentRedIsStoredPremultiplied() {
        let context = makeContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let p = pixel(context, x: 5, row: 5)
        XCTAssertTrue((127...128).contains(p.r), "\(p)")
        XCTAssertTrue((127...128).contains(p.a), "\(p)")
        XCTAssertEqual(p.r, p.a)
        XCTAssertEqual(p.g, 0)
        XCTAssertEqual(p.b, 0)
    }

    func testGlobalAlphaMultipliesTheFillColor() {
        let context = makeContext()
        context.setAlpha(0.5)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue((127...128).contains(pixel(context, x: 0, row: 0).a))
    }

    func testPositiveRotationIsCounterClockwiseInYUpSpace() {
        let context = makeContext()
        context.rotate(by: .pi / 2)
        // (x, y) maps to (-y, x): user x in 0...2, y in -3...0 covers device x 0...3, y 0...2 (bottom-left).
        context.fill(CGRect(x: 0, y: -3, width: 2, height: 3))
        XCTAssertEqual(paintedRows(context, x: 1), [8, 9])
        XCTAssertEqual(pixel(context, x: 2, row: 9), .black)
        XCTAssertEqual(pixel(context, x: 3, row: 9), .clear)
    }

    func testCTMAndCoordinateConversion() {
        let context = makeContext()
        context.translateBy(x: 5, y: 0)
        context.scaleBy(x: 2, y: 2)
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0))
        XCTAssertEqual(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)), CGPoint(x: 7, y: 2))
        XCTAssertEqual(context.convertToUserSpace(CGPoint(x: 7, y: 2)), CGPoint(x: 1, y: 1))
        context.saveGState()
        context.concatenate(CGAffineTransform(translationX: 1, y: 1))
        XCTAssertEqual(context.ctm.tx, 7)
        context.restoreGState()
        XCTAssertEqual(context.ctm.tx, 5)
    }

    func testSaveAndRestoreGStateRestoreColorsAndAlpha() {
        let context = makeContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.saveGState()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setAlpha(0.1)
        context.restoreGState()
        context.restoreGState() // unbalanced: ignored
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 0, row: 0), .red)
    }

    func testStrokedHorizontalLineCoversLineWidthRows() {
        let context = makeContext()
        context.setLineWidth(2)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.move(to: CGPoint(x: 0, y: 5))
        context.addLine(to: CGPoint(x: 10, y: 5))
        context.strokePath()
        // Device y 4...6 (y-up) is memory rows 4 and 5.
        XCTAssertEqual(paintedRows(context, x: 5), [4, 5])
        XCTAssertEqual(pixel(context, x: 5, row: 4), .blue)
        XCTAssertTrue(context.isPathEmpty, "painting consumes the path")
    }

    func testContextPathRoundTripsThroughCGPath() {
        let context = makeContext()
        XCTAssertTrue(context.isPathEmpty)
        XCTAssertNil(context.path)
        context.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertFalse(context.isPathEmpty)
        XCTAssertEqual(context.path, CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
        XCTAssertEqual(context.boundingBoxOfPath, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(context.currentPointOfPath, CGPoint(x: 1, y: 2))
        XCTAssertTrue(context.pathContains(CGPoint(x: 2, y: 3), mode: .fill))
        context.beginPath()
        XCTAssertTrue(context.isPathEmpty)
    }

    func testEvenOddFillLeavesTheHoleOfAnInnerRect() {
        let context = makeContext()
        context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        context.fillPath(using: .evenOdd)
        XCTAssertEqual(pixel(context, x: 5, row: 5), .clear)
        XCTAssertEqual(pixel(context, x: 1, row: 1), .black)
    }

    func testClipToRectLimitsPainting() {
        let context = makeContext()
        context.clip(to: CGRect(x: 0, y: 0, width: 5, height: 10))
        XCTAssertEqual(context.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 5, height: 10))
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 4, row: 0), .black)
        XCTAssertEqual(pixel(context, x: 5, row: 0), .clear)
        context.resetClip()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 9, row: 0), .black)
    }

    func testClipIsUndoneByRestoreGState() {
        let context = makeContext()
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 9, row: 0), .black)
    }

    func testClearMakesPixelsTransparent() {
        let context = makeContext()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.clear(CGRect(x: 0, y: 0, width: 10, height: 5))
        XCTAssertEqual(paintedRows(context, x: 0), [0, 1, 2, 3, 4])
    }

    func testTransparencyLayerIsCompositedOnceWithTheLayerAlpha() {
        let context = makeContext()
        context.setAlpha(0.5)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.fill(CGRect(x: 0, y: 0, width: 6, height: 10))
        context.fill(CGRect(x: 3, y: 0, width: 5, height: 10))
        context.endTransparencyLayer()
        let single = pixel(context, x: 1, row: 0), overlap = pixel(context, x: 4, row: 0)
        XCTAssertTrue((127...128).contains(single.a), "\(single)")
        XCTAssertEqual(overlap, single, "overlapping fills inside a layer do not accumulate alpha")
        XCTAssertEqual(pixel(context, x: 9, row: 0), .clear)
    }

    func testWithoutALayerOverlappingHalfAlphaFillsAccumulate() {
        let context = makeContext()
        context.setAlpha(0.5)
        context.fill(CGRect(x: 0, y: 0, width: 6, height: 10))
        context.fill(CGRect(x: 3, y: 0, width: 5, height: 10))
        XCTAssertTrue((190...192).contains(pixel(context, x: 4, row: 0).a))
    }

    func testDestinationOutBlendModeErasesWhereItPaints() {
        let context = makeContext()
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.setBlendMode(.destinationOut)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        XCTAssertEqual(pixel(context, x: 0, row: 0), .clear)
        XCTAssertEqual(pixel(context, x: 9, row: 0), .black)
    }

    func testShadowIsPaintedAtTheOffsetInYUpDeviceSpace() {
        let context = makeContext()
        context.setShadow(offset: CGSize(width: 3, height: -3), blur: 0, color: CGColor(gray: 0, alpha: 1))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 1, y: 6, width: 2, height: 2)) // memory rows 2...3, columns 1...2
        XCTAssertEqual(pixel(context, x: 1, row: 2), .red)
        XCTAssertEqual(pixel(context, x: 4, row: 5), .black, "shadow moved right 3 and down 3")
        XCTAssertEqual(pixel(context, x: 8, row: 8), .clear)
        context.setShadow(offset: .zero, blur: 0, color: nil)
        context.fill(CGRect(x: 8, y: 0, width: 1, height: 1))
        XCTAssertEqual(pixel(context, x: 8, row: 9), .red)
        XCTAssertEqual(pixel(context, x: 9, row: 9), .clear, "a nil color turns the shadow off")
    }

    func testBlurredShadowSpreadsBeyondTheShape() {
        let context = makeContext(width: 20, height: 20)
        context.setShadow(offset: .zero, blur: 4)
        context.fill(CGRect(x: 8, y: 8, width: 4, height: 4))
        XCTAssertGreaterThan(pixel(context, x: 7, row: 10).a, 0)
        XCTAssertEqual(pixel(context, x: 10, row: 10), .black)
    }

    func testAShadowUnderAClipIsBlurredOnlyWhereItCanShowAndStaysExact() {
        // Under a clip (a window's damage) only the part of the shadow that can reach the clip is
        // blurred. What is drawn under a clip is the clipped content (a group is as large as the
        // clip), so inside the clip the picture must equal the whole-target shadow of that content,
        // and nothing may change outside. A blur of radius 6 reaches 10 pixels.
        let shape = CGRect(x: 10, y: 12, width: 30, height: 16)
        func draw(_ rect: CGRect, clip: CGRect?) -> CGContext {
            let context = makeContext(width: 64, height: 48)
            if let clip { context.clip(to: clip) }
            context.setShadow(offset: CGSize(width: 5, height: -4), blur: 6, color: CGColor(red: 0, green: 0, blue: 0.5, alpha: 0.8))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(rect)
            return context
        }
        let clip = CGRect(x: 28, y: 5, width: 20, height: 14)  // y-up: rows 29..42 from the top
        let whole = draw(shape.intersection(clip), clip: nil)
        let clipped = draw(shape, clip: clip)
        var inside = 0, shadowed = 0
        for row in 0..<48 {
            for x in 0..<64 {
                let y = CGFloat(47 - row) + 0.5
                if clip.contains(CGPoint(x: CGFloat(x) + 0.5, y: y)) {
                    inside += 1
                    XCTAssertEqual(pixel(clipped, x: x, row: row), pixel(whole, x: x, row: row), "(\(x), row \(row))")
                    if pixel(whole, x: x, row: row).a > 0 { shadowed += 1 }
                } else {
                    XCTAssertEqual(pixel(clipped, x: x, row: row), .clear, "(\(x), row \(row)) outside the clip")
                }
            }
        }
        XCTAssertEqual(inside, 20 * 14)
        XCTAssertGreaterThan(shadowed, 40, "the clip holds part of the blurred edge")
    }

    func testHugeShadowOffsetsAndBlursDrawNothingAndDoNotTrap() {
        // The blurred region is worked out in Double and clamped to the target before any Int.
        let context = makeContext(width: 16, height: 16)
        for (offset, blur) in [(CGSize(width: 1e300, height: -1e300), 2.0), (CGSize(width: 3, height: 3), 1e30),
                               (CGSize(width: -1e18, height: 1e18), 1e18)] as [(CGSize, CGFloat)] {
            context.setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 4, y: 4, width: 8, height: 8))
        }
        XCTAssertEqual(pixel(context, x: 8, row: 8), .red)
        XCTAssertEqual(pixel(context, x: 0, row: 0), .clear, "a shadow moved 1e300 away is not drawn")
    }

    func testNonFiniteAndDegenerateInputDoesNotBreakTheContext() {
        let context = makeContext()
        context.move(to: CGPoint(x: CGFloat.nan, y: 1))
        context.addLine(to: CGPoint(x: 1, y: CGFloat.nan))
        context.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        context.fillPath()
        context.fill(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
        context.setLineDash(phase: 0, lengths: [-1, 2])
        context.setLineWidth(.nan)
        context.saveGState()
        context.scaleBy(x: 0, y: 0)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 10, height: 10))
        context.restoreGState()
        XCTAssertEqual(paintedRows(context, x: 5), [])
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 5, row: 5), .black, "the context still draws afterwards")
    }

    func testMakeImageCopiesThePixels() {
        let context = makeContext()
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = context.makeImage()!
        context.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(image.width, 10)
        XCTAssertEqual(image.height, 10)
        XCTAssertEqual(pixel(image, x: 3, y: 3), .red)
        XCTAssertEqual(pixel(context, x: 3, row: 3), .clear)
    }
}
