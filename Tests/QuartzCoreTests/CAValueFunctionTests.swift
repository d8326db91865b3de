@testable import QuartzCore
import XCTest

final class CAValueFunctionTests: XCTestCase {
    func testNamesHaveApplesRawValues() {
        XCTAssertEqual(CAValueFunctionName.all.map(\.rawValue),
                       ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
                        "translate", "translateX", "translateY", "translateZ"])
        for name in CAValueFunctionName.all {
            XCTAssertEqual(CAValueFunction(name: name)?.name, name)
        }
    }

    func testAnUnknownNameGivesNoFunction() {
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName("spin")))
    }

    func testRotationsTakeOneAngle() throws {
        let angle = CGFloat.pi / 3
        XCTAssertEqual(try transform(.rotateX, angle), CATransform3DMakeRotation(angle, 1, 0, 0))
        XCTAssertEqual(try transform(.rotateY, angle), CATransform3DMakeRotation(angle, 0, 1, 0))
        XCTAssertEqual(try transform(.rotateZ, angle), CATransform3DMakeRotation(angle, 0, 0, 1))
        XCTAssertEqual(try transform(.rotateZ, [Double(angle)]), CATransform3DMakeRotation(angle, 0, 0, 1))
        // A full turn is a full turn of the angle: the interpolated scalar spins, the matrix is the identity.
        let full = try XCTUnwrap(CAValueFunction(name: .rotateZ)?.transform(from: 2 * CGFloat.pi))
        XCTAssertEqual(full.m11, 1, accuracy: 1e-12)
        XCTAssertEqual(full.m12, 0, accuracy: 1e-12)
    }

    func testScaleTakesThreeFactorsOrOneForAll() throws {
        XCTAssertEqual(try transform(.scale, [CGFloat(2), 3, 4]), CATransform3DMakeScale(2, 3, 4))
        XCTAssertEqual(try transform(.scale, [2, 3] as [Any]), CATransform3DMakeScale(2, 3, 1))
        XCTAssertEqual(try transform(.scale, Float(0.5)), CATransform3DMakeScale(0.5, 0.5, 0.5))
        XCTAssertEqual(try transform(.scaleX, 2), CATransform3DMakeScale(2, 1, 1))
        XCTAssertEqual(try transform(.scaleY, NSNumber(value: 3)), CATransform3DMakeScale(1, 3, 1))
        XCTAssertEqual(try transform(.scaleZ, 4.0), CATransform3DMakeScale(1, 1, 4))
    }

    func testTranslateTakesTwoOrThreeDistances() throws {
        XCTAssertEqual(try transform(.translate, [CGFloat(10), 20]), CATransform3DMakeTranslation(10, 20, 0))
        XCTAssertEqual(try transform(.translate, [NSNumber(value: 1), NSNumber(value: 2), NSNumber(value: 3)]),
                       CATransform3DMakeTranslation(1, 2, 3))
        XCTAssertEqual(try transform(.translate, CGSize(width: 5, height: 6)), CATransform3DMakeTranslation(5, 6, 0))
        XCTAssertEqual(try transform(.translateX, CGFloat(7)), CATransform3DMakeTranslation(7, 0, 0))
        XCTAssertEqual(try transform(.translateY, -8), CATransform3DMakeTranslation(0, -8, 0))
        XCTAssertEqual(try transform(.translateZ, [9.0]), CATransform3DMakeTranslation(0, 0, 9))
    }

    func testWrongCountsTypesAndNonFiniteValuesGiveNoTransform() throws {
        let rotate = try XCTUnwrap(CAValueFunction(name: .rotateZ))
        XCTAssertNil(rotate.transform(from: [CGFloat(1), 2]))
        XCTAssertNil(rotate.transform(from: "1"))
        XCTAssertNil(rotate.transform(from: CGFloat.nan))
        XCTAssertNil(CAValueFunction(name: .translate)?.transform(from: CGFloat(1)))
        XCTAssertNil(CAValueFunction(name: .scale)?.transform(from: [CGFloat(1), 2, 3, 4]))
        XCTAssertNil(CAValueFunction(name: .translateX)?.transform(from: [Double.infinity]))
    }

    private func transform(_ name: CAValueFunctionName, _ value: Any) throws -> CATransform3D {
        let function = try XCTUnwrap(CAValueFunction(name: name))
        return try XCTUnwrap(function.transform(from: value))
    }
}
