import CoreGraphics
import Foundation

/// Places a view's subviews from the active constraints when the view lays out (UIView's default
/// `layoutSubviews()`). It is not Auto Layout's Cassowary engine: it solves the simple, common
/// cases by propagation, one view's level at a time.
///
/// What it solves, when view V lays out:
/// - The unknowns are V's direct subviews whose `translatesAutoresizingMaskIntoConstraints` is
///   false and that some active constraint mentions, and the layout guides added to V. Each has two
///   unknowns per axis (its minimum edge and its size); edges, centres, sizes, margins
///   (`leadingMargin`…, the `layoutMarginsGuide`) and the safe area are those plus offsets.
/// - Everything else is known: V's bounds, its guides, views elsewhere in the same tree (their
///   current frames, converted into V's coordinates: ancestors are laid out before V). A constraint
///   to a view inside one of the unknowns (a container sized by its own subviews) is left out:
///   sizes do not flow up (UIStackView's own content size aside).
/// - Equalities (`first = multiplier × second + constant`) are propagated from what is known to
///   the unknown side, whichever side that is, in rounds until nothing changes (at most a bounded
///   number of rounds); an item's axis is solved by its two highest-priority facts (required first;
///   at equal priority the older constraint), and a lower-priority fact that disagrees gives way.
///   Width and height are related to each other (aspect ratios) through the same rounds.
/// - `intrinsicContentSize` is a fact of priority `contentHuggingPriority` used when nothing
///   stronger fixes the size, and two clamps: the size at least the intrinsic one at the
///   compression-resistance priority, at most it at the hugging priority.
/// - Inequalities are clamps applied after the equalities, strongest first: a violated one becomes
///   a fact at its priority, so it moves the edge it constrains unless a stronger fact holds it.
///   An inequality alone never positions an item (Apple's engine would pick some value).
/// - Leading and trailing are left and right; baselines are the top and bottom edges.
///
/// What it does not do: sizes derived from subviews' constraints, several unknowns in one equation
/// with none known (a chain solved only as a system), `systemLayoutSizeFitting`, right-to-left.
/// An item that stays underdetermined, or whose required constraints disagree, keeps its frame,
/// and the view reports it in one line on standard error (once, until the problem changes).
@MainActor
enum ConstraintSolver {
    /// The number of installed constraints: with none, layout skips the solver.
    static var activeCount = 0

    /// Where problems are written (tests replace it).
    static var report: (String) -> Void = { line in
        writeStandardError("UIKit constraints: \(line)\n")
    }

    /// Solves the constraints placing `view`'s subviews and applies the frames.
    static func layOut(_ view: UIView) {
        var problem = Problem()
        guard var system = System(view: view, problem: &problem) else {
            reportIfChanged(problem, for: view)
            return
        }
        system.solve(problem: &problem)
        system.apply()
        reportIfChanged(problem, for: view)
    }

    private static func reportIfChanged(_ problem: Problem, for view: UIView) {
        let line = problem.line(for: view)
        defer { view.lastConstraintProblem = line }
        guard let line, line != view.lastConstraintProblem else { return }
        report(line)
    }

    /// What went wrong in one layout.
    struct Problem {
        var unsatisfiable: [String] = []
        var ambiguous: [String] = []
        var unsettled = false

        func line(for view: UIView) -> String? {
            var parts: [String] = []
            if !unsatisfiable.isEmpty { parts.append("conflicting required constraints on \(unsatisfiable.joined(separator: ", "))") }
            if !ambiguous.isEmpty { parts.append("not enough constraints to place \(ambiguous.joined(separator: ", "))") }
            if unsettled { parts.append("the constraints did not settle") }
            guard !parts.isEmpty else { return nil }
            return "in \(type(of: view)): " + parts.joined(separator: "; ") + " (left where they were)"
        }
    }
}

extension UIView {
    /// The default layout's constraint step (skipped at once when no constraint is installed).
    func solveConstraintLayout() {
        guard ConstraintSolver.activeCount > 0 else { return }
        guard !addedLayoutGuides.isEmpty
            || subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints && !isPlacedByOwnLayout($0) })
        else { return }
        ConstraintSolver.layOut(self)
    }

    /// Places the view where a layout computed it: bounds size and centre (as UIKit's engine sets
    /// them, so a transform stays about the centre), each only when it changed.
    func setFrameFromLayout(_ frame: CGRect) {
        let size = CGSize(width: max(0, frame.width), height: max(0, frame.height))
        if bounds.size != size { bounds = CGRect(origin: bounds.origin, size: size) }
        let anchor = layer.anchorPoint
        let center = CGPoint(x: frame.minX + size.width * anchor.x, y: frame.minY + size.height * anchor.y)
        if self.center != center { self.center = center }
    }
}

// MARK: - The system of one view's layout

/// Which part of an item's rectangle along one axis.
private enum Part { case min, max, center, size }

private let epsilon: CGFloat = 0.001

/// One side of a constraint: a part of an unknown item plus an offset, or a known number.
private enum Side {
    case unknown(item: Int, axis: Int, part: Part, offset: CGFloat)
    case known(CGFloat)
}

/// A value one constraint (or an intrinsic size) gives for one part of an unknown item's axis.
private struct Fact: Equatable {
    var part: Part
    var value: CGFloat
    var priority: Float
    /// Breaks ties between equal priorities (older constraints first; intrinsic sizes last).
    var order: Int
    var isRequired: Bool { priority >= 1000 }
}

/// An unknown item's position along one axis: facts in, origin and size out.
private struct AxisState: Equatable {
    var facts: [Fact] = []
    var chosen: [Fact] = []
    var origin: CGFloat?
    var size: CGFloat?
    var conflict = false

    var isSolved: Bool { origin != nil && size != nil }

    /// A part's value: from the solution, or from the one fact chosen so far when it is that part.
    func value(_ part: Part) -> CGFloat? {
        if let origin, let size {
            switch part {
            case .min: return origin
            case .max: return origin + size
            case .center: return origin + size / 2
            case .size: return size
            }
        }
        return chosen.first { $0.part == part }?.value
    }

    /// Picks the two strongest independent facts and solves the axis from them.
    mutating func resolve() {
        let sorted = facts.sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.order < $1.order }
        chosen = []
        origin = nil
        size = nil
        conflict = false
        for fact in sorted {
            if chosen.isEmpty {
                chosen.append(fact)
            } else if chosen.count == 1 {
                if fact.part == chosen[0].part {
                    if abs(fact.value - chosen[0].value) > epsilon, fact.isRequired, chosen[0].isRequired { conflict = true }
                } else {
                    chosen.append(fact)
                    (origin, size) = AxisState.solve(chosen[0], chosen[1])
                }
            } else if let v = value(fact.part), abs(v - fact.value) > epsilon,
                      fact.isRequired, chosen.allSatisfy(\.isRequired) {
                conflict = true
            }
        }
    }

    private static func solve(_ a: Fact, _ b: Fact) -> (CGFloat, CGFloat) {
        var values: [Part: CGFloat] = [:]
        values[a.part] = a.value
        values[b.part] = b.value
        if let size = values[.size] {
            if let min = values[.min] { return (min, size) }
            if let max = values[.max] { return (max - size, size) }
            return (values[.center]! - size / 2, size)
        }
        if let min = values[.min] {
            if let max = values[.max] { return (min, max - min) }
            return (min, 2 * (values[.center]! - min))
        }
        let max = values[.max]!, center = values[.center]!
        let size = 2 * (max - center)
        return (max - size, size)
    }
}

/// An unknown item: a subview or a layout guide added to the laid-out view.
private struct Unknown {
    let view: UIView?
    let guide: UILayoutGuide?
    /// The content size per axis (nil: none) and its hugging and compression priorities.
    var intrinsic: [CGFloat?] = [nil, nil]
    var hugging: [Float] = [250, 250]
    var compression: [Float] = [750, 750]
    var axes = [AxisState(), AxisState()]

    var name: String {
        if let view { return view.accessibilityIdentifier.map { "\(type(of: view)) '\($0)'" } ?? "\(type(of: view))" }
        return "UILayoutGuide '\(guide?.identifier ?? "")'"
    }
}

@MainActor
private struct System {
    let view: UIView
    var unknowns: [Unknown] = []
    var index: [ObjectIdentifier: Int] = [:]
    /// Constraints that mention an unknown, strongest first.
    var equalities: [NSLayoutConstraint] = []
    var inequalities: [NSLayoutConstraint] = []
    var converged = true

    /// The unknowns and constraints of `view`'s layout; nil when nothing is to be solved.
    init?(view: UIView, problem: inout ConstraintSolver.Problem) {
        self.view = view
        let candidates = view.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints && !view.isPlacedByOwnLayout($0) }
        var candidateIDs = Set(candidates.map(ObjectIdentifier.init))
        for guide in view.addedLayoutGuides { candidateIDs.insert(ObjectIdentifier(guide)) }

        // Constraints live on the items' nearest common ancestor: the view, an ancestor, or the item.
        var pool: [NSLayoutConstraint] = []
        var v: UIView? = view
        while let current = v {
            pool += current.installedConstraints
            v = current.superview
        }
        for c in candidates { pool += c.installedConstraints }

        func candidate(_ item: AnyObject?) -> AnyObject? {
            if let item, candidateIDs.contains(ObjectIdentifier(item)) { return item }
            // A subview's own guides stand for the subview.
            if let guide = item as? UILayoutGuide, guide.kind != .user, let owner = guide.owningView,
               candidateIDs.contains(ObjectIdentifier(owner)) { return owner }
            return nil
        }

        var relevant: [NSLayoutConstraint] = []
        for c in pool where c.installedView != nil {
            let items = [candidate(c.firstItem), candidate(c.secondItem)].compactMap { $0 }
            guard !items.isEmpty else { continue }
            relevant.append(c)
            for item in items where index[ObjectIdentifier(item)] == nil {
                index[ObjectIdentifier(item)] = unknowns.count
                unknowns.append(System.makeUnknown(item))
            }
        }
        guard !unknowns.isEmpty else { return nil }
        let strongestFirst = relevant.sorted {
            $0.priority.rawValue != $1.priority.rawValue ? $0.priority.rawValue > $1.priority.rawValue : $0.serial < $1.serial
        }
        equalities = strongestFirst.filter { $0.relation == .equal }
        inequalities = strongestFirst.filter { $0.relation != .equal }
    }

    private static func makeUnknown(_ item: AnyObject) -> Unknown {
        guard let view = item as? UIView else { return Unknown(view: nil, guide: item as? UILayoutGuide) }
        var unknown = Unknown(view: view, guide: nil)
        let content = view.contentSizeForConstraintLayout
        unknown.intrinsic = [content.width, content.height].map { $0 == UIView.noIntrinsicMetric || $0 < 0 ? nil : $0 }
        unknown.hugging = [view.huggingPriorities.0.rawValue, view.huggingPriorities.1.rawValue]
        unknown.compression = [view.compressionPriorities.0.rawValue, view.compressionPriorities.1.rawValue]
        return unknown
    }

    // MARK: Sides

    /// The axis, part and margin offset of an attribute of a view (`margins`: the view's).
    private static func decompose(_ attribute: NSLayoutConstraint.Attribute,
                                  margins m: UIEdgeInsets) -> (axis: Int, part: Part, offset: CGFloat)? {
        switch attribute {
        case .left, .leading: return (0, .min, 0)
        case .right, .trailing: return (0, .max, 0)
        case .centerX: return (0, .center, 0)
        case .width: return (0, .size, 0)
        case .top, .firstBaseline: return (1, .min, 0)
        case .bottom, .lastBaseline: return (1, .max, 0)
        case .centerY: return (1, .center, 0)
        case .height: return (1, .size, 0)
        case .leftMargin, .leadingMargin: return (0, .min, m.left)
        case .rightMargin, .trailingMargin: return (0, .max, -m.right)
        case .centerXWithinMargins: return (0, .center, (m.left - m.right) / 2)
        case .topMargin: return (1, .min, m.top)
        case .bottomMargin: return (1, .max, -m.bottom)
        case .centerYWithinMargins: return (1, .center, (m.top - m.bottom) / 2)
        case .notAnAttribute: return nil
        }
    }

    /// The offset of a part of a rectangle inset by `insets` from the same part of the rectangle.
    private static func insetOffset(_ insets: UIEdgeInsets, axis: Int, part: Part) -> CGFloat {
        let (lo, hi) = axis == 0 ? (insets.left, insets.right) : (insets.top, insets.bottom)
        switch part {
        case .min: return lo
        case .max: return -hi
        case .center: return (lo - hi) / 2
        case .size: return -(lo + hi)
        }
    }

    private static func value(of rect: CGRect, axis: Int, part: Part) -> CGFloat {
        switch (axis, part) {
        case (0, .min): return rect.minX
        case (0, .max): return rect.maxX
        case (0, .center): return rect.midX
        case (0, _): return rect.width
        case (_, .min): return rect.minY
        case (_, .max): return rect.maxY
        case (_, .center): return rect.midY
        default: return rect.height
        }
    }

    /// One side of a constraint in this layout; nil when it cannot be used here.
    private func side(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> Side? {
        guard let item else { return nil }
        if let other = item as? UIView {
            guard let (axis, part, offset) = System.decompose(attribute, margins: other.layoutMargins) else { return nil }
            if let i = index[ObjectIdentifier(other)] { return .unknown(item: i, axis: axis, part: part, offset: offset) }
            guard let rect = knownRect(other, other.bounds) else { return nil }
            return .known(System.value(of: rect, axis: axis, part: part) + offset)
        }
        guard let guide = item as? UILayoutGuide, let owner = guide.owningView,
              let (axis, part, _) = System.decompose(attribute, margins: .zero) else { return nil }
        if let i = index[ObjectIdentifier(guide)] { return .unknown(item: i, axis: axis, part: part, offset: 0) }
        if let insets = guide.insetsFromOwner, let i = index[ObjectIdentifier(owner)] {
            return .unknown(item: i, axis: axis, part: part, offset: System.insetOffset(insets, axis: axis, part: part))
        }
        guard let rect = knownRect(owner, guide.layoutFrame) else { return nil }
        return .known(System.value(of: rect, axis: axis, part: part))
    }

    /// `rect` of `other`'s coordinates in the laid-out view's, when `other` is in the same tree and
    /// not inside an unknown (whose frame is about to change).
    private func knownRect(_ other: UIView, _ rect: CGRect) -> CGRect? {
        if other === view { return rect }
        var v = other.superview
        while let current = v, current !== view {
            if index[ObjectIdentifier(current)] != nil { return nil }
            v = current.superview
        }
        guard other.rootView === view.rootView else { return nil }
        return view.convert(rect, from: other)
    }

    /// A side's current value (an unknown's part as solved so far).
    private func evaluate(_ side: Side) -> CGFloat? {
        switch side {
        case .known(let v): return v
        case .unknown(let i, let axis, let part, let offset):
            return unknowns[i].axes[axis].value(part).map { $0 + offset }
        }
    }

    /// What a constraint says about one unknown, given what is known of the other side: the
    /// unknown's (item, axis, part), the bound on that part, and the relation as seen from it.
    private func target(of c: NSLayoutConstraint) -> (item: Int, axis: Int, part: Part, bound: CGFloat,
                                                      relation: NSLayoutConstraint.Relation)? {
        guard let first = side(c.firstItem, c.firstAttribute) else { return nil }
        let second: Side? = c.secondItem == nil ? nil : side(c.secondItem, c.secondAttribute)
        if c.secondItem != nil, second == nil { return nil }
        // first = m × second + c
        if case .unknown(let i, let axis, let part, let offset) = first {
            if let second {
                if let s = evaluate(second) {
                    return (i, axis, part, c.multiplier * s + c.constant - offset, c.relation)
                }
            } else {
                return (i, axis, part, c.constant - offset, c.relation)
            }
        }
        if let second, case .unknown(let i, let axis, let part, let offset) = second, c.multiplier != 0,
           let f = evaluate(first) {
            var relation = c.relation
            // second = (first − c) / m; dividing by a negative multiplier turns the inequality.
            if c.multiplier < 0, relation != .equal {
                relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
            }
            if relation != .equal { relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual }
            return (i, axis, part, (f - c.constant) / c.multiplier - offset, relation)
        }
        return nil
    }

    // MARK: Solving

    /// Rounds of propagation until nothing changes (bounded), then clamps, per round.
    mutating func solve(problem: inout ConstraintSolver.Problem) {
        let maximumRounds = min(64, 2 * unknowns.count + 2 * (equalities.count + inequalities.count) + 4)
        converged = false
        for _ in 0..<maximumRounds {
            let previous = unknowns.map(\.axes)
            propagateEqualities()
            applyClamps()
            if unknowns.map(\.axes) == previous {
                converged = true
                break
            }
        }
        if !converged { problem.unsettled = true }
        for u in unknowns {
            if u.axes.contains(where: \.conflict) {
                problem.unsatisfiable.append(u.name)
            } else if !u.axes.allSatisfy(\.isSolved) {
                problem.ambiguous.append(u.name)
            }
        }
    }

    /// Every fact the equalities give from the previous round's values, then each axis solved.
    private mutating func propagateEqualities() {
        var facts = Array(repeating: [[Fact](), [Fact]()], count: unknowns.count)
        for (order, c) in equalities.enumerated() {
            guard let t = target(of: c) else { continue }
            facts[t.item][t.axis].append(Fact(part: t.part, value: t.bound, priority: c.priority.rawValue, order: order))
        }
        for i in unknowns.indices {
            for axis in 0..<2 {
                if let size = unknowns[i].intrinsic[axis] {
                    facts[i][axis].append(Fact(part: .size, value: size, priority: unknowns[i].hugging[axis], order: Int.max))
                }
                unknowns[i].axes[axis].facts = facts[i][axis]
                unknowns[i].axes[axis].resolve()
            }
        }
    }

    /// Inequalities (and the intrinsic sizes' hugging and compression resistance), strongest
    /// first: each violated one becomes a fact at its priority; each applies at most once a round.
    private mutating func applyClamps() {
        typealias Clamp = (item: Int, axis: Int, part: Part, bound: CGFloat,
                           relation: NSLayoutConstraint.Relation, priority: Float, order: Int)
        var applied = Set<Int>()
        var changed = true
        var passes = 0
        while changed, passes <= inequalities.count + 2 * unknowns.count {
            changed = false
            passes += 1
            var clamps: [Clamp] = []
            for (order, c) in inequalities.enumerated() {
                guard !applied.contains(order), let t = target(of: c) else { continue }
                clamps.append((t.item, t.axis, t.part, t.bound, t.relation, c.priority.rawValue, equalities.count + order))
            }
            for i in unknowns.indices {
                for axis in 0..<2 {
                    guard let size = unknowns[i].intrinsic[axis] else { continue }
                    let base = equalities.count + inequalities.count + 4 * i + 2 * axis
                    if !applied.contains(base) {
                        clamps.append((i, axis, .size, size, .greaterThanOrEqual, unknowns[i].compression[axis], base))
                    }
                    if !applied.contains(base + 1) {
                        clamps.append((i, axis, .size, size, .lessThanOrEqual, unknowns[i].hugging[axis], base + 1))
                    }
                }
            }
            clamps.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.order < $1.order }
            for clamp in clamps {
                var state = unknowns[clamp.item].axes[clamp.axis]
                guard state.isSolved, let current = state.value(clamp.part) else { continue }
                let violated = clamp.relation == .lessThanOrEqual ? current > clamp.bound + epsilon
                                                                  : current < clamp.bound - epsilon
                guard violated else { continue }
                applied.insert(clamp.order)
                state.facts.append(Fact(part: clamp.part, value: clamp.bound, priority: clamp.priority, order: clamp.order))
                state.resolve()
                unknowns[clamp.item].axes[clamp.axis] = state
                changed = true
                break   // values moved: gather the clamps again from the new ones
            }
        }
    }

    // MARK: Applying

    /// Gives each fully solved, conflict-free unknown its frame (`setFrameFromLayout`); the rest
    /// keep theirs.
    func apply() {
        guard converged else { return }
        for u in unknowns {
            guard !u.axes.contains(where: \.conflict), let x = u.axes[0].origin, let w = u.axes[0].size,
                  let y = u.axes[1].origin, let h = u.axes[1].size else { continue }
            if let v = u.view {
                v.setFrameFromLayout(CGRect(x: x, y: y, width: w, height: h))
            } else if let guide = u.guide {
                guide.placedFrame = CGRect(x: x, y: y, width: max(0, w), height: max(0, h))
            }
        }
    }
}
