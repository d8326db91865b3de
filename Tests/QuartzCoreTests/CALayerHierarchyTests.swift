import QuartzCore
import XCTest

final class CALayerHierarchyTests: XCTestCase {
    private func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }

    private func layer(_ name: String) -> CALayer {
        let l = CALayer()
        l.name = name
        return l
    }

    func testSublayersIsNilUntilALayerIsAddedAndAfterTheLastIsRemoved() {
        let root = CALayer()
        XCTAssertNil(root.sublayers)
        let a = layer("a")
        root.addSublayer(a)
        XCTAssertEqual(names(root), ["a"])
        XCTAssertTrue(a.superlayer === root)
        a.removeFromSuperlayer()
        XCTAssertNil(root.sublayers)
        XCTAssertNil(a.superlayer)
    }

    func testInsertionsPlaceLayersWhereAsked() {
        let root = CALayer()
        let a = layer("a"), b = layer("b"), c = layer("c"), d = layer("d"), e = layer("e")
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 1)
        XCTAssertEqual(names(root), ["a", "c", "b"])
        root.insertSublayer(d, below: a)
        XCTAssertEqual(names(root), ["d", "a", "c", "b"])
        root.insertSublayer(e, above: c)
        XCTAssertEqual(names(root), ["d", "a", "c", "e", "b"])
        root.insertSublayer(layer("f"), at: 99)
        XCTAssertEqual(names(root).last, "f")
    }

    func testAddingALayerMovesItFromItsOldParent() {
        let p1 = CALayer(), p2 = CALayer()
        let a = layer("a")
        p1.addSublayer(a)
        p2.addSublayer(a)
        XCTAssertNil(p1.sublayers)
        XCTAssertTrue(a.superlayer === p2)
        p2.addSublayer(layer("b"))
        p2.addSublayer(a)   // re-adding moves it to the front
        XCTAssertEqual(names(p2), ["b", "a"])
    }

    func testReplaceSublayerKeepsTheIndex() {
        let root = CALayer()
        let a = layer("a"), b = layer("b"), c = layer("c")
        root.sublayers = [a, b]
        root.replaceSublayer(a, with: c)
        XCTAssertEqual(names(root), ["c", "b"])
        XCTAssertNil(a.superlayer)
        XCTAssertTrue(c.superlayer === root)
    }

    func testSettingSublayersReparentsEveryLayer() {
        let root = CALayer()
        let a = layer("a"), b = layer("b")
        root.sublayers = [a, b]
        XCTAssertTrue(b.superlayer === root)
        root.sublayers = nil
        XCTAssertNil(a.superlayer)
        XCTAssertNil(root.sublayers)
    }
}
