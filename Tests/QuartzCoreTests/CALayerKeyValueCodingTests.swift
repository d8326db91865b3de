import Foundation
import QuartzCore
import XCTest

/// Keyed access: Apple's key names, the boxing of values, virtual key paths and extra keys.
final class CALayerKeyValueCodingTests: XCTestCase {
    private let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                            .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    private let allEdges: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]

    /// Apple's documented default of every property with a non-nil default, as the typed value.
    private var documentedDefaults: [(String, Any)] {
        [
            ("bounds", CGRect.zero), ("position", CGPoint.zero), ("zPosition", CGFloat(0)),
            ("anchorPoint", CGPoint(x: 0.5, y: 0.5)), ("anchorPointZ", CGFloat(0)),
            ("transform", CATransform3DIdentity), ("sublayerTransform", CATransform3DIdentity),
            ("geometryFlipped", false), ("hidden", false), ("opacity", Float(1)),
            ("cornerRadius", CGFloat(0)), ("maskedCorners", allCorners), ("cornerCurve", CALayerCornerCurve.circular),
            ("borderWidth", CGFloat(0)), ("borderColor", black), ("masksToBounds", false), ("doubleSided", true),
            ("opaque", false), ("allowsGroupOpacity", true), ("allowsEdgeAntialiasing", false),
            ("edgeAntialiasingMask", allEdges), ("shouldRasterize", false), ("rasterizationScale", CGFloat(1)),
            ("drawsAsynchronously", false), ("shadowColor", black), ("shadowOpacity", Float(0)),
            ("shadowOffset", CGSize(width: 0, height: -3)), ("shadowRadius", CGFloat(3)),
            ("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1)),
            ("contentsCenter", CGRect(x: 0, y: 0, width: 1, height: 1)),
            ("contentsGravity", CALayerContentsGravity.resize), ("contentsScale", CGFloat(1)),
            ("contentsFormat", CALayerContentsFormat.RGBA8Uint),
            ("minificationFilter", CALayerContentsFilter.linear), ("magnificationFilter", CALayerContentsFilter.linear),
            ("minificationFilterBias", Float(0)), ("needsDisplayOnBoundsChange", false),
        ]
    }

    private let nilDefaultKeys = ["backgroundColor", "contents", "mask", "name", "shadowPath", "sublayers",
                                  "superlayer", "delegate", "actions", "style"]

    /// Compares a boxed value with an expected one of the same static type.
    private func assertBoxed(_ actual: Any?, equals expected: Any, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        switch expected {
        case let e as CGColor: XCTAssertEqual(actual as? CGColor, e, message, file: file, line: line)
        case let e as AnyHashable:
            XCTAssertEqual(actual.flatMap { $0 as? AnyHashable }, e, message, file: file, line: line)
            XCTAssertTrue(actual.map { type(of: $0) == type(of: expected) } ?? false,
                          "\(message): boxed as \(actual.map { "\(type(of: $0))" } ?? "nil")", file: file, line: line)
        default: XCTFail("unexpected type in test table: \(message)", file: file, line: line)
        }
    }

    // MARK: Defaults

    func testDefaultValueForKeyReturnsEveryDocumentedDefault() {
        for (key, expected) in documentedDefaults {
            assertBoxed(CALayer.defaultValue(forKey: key), equals: expected, key)
        }
        for key in nilDefaultKeys { XCTAssertNil(CALayer.defaultValue(forKey: key), key) }
        XCTAssertNil(CALayer.defaultValue(forKey: "noSuchKey"))
    }

    func testAFreshLayerReadsEveryDefaultThroughValueForKey() {
        let layer = CALayer()
        for (key, expected) in documentedDefaults {
            assertBoxed(layer.value(forKey: key), equals: expected, key)
        }
        for key in nilDefaultKeys { XCTAssertNil(layer.value(forKey: key), key) }
        XCTAssertEqual(layer.value(forKey: "frame") as? CGRect, .zero)
    }

    func testTheRemainingPropertiesHaveApplesDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.maskedCorners, allCorners)
        XCTAssertEqual(layer.maskedCorners.rawValue, 15)
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertFalse(layer.allowsEdgeAntialiasing)
        XCTAssertEqual(layer.edgeAntialiasingMask, allEdges)
        XCTAssertEqual(layer.edgeAntialiasingMask.rawValue, 15)
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertFalse(layer.drawsAsynchronously)
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertNil(layer.mask)
        XCTAssertFalse(layer.isOpaque)
    }

    func testConstantsHaveApplesRawValues() {
        XCTAssertEqual(CACornerMask.layerMinXMinYCorner.rawValue, 1)
        XCTAssertEqual(CACornerMask.layerMaxXMinYCorner.rawValue, 2)
        XCTAssertEqual(CACornerMask.layerMinXMaxYCorner.rawValue, 4)
        XCTAssertEqual(CACornerMask.layerMaxXMaxYCorner.rawValue, 8)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerLeftEdge.rawValue, 1)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerRightEdge.rawValue, 2)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerBottomEdge.rawValue, 4)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerTopEdge.rawValue, 8)
        XCTAssertEqual(CALayerCornerCurve.circular.rawValue, "circular")
        XCTAssertEqual(CALayerCornerCurve.continuous.rawValue, "continuous")
        XCTAssertEqual(CALayerContentsFormat.RGBA8Uint.rawValue, "RGBA8")
        XCTAssertEqual(CALayerContentsFormat.RGBA16Float.rawValue, "RGBAh")
        XCTAssertEqual(CALayerContentsFormat.gray8Uint.rawValue, "Gray8")
    }

    // MARK: Round trips

    func testEveryKeyRoundTripsThroughSetValueForKey() {
        let values: [(String, Any)] = [
            ("bounds", CGRect(x: 1, y: 2, width: 30, height: 40)), ("position", CGPoint(x: 5, y: 6)),
            ("zPosition", CGFloat(7)), ("anchorPoint", CGPoint(x: 0, y: 1)), ("anchorPointZ", CGFloat(2)),
            ("transform", CATransform3DMakeScale(2, 3, 4)), ("sublayerTransform", CATransform3DMakeTranslation(1, 2, 3)),
            ("geometryFlipped", true), ("hidden", true), ("opacity", Float(0.5)),
            ("backgroundColor", red), ("cornerRadius", CGFloat(8)), ("maskedCorners", CACornerMask.layerMaxXMaxYCorner),
            ("cornerCurve", CALayerCornerCurve.continuous), ("borderWidth", CGFloat(2)), ("borderColor", red),
            ("masksToBounds", true), ("doubleSided", false), ("opaque", true), ("allowsGroupOpacity", false),
            ("allowsEdgeAntialiasing", true), ("edgeAntialiasingMask", CAEdgeAntialiasingMask.layerTopEdge),
            ("shouldRasterize", true), ("rasterizationScale", CGFloat(2)), ("drawsAsynchronously", true),
            ("shadowColor", red), ("shadowOpacity", Float(0.25)), ("shadowOffset", CGSize(width: 4, height: 5)),
            ("shadowRadius", CGFloat(6)), ("contentsRect", CGRect(x: 0.25, y: 0, width: 0.5, height: 1)),
            ("contentsCenter", CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
            ("contentsGravity", CALayerContentsGravity.topLeft), ("contentsScale", CGFloat(3)),
            ("contentsFormat", CALayerContentsFormat.gray8Uint), ("minificationFilter", CALayerContentsFilter.nearest),
            ("magnificationFilter", CALayerContentsFilter.trilinear), ("minificationFilterBias", Float(-1)),
            ("needsDisplayOnBoundsChange", true), ("name", "badge"),
        ]
        let layer = CALayer()
        for (key, value) in values {
            layer.setValue(value, forKey: key)
            assertBoxed(layer.value(forKey: key), equals: value, key)
        }
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 30, height: 40))
        XCTAssertTrue(layer.isGeometryFlipped)
        XCTAssertTrue(layer.isHidden)
        XCTAssertFalse(layer.isDoubleSided)
        XCTAssertEqual(layer.maskedCorners, .layerMaxXMaxYCorner)
        XCTAssertEqual(layer.contentsFormat, .gray8Uint)
        XCTAssertEqual(layer.name, "badge")
    }

    func testReferenceValuedKeysRoundTrip() {
        let layer = CALayer()
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        layer.setValue(path, forKey: "shadowPath")
        XCTAssertTrue(layer.value(forKey: "shadowPath") as? CGPath === path)
        let child = CALayer()
        layer.setValue([child], forKey: "sublayers")
        XCTAssertTrue((layer.value(forKey: "sublayers") as? [CALayer])?.first === child)
        XCTAssertTrue(child.value(forKey: "superlayer") as? CALayer === layer)
        let mask = CALayer()
        layer.setValue(mask, forKey: "mask")
        XCTAssertTrue(layer.mask === mask)
        let contents = "not an image"
        layer.setValue(contents, forKey: "contents")
        XCTAssertEqual(layer.contents as? String, contents)
        layer.setValue(["key": "value"] as [AnyHashable: Any], forKey: "style")
        XCTAssertEqual(layer.style?["key"] as? String, "value")
        layer.setValue(["position": NSNull()] as [String: CAAction], forKey: "actions")
        XCTAssertTrue(layer.actions?["position"] is NSNull)
    }

    func testFrameIsReadAndWrittenByKey() {
        let layer = CALayer()
        layer.setValue(CGRect(x: 10, y: 20, width: 40, height: 60), forKey: "frame")
        XCTAssertEqual(layer.position, CGPoint(x: 30, y: 50))
        XCTAssertEqual(layer.bounds.size, CGSize(width: 40, height: 60))
        XCTAssertEqual(layer.value(forKey: "frame") as? CGRect, CGRect(x: 10, y: 20, width: 40, height: 60))
    }

    func testScalarsAcceptAnyNumericType() {
        let layer = CALayer()
        layer.setValue(2.5 as Double, forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 2.5)
        layer.setValue(3 as Int, forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 3)
        layer.setValue(Float(0.5), forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 0.5)
        layer.setValue(NSNumber(value: 7), forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 7)
        layer.setValue(UInt8(9), forKey: "zPosition")
        XCTAssertEqual(layer.zPosition, 9)
        layer.setValue(0.25 as Double, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.25)
        XCTAssertEqual(layer.value(forKey: "opacity") as? Float, 0.25)
        layer.setValue(NSNumber(value: 0.75), forKey: "shadowOpacity")
        XCTAssertEqual(layer.shadowOpacity, 0.75)
        layer.setValue(1 as Int, forKey: "hidden")
        XCTAssertTrue(layer.isHidden)
        layer.setValue(NSNumber(value: false), forKey: "hidden")
        XCTAssertFalse(layer.isHidden)
        layer.setValue(8 as Int, forKey: "maskedCorners")
        XCTAssertEqual(layer.maskedCorners, .layerMaxXMaxYCorner)
        layer.setValue("resizeAspect", forKey: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resizeAspect)
        layer.setValue("continuous", forKey: "cornerCurve")
        XCTAssertEqual(layer.cornerCurve, .continuous)
    }

    func testNaNInfiniteAndWronglyTypedValuesAreIgnored() {
        let layer = CALayer()
        layer.cornerRadius = 4
        layer.opacity = 0.5
        layer.position = CGPoint(x: 1, y: 2)
        layer.setValue(CGFloat.nan, forKey: "cornerRadius")
        layer.setValue(Double.infinity, forKey: "cornerRadius")
        layer.setValue(Float.nan, forKey: "opacity")
        layer.setValue(1e300, forKey: "opacity")  // not representable as a Float
        layer.setValue(CGPoint(x: CGFloat.nan, y: 0), forKey: "position")
        layer.setValue("far away", forKey: "position")
        layer.setValue(nil, forKey: "position")
        layer.setValue(CGFloat.nan, forKeyPath: "position.x")
        layer.setValue(CGFloat.nan, forKeyPath: "transform.rotation.z")
        layer.setValue("red", forKey: "backgroundColor")
        XCTAssertEqual(layer.cornerRadius, 4)
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 2))
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertNil(layer.backgroundColor)
    }

    func testNilClearsOptionalProperties() {
        let layer = CALayer()
        layer.backgroundColor = red
        layer.name = "n"
        layer.setValue(nil, forKey: "backgroundColor")
        layer.setValue(nil, forKey: "name")
        layer.setValue(nil, forKey: "borderColor")
        XCTAssertNil(layer.backgroundColor)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.borderColor)
    }

    // MARK: Struct members

    func testSettingPositionXKeepsY() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        layer.setValue(35, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 35, y: 20))
        XCTAssertEqual(layer.value(forKeyPath: "position.y") as? CGFloat, 20)
    }

    func testBoundsMembersAreReadAndWritten() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin") as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 30, height: 40))
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size.width") as? CGFloat, 30)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin.y") as? CGFloat, 2)
        layer.setValue(50.0, forKeyPath: "bounds.size.height")
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 30, height: 50))
        layer.setValue(CGSize(width: 8, height: 9), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds, CGRect(x: 1, y: 2, width: 8, height: 9))
        layer.setValue(CGPoint(x: -4, y: -5), forKeyPath: "bounds.origin")
        XCTAssertEqual(layer.bounds, CGRect(x: -4, y: -5, width: 8, height: 9))
        layer.setValue(3, forKeyPath: "bounds.origin.x")
        XCTAssertEqual(layer.bounds, CGRect(x: 3, y: -5, width: 8, height: 9))
    }

    func testOtherStructMembersAreReachable() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(layer.value(forKeyPath: "frame.origin") as? CGPoint, CGPoint(x: 150, y: 75))
        XCTAssertEqual(layer.value(forKeyPath: "frame.size.height") as? CGFloat, 50)
        layer.setValue(7, forKeyPath: "shadowOffset.width")
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 7, height: -3))
        XCTAssertEqual(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat, -3)
        layer.setValue(0.5, forKeyPath: "contentsRect.origin.x")
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0.5, y: 0, width: 1, height: 1))
        layer.setValue(0.25, forKeyPath: "anchorPoint.y")
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.25))
    }

    func testUnknownMembersReadNilAndAreNotWritten() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
        XCTAssertNil(layer.value(forKeyPath: "opacity.x"))
        XCTAssertNil(layer.value(forKeyPath: "transform.rotation.w"))
        layer.setValue(3, forKeyPath: "position.z")
        XCTAssertEqual(layer.position, .zero)
        layer.setValue(3, forKeyPath: "noSuchKey.x")
        XCTAssertNil(layer.value(forKey: "noSuchKey"))
    }

    func testKeyPathsReachIntoTheMaskAndDictionaries() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        layer.setValue(0.5, forKeyPath: "mask.opacity")
        XCTAssertEqual(mask.opacity, 0.5)
        XCTAssertEqual(layer.value(forKeyPath: "mask.opacity") as? Float, 0.5)
        layer.style = ["inner": ["depth": 2] as [String: Any]]
        XCTAssertEqual(layer.value(forKeyPath: "style.inner.depth") as? Int, 2)
        layer.setValue(3, forKeyPath: "style.inner.depth")
        XCTAssertEqual((layer.style?["inner"] as? [String: Any])?["depth"] as? Int, 3)
    }

    // MARK: Virtual transform key paths

    func testRotationZIsReadFromARotation() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as! CGFloat, 0.5, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation") as! CGFloat, 0.5, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.x") as? CGFloat, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as? CGFloat, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale") as? CGFloat, 1)
    }

    func testRotationsAboutXAndYAreRead() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(-0.4, 1, 0, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.x") as! CGFloat, -0.4, accuracy: 1e-12)
        layer.transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as! CGFloat, 0.7, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat, 0)
    }

    func testSettingRotationZOnTheIdentityGivesExactlyThatRotation() {
        let layer = CALayer()
        layer.setValue(0.5, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.transform, CATransform3DMakeRotation(0.5, 0, 0, 1))
        layer.setValue(CGFloat.pi / 3, forKeyPath: "transform.rotation")
        XCTAssertEqual(layer.transform, CATransform3DMakeRotation(.pi / 3, 0, 0, 1))
    }

    func testSettingRotationZReplacesTheRotationOfARotatedLayer() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(1.2, 0, 0, 1)
        layer.setValue(0.3, forKeyPath: "transform.rotation.z")
        assertTransform(layer.transform, equals: CATransform3DMakeRotation(0.3, 0, 0, 1))
    }

    func testSettingScaleXOnTheIdentityScalesOnlyX() {
        let layer = CALayer()
        layer.setValue(2, forKeyPath: "transform.scale.x")
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(2, 1, 1))
        XCTAssertEqual(layer.transform.m11, 2)
        layer.setValue(3, forKeyPath: "transform.scale.y")
        layer.setValue(4, forKeyPath: "transform.scale.z")
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(2, 3, 4))
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale") as? CGFloat, 3)  // (2 + 3 + 4) / 3
        layer.setValue(5, forKeyPath: "transform.scale")
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(5, 5, 5))
    }

    func testSettingTranslationXOnTheIdentityTranslatesOnlyX() {
        let layer = CALayer()
        layer.setValue(10, forKeyPath: "transform.translation.x")
        XCTAssertEqual(layer.transform.m41, 10)
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(10, 0, 0))
        layer.setValue(CGSize(width: 3, height: 4), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(3, 4, 0))
        layer.setValue(-2, forKeyPath: "transform.translation.z")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(3, 4, -2))
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 3, height: 4))
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.z") as? CGFloat, -2)
    }

    func testTranslationTakesAPointAsWellAsASizeBoxedOrNot() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 7, y: -8), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(7, -8, 0))
        layer.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 2)), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(1, 2, 0))
        layer.setValue(NSValue(cgSize: CGSize(width: 5, height: 6)), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(5, 6, 0))
    }

    func testAnimatingTranslationByPointsMovesThePresentation() {
        CAMediaClock.freeze(at: 0)
        defer { CAMediaClock.unfreeze() }
        CATransaction.flush()
        let layer = CALayer()
        let basic = CABasicAnimation(keyPath: "transform.translation")
        basic.fromValue = CGPoint(x: 0, y: 0)
        basic.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        basic.duration = 1
        basic.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(basic, forKey: "move")
        CATransaction.flush()
        CAMediaClock.freeze(at: 0.5)
        XCTAssertEqual(layer.presentation()!.transform.m41, 50, accuracy: 1e-6)
        XCTAssertEqual(layer.presentation()!.transform.m42, 20, accuracy: 1e-6)

        layer.removeAllAnimations()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 80))
        let keyframe = CAKeyframeAnimation(keyPath: "transform.translation")
        keyframe.path = path
        keyframe.duration = 1
        keyframe.beginTime = CACurrentMediaTime()
        layer.add(keyframe, forKey: "path")
        CATransaction.flush()
        CAMediaClock.freeze(at: 0.75)
        XCTAssertEqual(layer.presentation()!.transform.m41, 0, accuracy: 1e-6)
        XCTAssertEqual(layer.presentation()!.transform.m42, 20, accuracy: 1e-6)

        layer.removeAllAnimations()
        let values = CAKeyframeAnimation(keyPath: "transform.translation")
        values.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0)]
        values.duration = 1
        values.beginTime = CACurrentMediaTime()
        layer.add(values, forKey: "values")
        CATransaction.flush()
        CAMediaClock.freeze(at: 1.25)
        XCTAssertEqual(layer.presentation()!.transform.m41, 15, accuracy: 1e-6)
    }

    func testSettingOneComponentKeepsTheOthers() {
        let layer = CALayer()
        // Scale, then rotate, then translate: the documented order of the parts.
        layer.transform = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                                  CATransform3DMakeRotation(0.4, 0, 0, 1)),
                                              CATransform3DMakeTranslation(5, 6, 0))
        layer.setValue(1.1, forKeyPath: "transform.rotation.z")
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                               CATransform3DMakeRotation(1.1, 0, 0, 1)),
                                           CATransform3DMakeTranslation(5, 6, 0))
        assertTransform(layer.transform, equals: expected)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as! CGFloat, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation.x") as! CGFloat, 5, accuracy: 1e-12)
    }

    func testACompoundTransformIsTakenApartIntoItsParts() {
        let layer = CALayer()
        var t = CATransform3DMakeScale(2, 3, 4)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(0.3, 1, 0, 0))
        t = CATransform3DConcat(t, CATransform3DMakeRotation(-0.2, 0, 1, 0))
        t = CATransform3DConcat(t, CATransform3DMakeRotation(0.7, 0, 0, 1))
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(1, 2, 3))
        layer.transform = t
        let expected: [(String, CGFloat)] = [
            ("scale.x", 2), ("scale.y", 3), ("scale.z", 4), ("rotation.x", 0.3), ("rotation.y", -0.2),
            ("rotation.z", 0.7), ("translation.x", 1), ("translation.y", 2), ("translation.z", 3),
        ]
        for (path, value) in expected {
            XCTAssertEqual(layer.value(forKeyPath: "transform." + path) as! CGFloat, value, accuracy: 1e-12, path)
        }
        // Setting a part to the value it has gives back the same matrix.
        layer.setValue(0.7, forKeyPath: "transform.rotation.z")
        assertTransform(layer.transform, equals: t)
    }

    func testAMirrorImageCarriesItsFlipInTheXScale() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(-1, 1, 1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat, -1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.y") as? CGFloat, 1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat, 0)
        layer.setValue(0.5, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.transform, CATransform3DConcat(CATransform3DMakeScale(-1, 1, 1),
                                                           CATransform3DMakeRotation(0.5, 0, 0, 1)))
        layer.setValue(1, forKeyPath: "transform.scale.x")
        XCTAssertEqual(layer.transform, CATransform3DMakeRotation(0.5, 0, 0, 1))
    }

    func testShearAndGimbalLockedRotationsRecomposeToTheSameMatrix() {
        let layer = CALayer()
        var sheared = CATransform3DIdentity
        sheared.m21 = 0.5  // x += 0.5 y
        sheared.m31 = -0.25
        let t = CATransform3DConcat(CATransform3DConcat(sheared, CATransform3DMakeRotation(0.3, 0, 0, 1)),
                                    CATransform3DMakeTranslation(4, 5, 6))
        layer.transform = t
        layer.setValue(4, forKeyPath: "transform.translation.x")  // the value it has
        assertTransform(layer.transform, equals: t)
        let locked = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                             CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
                                         CATransform3DMakeRotation(0.2, 0, 0, 1))
        layer.transform = locked
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as! CGFloat, .pi / 2, accuracy: 1e-12)
        layer.setValue(0, forKeyPath: "transform.translation.x")
        assertTransform(layer.transform, equals: locked)
    }

    func testPerspectiveIsKeptWhenARotationIsReplaced() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let layer = CALayer()
        layer.transform = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 0), perspective)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation.y") as! CGFloat, 0.5, accuracy: 1e-12)
        layer.setValue(0.8, forKeyPath: "transform.rotation.y")
        assertTransform(layer.transform, equals: CATransform3DConcat(CATransform3DMakeRotation(0.8, 0, 1, 0), perspective))
    }

    func testSublayerTransformHasTheSameVirtualKeyPaths() {
        let layer = CALayer()
        layer.setValue(0.25, forKeyPath: "sublayerTransform.rotation.z")
        XCTAssertEqual(layer.sublayerTransform, CATransform3DMakeRotation(0.25, 0, 0, 1))
        layer.setValue(2, forKeyPath: "sublayerTransform.scale.x")
        XCTAssertEqual(layer.value(forKeyPath: "sublayerTransform.scale.x") as! CGFloat, 2, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "sublayerTransform.rotation.z") as! CGFloat, 0.25, accuracy: 1e-12)
        layer.sublayerTransform = CATransform3DIdentity
        layer.setValue(10, forKeyPath: "sublayerTransform.translation.x")
        XCTAssertEqual(layer.sublayerTransform, CATransform3DMakeTranslation(10, 0, 0))
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
    }

    func testAZeroScaleCanBeSetBack() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(0, 0, 1)
        XCTAssertEqual(layer.value(forKeyPath: "transform.scale.x") as? CGFloat, 0)
        layer.setValue(1, forKeyPath: "transform.scale.x")
        layer.setValue(1, forKeyPath: "transform.scale.y")
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
    }

    // MARK: Extra keys

    func testUnknownKeysAreStoredOnTheLayer() {
        let layer = CALayer()
        XCTAssertNil(layer.value(forKey: "index"))
        layer.setValue(50, forKey: "index")
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "origCenter")
        XCTAssertEqual(layer.value(forKey: "index") as? Int, 50)
        XCTAssertEqual(layer.value(forKeyPath: "origCenter.y") as? CGFloat, 4)
        layer.setValue(9, forKeyPath: "origCenter.x")
        XCTAssertEqual(layer.value(forKey: "origCenter") as? CGPoint, CGPoint(x: 9, y: 4))
        layer.setValue(nil, forKey: "index")
        XCTAssertNil(layer.value(forKey: "index"))
        XCTAssertNil(CALayer().value(forKey: "origCenter"))
    }

    func testANaNExtraValueIsIgnored() {
        let layer = CALayer()
        layer.setValue(1.5, forKey: "weight")
        layer.setValue(Double.nan, forKey: "weight")
        layer.setValue(Float.infinity, forKey: "weight")
        XCTAssertEqual(layer.value(forKey: "weight") as? Double, 1.5)
    }

    func testAnExtraKeyWithAClassDefaultIsStoredAsTheDefaultsType() {
        final class Dial: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "angle" ? CGFloat(0) : super.defaultValue(forKey: key)
            }
        }
        let dial = Dial()
        XCTAssertEqual(dial.value(forKey: "angle") as? CGFloat, 0)
        dial.setValue(3 as Int, forKey: "angle")
        XCTAssertEqual(dial.value(forKey: "angle") as? CGFloat, 3)
        dial.setValue(NSNumber(value: 0.5), forKey: "angle")
        XCTAssertEqual(dial.value(forKey: "angle") as? CGFloat, 0.5)
        dial.setValue("wide", forKey: "angle")
        XCTAssertEqual(dial.value(forKey: "angle") as? CGFloat, 0.5)
        dial.setValue(nil, forKey: "angle")
        XCTAssertEqual(dial.value(forKey: "angle") as? CGFloat, 0)
    }

    func testExtraKeysAreCopiedIntoLayerCopies() {
        let layer = CALayer()
        layer.setValue("tag", forKey: "custom")
        layer.maskedCorners = .layerMinXMinYCorner
        layer.shouldRasterize = true
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.value(forKey: "custom") as? String, "tag")
        XCTAssertEqual(copy.maskedCorners, .layerMinXMinYCorner)
        XCTAssertTrue(copy.shouldRasterize)
    }

    func testSettingAKeyRecordsAChangeInTheTransaction() {
        let layer = CALayer()
        var committedRoots: [ObjectIdentifier] = []  // identifiers: the observer outlives the test
        CATransaction.flush()  // close the implicit transaction earlier changes opened
        CATransaction.addCommitObserver { roots in committedRoots += roots.map(ObjectIdentifier.init) }
        CATransaction.begin()
        layer.setValue(true, forKey: "shouldRasterize")
        CATransaction.commit()
        XCTAssertTrue(committedRoots.contains(ObjectIdentifier(layer)))
        committedRoots = []
        CATransaction.begin()
        layer.setValue(1, forKey: "someCustomKey")
        CATransaction.commit()
        XCTAssertTrue(committedRoots.contains(ObjectIdentifier(layer)))
    }

    // MARK: Helpers

    private func assertTransform(_ a: CATransform3D, equals b: CATransform3D,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let pairs: [(CGFloat, CGFloat)] = [
            (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
            (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
            (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
            (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
        ]
        for (i, (x, y)) in pairs.enumerated() {
            XCTAssertEqual(x, y, accuracy: 1e-12, "m\(i / 4 + 1)\(i % 4 + 1)", file: file, line: line)
        }
    }
}
