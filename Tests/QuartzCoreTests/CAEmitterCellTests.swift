import CoreGraphics
import Foundation
import QuartzCore
import XCTest

/// CAEmitterCell: Apple's defaults, keyed access with its boxing and bad-value rules, key paths
/// through named children, and its media timing.
final class CAEmitterCellTests: XCTestCase {
    func testDefaultsAreApples() {
        let cell = CAEmitterCell()
        XCTAssertNil(cell.name)
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.lifetimeRange, 0)
        XCTAssertEqual(cell.emissionLatitude, 0)
        XCTAssertEqual(cell.emissionLongitude, 0)
        XCTAssertEqual(cell.emissionRange, 0)
        XCTAssertEqual(cell.velocity, 0)
        XCTAssertEqual(cell.velocityRange, 0)
        XCTAssertEqual(cell.xAcceleration, 0)
        XCTAssertEqual(cell.yAcceleration, 0)
        XCTAssertEqual(cell.zAcceleration, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.scaleRange, 0)
        XCTAssertEqual(cell.scaleSpeed, 0)
        XCTAssertEqual(cell.spin, 0)
        XCTAssertEqual(cell.spinRange, 0)
        XCTAssertEqual(cell.color, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        for range in [cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange] { XCTAssertEqual(range, 0) }
        for speed in [cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed] { XCTAssertEqual(speed, 0) }
        XCTAssertNil(cell.contents)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertEqual(cell.minificationFilter, "linear")
        XCTAssertEqual(cell.magnificationFilter, "linear")
        XCTAssertEqual(cell.minificationFilterBias, 0)
        XCTAssertNil(cell.emitterCells)
        XCTAssertNil(cell.style)
        XCTAssertEqual(cell.beginTime, 0)
        XCTAssertEqual(cell.duration, 0)
        XCTAssertEqual(cell.speed, 1)
        XCTAssertEqual(cell.timeOffset, 0)
        XCTAssertEqual(cell.repeatCount, 0)
        XCTAssertEqual(cell.repeatDuration, 0)
        XCTAssertFalse(cell.autoreverses)
        XCTAssertEqual(cell.fillMode, .removed)
        XCTAssertTrue(cell.shouldArchiveValue(forKey: "birthRate"))
    }

    func testClassDefaultsByKeyAreBoxedAsTheirTypes() {
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? CGFloat, 1)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "birthRate") as? Float, 0)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "contentsRect") as? CGRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "enabled") as? Bool, true)
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "name"))
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "noSuchKey"))
    }

    func testKeyedAccessConvertsNumbersAndIgnoresBadValues() {
        let cell = CAEmitterCell()
        cell.setValue(5, forKey: "birthRate")
        XCTAssertEqual(cell.value(forKey: "birthRate") as? Float, 5)
        XCTAssertEqual(cell.birthRate, 5)
        cell.setValue(Double.nan, forKey: "birthRate")
        XCTAssertEqual(cell.birthRate, 5, "NaN is ignored")
        cell.setValue("fast", forKey: "velocity")
        XCTAssertEqual(cell.velocity, 0, "a value of the wrong type is ignored")
        cell.setValue(Float(2.5), forKey: "velocity")
        XCTAssertEqual(cell.value(forKey: "velocity") as? CGFloat, 2.5)
        cell.birthRate = .infinity
        XCTAssertEqual(cell.birthRate, 5, "infinities are ignored")
        cell.setValue("circle", forKey: "name")
        XCTAssertEqual(cell.name, "circle")
        cell.setValue(42, forKey: "custom")
        XCTAssertEqual(cell.value(forKey: "custom") as? Int, 42, "other keys are stored as given")
        cell.setValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), forKey: "color")
        XCTAssertEqual(cell.color, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        cell.setValue(false, forKey: "enabled")
        XCTAssertFalse(cell.isEnabled)
    }

    func testKeyPathsReachNamedChildrenAndStructMembers() {
        let parent = CAEmitterCell(), child = CAEmitterCell()
        child.name = "spark"
        parent.emitterCells = [child]
        parent.setValue(200, forKeyPath: "emitterCells.spark.velocity")
        XCTAssertEqual(child.velocity, 200)
        XCTAssertEqual(parent.value(forKeyPath: "emitterCells.spark.velocity") as? CGFloat, 200)
        XCTAssertNil(parent.value(forKeyPath: "emitterCells.nobody.velocity"))
        parent.setValue(0.5, forKeyPath: "contentsRect.size.width")
        XCTAssertEqual(parent.contentsRect, CGRect(x: 0, y: 0, width: 0.5, height: 1))
    }

    func testItAdoptsMediaTiming() {
        var timing: CAMediaTiming = CAEmitterCell()
        timing.beginTime = 0.04
        timing.duration = 0.2
        XCTAssertEqual((timing as? CAEmitterCell)?.beginTime, 0.04)
        XCTAssertEqual((timing as? CAEmitterCell)?.duration, 0.2)
    }
}
