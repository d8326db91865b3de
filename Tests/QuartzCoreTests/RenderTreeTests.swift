import QuartzCore
import XCTest

/// A layer class as an app defines it: a custom animatable property stored by key, drawn by
/// `draw(in:)`, redrawn when it changes.
final class ProgressBarLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// Red from the left edge over `progress` of the width.
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// The render tree made at each commit, its evaluation, and presentation layers built from it.
final class RenderTreeTests: XCTestCase {
    private let t0: CFTimeInterval = 500

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A root with three children of two children each (ten layers), committed once.
    private func makeTree() -> (root: CALayer, children: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        var children: [CALayer] = []
        for i in 0..<3 {
            let child = CALayer()
            child.frame = CGRect(x: CGFloat(i) * 30, y: 0, width: 30, height: 30)
            for _ in 0..<2 { child.addSublayer(CALayer()) }
            root.addSublayer(child)
            children.append(child)
        }
        CATransaction.flush()
        return (root, children)
    }

    func testALayerSetUpAloneThenAddedIsCommittedOnlyAsPartOfItsNewTree() {
        CATransaction.flush()
        let root = CALayer()
        root.markTreeAsRendered()
        CATransaction.flush()
        CATransaction.begin()
        // Set up alone (its own root when its changes were recorded), then added.
        let squares = (0..<3).map { _ -> CALayer in
            let square = CALayer()
            square.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            square.add(fade, forKey: "fade")
            return square
        }
        for square in squares { root.addSublayer(square) }
        CATransaction.commit()
        XCTAssertEqual(root.renderTree?.nodes.count, 4, "the squares are committed in their new tree")
        for square in squares {
            XCTAssertNil(square.renderTree, "no tree of its own is made or kept for a layer that joined another")
            XCTAssertNotNil(square.presentation(), "its presentation comes from the new tree")
        }
    }

    func testFirstCommitBuildsEveryNodeInPreorder() throws {
        let (root, children) = makeTree()
        let tree = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(tree.nodes.count, 10)
        XCTAssertEqual(tree.nodesBuiltFromLayers, 10)
        XCTAssertEqual(tree.nodes[0].subtreeSize, 10)
        XCTAssertEqual(Array(tree.children(of: 0)), [1, 4, 7])
        XCTAssertEqual(tree.index(of: children[1]), 4)
        XCTAssertEqual(tree.parents[5], 4)
        XCTAssertEqual(tree.nodes[7].properties.position, children[2].position)
    }

    func testACommitRebuildsOnlyTheLayersThatChanged() throws {
        let (root, children) = makeTree()
        let first = try XCTUnwrap(root.renderTree)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        children[1].sublayers![0].opacity = 0.5
        CATransaction.commit()
        let second = try XCTUnwrap(root.renderTree)
        XCTAssertFalse(first === second)
        XCTAssertEqual(second.nodesBuiltFromLayers, 1, "only the changed layer is read again")
        XCTAssertEqual(second.nodes[5].properties.opacity, 0.5)
        XCTAssertEqual(first.nodes[5].properties.opacity, 1, "a tree never changes once made")

        // A new sublayer: its parent's node (its sublayer list changed) and the new layer are made.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        children[2].addSublayer(CALayer())
        CATransaction.commit()
        let third = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(third.nodesBuiltFromLayers, 2)
        XCTAssertEqual(third.nodes.count, 11)
        XCTAssertEqual(Array(third.children(of: 7)), [8, 9, 10])

        // A removed subtree: the parent's node is made again, the rest carried over.
        CATransaction.begin()
        children[0].removeFromSuperlayer()
        CATransaction.commit()
        let fourth = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(fourth.nodesBuiltFromLayers, 1)
        XCTAssertEqual(fourth.nodes.count, 8)
        XCTAssertEqual(fourth.index(of: children[1]), 1)
    }

    func testUncommittedChangesStayOutOfTheTree() throws {
        let (root, children) = makeTree()
        children[0].opacity = 0.25
        XCTAssertEqual(try XCTUnwrap(root.renderTree).nodes[1].properties.opacity, 1)
        CATransaction.flush()
        XCTAssertEqual(try XCTUnwrap(root.renderTree).nodes[1].properties.opacity, 0.25)
    }

    func testEvaluationAgreesWithPresentationAndTouchesOnlyAnimatedNodes() throws {
        let (root, children) = makeTree()
        let anim = CABasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 10
        children[2].add(anim, forKey: "slide")
        CATransaction.flush()
        let tree = try XCTUnwrap(root.renderTree)
        XCTAssertEqual(tree.animatedNodes, [7])
        let frame = RenderFrame(tree: tree)
        for step in 1...4 {
            let t = t0 + Double(step)
            frame.evaluate(tree, atMediaTime: t)
            XCTAssertEqual(frame.values[7].position.x, CGFloat(step) * 10, accuracy: 1e-9)
            CAMediaClock.freeze(at: t)
            XCTAssertEqual(try XCTUnwrap(children[2].presentation()).position.x, frame.values[7].position.x)
        }
        XCTAssertEqual(frame.animatedNodeEvaluations, 4, "one animated node per frame; still nodes are not evaluated")
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 4), t0 + 4)
        XCTAssertEqual(tree.nextChangeTime(after: t0 + 11), .infinity)
    }

    func testPresentationLayersAreTreesOfTheModelsClasses() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let bar = ProgressBarLayer()
        bar.frame = root.bounds
        bar.progress = 0.25
        root.addSublayer(bar)
        let text = CATextLayer()
        text.string = "hi"
        root.addSublayer(text)
        XCTAssertNil(bar.presentation(), "no presentation before the first commit")
        CATransaction.flush()
        let presented = try XCTUnwrap(bar.presentation())
        XCTAssertTrue(type(of: presented) == ProgressBarLayer.self)
        XCTAssertEqual(presented.progress, 0.25)
        XCTAssertTrue(presented.model() === bar)
        XCTAssertTrue(presented.superlayer === root.presentation())
        let presentedText = try XCTUnwrap(text.presentation())
        XCTAssertEqual(presentedText.string as? String, "hi")
        XCTAssertTrue(presentedText.superlayer === presented.superlayer)
    }

    /// An app's layer subclass animates its custom property: the presentation holds the animated
    /// value and the rendered picture is redrawn from it.
    func testCustomAnimatablePropertyOfAnAppSubclassAnimatesAndRenders() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let bar = ProgressBarLayer()
        bar.frame = root.bounds
        root.addSublayer(bar)
        let ctx = makeBitmapContext(width: 100, height: 20)
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        CATransaction.flush()
        let anim = CABasicAnimation(keyPath: "progress")
        anim.fromValue = 0.0
        anim.toValue = 1.0
        anim.duration = 10
        bar.add(anim, forKey: "fill")
        CATransaction.flush()

        CAMediaClock.freeze(at: t0 + 5)
        XCTAssertEqual(try XCTUnwrap(bar.presentation()).progress, 0.5, accuracy: 1e-9)
        XCTAssertEqual(bar.progress, 0, "the model keeps its value")
        renderer.beginFrame(atTime: t0 + 5)
        renderer.render()
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(rgba(image, 25, 10), [255, 0, 0, 255])
        XCTAssertEqual(rgba(image, 75, 10), [0, 0, 0, 0])
    }
}
