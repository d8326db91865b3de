import CoreGraphics
import Foundation

/// Makes its items collide with each other and with boundaries: segments, the outlines of paths,
/// and (with `translatesReferenceBoundsIntoBoundary`) the edges of the reference view's bounds.
///
/// Items collide only with items of the same collision behavior, as in UIKit. Boundaries are
/// perfectly elastic and rough, so a contact's bounce and friction are the item's own
/// (`UIDynamicItemBehavior`'s elasticity and friction; Chipmunk multiplies the two sides').
@preconcurrency @MainActor
open class UICollisionBehavior: UIDynamicBehavior {
    /// What a collision behavior's items collide with.
    public struct Mode: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        /// Makes a mode from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// The behavior's boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (the default).
        public static let everything = Mode(rawValue: ~0)
    }

    /// One boundary added with an identifier.
    private struct Boundary {
        var key: AnyHashable
        var identifier: any NSCopying
        var path: UIBezierPath
        var segments: [(CGPoint, CGPoint)]
    }

    /// A boundary segment in the space.
    struct Segment {
        var id: DynamicsWorld.BoundaryID
        var a: CGPoint, b: CGPoint
        var radius: Double
    }

    /// The thickness of the reference-bounds walls, outside the bounds (so fast items do not pass them).
    static let wallThickness = 50.0

    /// The items that collide.
    open private(set) var items: [UIDynamicItem]
    /// What the items collide with (`.everything` by default).
    open var collisionMode: Mode = .everything { didSet { behaviorDidChange() } }
    /// Whether the reference view's bounds are a boundary (false by default).
    open var translatesReferenceBoundsIntoBoundary = false {
        didSet {
            if !translatesReferenceBoundsIntoBoundary { referenceInsets = .zero }
            boundaryVersion += 1
            behaviorDidChange()
        }
    }
    /// Told when items touch each other or boundaries.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?

    private var boundaries: [Boundary] = []
    /// The insets of the reference-bounds boundary.
    private(set) var referenceInsets: UIEdgeInsets = .zero
    /// Counts changes of the boundaries, for the animator to rebuild them.
    private(set) var boundaryVersion = 0

    /// A behavior whose `items` collide.
    public init(items: [UIDynamicItem]) {
        var unique: [UIDynamicItem] = []
        for item in items { unique.appendItem(item) }
        self.items = unique
        super.init()
    }

    /// A behavior with no items yet.
    public convenience override init() { self.init(items: []) }

    /// Adds an item (once).
    open func addItem(_ item: UIDynamicItem) {
        if items.appendItem(item) { behaviorDidChange() }
    }

    /// Removes an item (nothing if it is not there).
    open func removeItem(_ item: UIDynamicItem) {
        if items.removeItem(item) { behaviorDidChange() }
    }

    /// Makes the reference view's bounds, inset by `insets`, a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        let finite = [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite)
        translatesReferenceBoundsIntoBoundary = true
        referenceInsets = finite ? insets : .zero
        boundaryVersion += 1
        behaviorDidChange()
    }

    /// Adds (or replaces) the boundary `identifier`: the outline of `bezierPath`, in the reference
    /// view's coordinates (curves as 8 segments each).
    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        let copy = UIBezierPath(cgPath: bezierPath.cgPath)
        setBoundary(Boundary(key: Self.key(identifier), identifier: identifier, path: copy, segments: Self.segments(of: copy.cgPath)))
    }

    /// Adds (or replaces) the boundary `identifier`: the segment from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        setBoundary(Boundary(key: Self.key(identifier), identifier: identifier, path: path, segments: [(p1, p2)]))
    }

    /// The path of the boundary `identifier`, if there is one.
    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        let key = Self.key(identifier)
        return boundaries.first { $0.key == key }.map { UIBezierPath(cgPath: $0.path.cgPath) }
    }

    /// Removes the boundary `identifier` (nothing if there is none).
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        let key = Self.key(identifier)
        guard boundaries.contains(where: { $0.key == key }) else { return }
        boundaries.removeAll { $0.key == key }
        boundaryVersion += 1
        behaviorDidChange()
    }

    /// Removes every boundary added with an identifier (the reference-bounds one stays).
    open func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        boundaries = []
        boundaryVersion += 1
        behaviorDidChange()
    }

    /// The identifiers of the boundaries, in the order they were added (nil when there are none).
    open var boundaryIdentifiers: [any NSCopying]? {
        boundaries.isEmpty ? nil : boundaries.map(\.identifier)
    }

    private func setBoundary(_ boundary: Boundary) {
        if let i = boundaries.firstIndex(where: { $0.key == boundary.key }) {
            boundaries[i] = boundary
        } else {
            boundaries.append(boundary)
        }
        boundaryVersion += 1
        behaviorDidChange()
    }

    /// How identifiers compare: by value when hashable (strings, numbers, most objects), else by identity.
    static func key(_ identifier: any NSCopying) -> AnyHashable {
        if let hashable = identifier as? AnyHashable { return hashable }
        return AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    /// The segments of a path's outline, curves as 8 segments each, closed subpaths closed.
    static func segments(of path: CGPath) -> [(CGPoint, CGPoint)] {
        var result: [(CGPoint, CGPoint)] = []
        var start = CGPoint.zero, current = CGPoint.zero
        for element in BezierElement.elements(of: path) {
            switch element.kind {
            case 0:
                start = element.points[0]
                current = start
            case 1:
                result.append((current, element.points[0]))
                current = element.points[0]
            case 2, 3:
                let points = DynamicsWorld.points(of: {
                    let p = CGMutablePath()
                    p.move(to: current)
                    if element.kind == 2 {
                        p.addQuadCurve(to: element.points[1], control: element.points[0])
                    } else {
                        p.addCurve(to: element.points[2], control1: element.points[0], control2: element.points[1])
                    }
                    return p
                }())
                for p in points.dropFirst() {
                    result.append((current, p))
                    current = p
                }
            default:
                if current != start { result.append((current, start)) }
                current = start
            }
        }
        return result.filter { $0.0 != $0.1 }
    }

    /// The behavior's boundary segments, the reference bounds being `bounds`.
    func boundarySegments(in bounds: CGRect) -> [Segment] {
        var result: [Segment] = []
        if translatesReferenceBoundsIntoBoundary {
            let r = bounds.inset(by: referenceInsets)
            let t = CGFloat(Self.wallThickness)
            if r.width >= 0, r.height >= 0, r.minX.isFinite, r.minY.isFinite {
                // Thick segments whose inner sides lie on the edges.
                let (x0, x1, y0, y1) = (r.minX - t, r.maxX + t, r.minY - t, r.maxY + t)
                let walls = [(CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0)), (CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1)),
                             (CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)), (CGPoint(x: x0, y: y1), CGPoint(x: x0, y: y0))]
                result += walls.map { Segment(id: .referenceBounds, a: $0.0, b: $0.1, radius: Self.wallThickness) }
            }
        }
        for boundary in boundaries {
            result += boundary.segments.map { Segment(id: .identified(boundary.identifier), a: $0.0, b: $0.1, radius: 0) }
        }
        return result
    }

    override var dynamicItems: [UIDynamicItem] { items }

    /// Tells the delegate about the step's contacts that concern this behavior.
    func report(began: [DynamicsWorld.ContactEvent], ended: [DynamicsWorld.ContactEvent]) {
        guard let delegate = collisionDelegate else { return }
        for (events, isBegin) in [(began, true), (ended, false)] {
            for event in events {
                switch event {
                case let .items(a, b, point):
                    guard collisionMode.contains(.items), items.containsItem(a), items.containsItem(b) else { continue }
                    if isBegin {
                        delegate.collisionBehavior(self, beganContactFor: a, with: b, at: point ?? .zero)
                    } else {
                        delegate.collisionBehavior(self, endedContactFor: a, with: b)
                    }
                case let .boundary(item, behavior, id, point):
                    guard behavior === self else { continue }
                    let identifier: (any NSCopying)?
                    if case .identified(let i) = id { identifier = i } else { identifier = nil }
                    if isBegin {
                        delegate.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: identifier, at: point ?? .zero)
                    } else {
                        delegate.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: identifier)
                    }
                }
            }
        }
    }
}
