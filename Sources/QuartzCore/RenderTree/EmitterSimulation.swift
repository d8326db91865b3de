import CoreGraphics
import Foundation

/// One live particle of an emitter at the time evaluated, in the emitter layer's bounds space.
package struct EmitterParticle {
    package var x: Double, y: Double, z: Double
    /// Straight colour, each component in 0...1.
    package var red: Double, green: Double, blue: Double, alpha: Double
    /// The factor the cell's contents are drawn at (≥ 0).
    package var scale: Double
    /// Radians, clockwise on screen (y down).
    package var angle: Double
    /// When it was born, in the emitter layer's local time.
    package var birthTime: Double
    /// Its cell: an index into `EmitterSimulation.cells`.
    package var cell: Int

    /// Whether every number is finite: huge (finite) values multiplied together, such as a cell's
    /// velocity by the layer's, overflow to infinity and NaN, and such a particle is nowhere.
    var isDrawable: Bool {
        x.isFinite && y.isFinite && z.isFinite && scale.isFinite && angle.isFinite
            && red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite
    }
}

/// An emitter's particles as a pure function of its values, its seed and its local time, so a frame
/// at a given time is the same on every run and nothing is carried from frame to frame but buffers.
///
/// Particle k of a cell is born k / rate seconds (of the cell's own time) after the cell begins;
/// its spreads (lifetime, place on the shape, direction in the emission cone, speed, colour, scale,
/// spin) are drawn from a counter-based hash of (seed, cell, k) (a child's from its parent particle's
/// key and its own index), and its state at age a is closed form: p₀ + v·a + ½·acc·a², colour
/// components + speed·a and scale + scaleSpeed·a clamped, angle = spin·a. Only the births that can
/// still be alive (born within the cell's reach: its longest lifetime plus its children's reach)
/// are visited. A particle's children are emitted from where it is at their birth, while it lives
/// and within their own begin time and duration (counted from its birth).
package final class EmitterSimulation {
    /// The cells, top-level ones first, each cell's children contiguous (`Plan.children`).
    @exclusivity(unchecked) package private(set) var cells: [EmitterCellValues] = []
    /// The live particles, in drawing order for the render mode.
    @exclusivity(unchecked) package private(set) var particles: [EmitterParticle] = []
    @exclusivity(unchecked) private var plans: [Plan] = []
    @exclusivity(unchecked) private var scanBudget = 0
    @exclusivity(unchecked) private var style: EmitterStyle?

    /// At most this many particles are kept per frame, and this many births visited.
    static let maxParticles = 200_000
    static let maxBirthsVisited = 2_000_000
    /// The highest birth rate honoured, per second.
    static let maxBirthRate = 100_000.0

    package init() {}

    /// Evaluates the emitter with `values` (its evaluated values) at its local time `t`;
    /// `localTime` maps a media time to the layer's local time (for the emission history's segments).
    package func evaluate(_ values: [String: Any], atLocalTime t: CFTimeInterval,
                          localTime: (CFTimeInterval) -> CFTimeInterval = { $0 }) {
        particles.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        plans.removeAll(keepingCapacity: true)
        guard t.isFinite else { return }
        scanBudget = Self.maxBirthsVisited
        let current = EmitterStyle(values)
        // Earlier values emit during their own segments; their particles keep those values.
        // (A paused layer maps -∞ to NaN: such a bound is -∞.)
        func local(_ x: CFTimeInterval) -> CFTimeInterval { let l = localTime(x); return l.isNaN ? -.infinity : l }
        var since = -Double.infinity
        if let history = KeyedValue.unwrap(values[EmitterHistory.key]) as? EmitterHistory {
            for segment in history.segments {
                emit(EmitterStyle(segment.values), from: local(segment.start), until: local(segment.end), at: t)
            }
            since = local(history.currentStart)
        }
        emit(current, from: since, until: .infinity, at: t)
        order(current.renderMode)
    }

    /// Emits `style`'s particles born in [from, until) that are alive at `t`.
    private func emit(_ style: EmitterStyle, from: Double, until: Double, at t: Double) {
        self.style = style
        let top = buildPlans(style)
        let seedKey = Self.mix(UInt64(style.seed) &+ 0x5EED)
        for c in top {
            let plan = plans[c]
            guard plan.emits else { continue }
            let (lo, hi) = plan.births(origin: plan.begin, from: max(plan.begin, from), until: min(plan.end, until),
                                       reach: plan.reach, at: t)
            guard lo <= hi else { continue }
            var k = lo
            while k <= hi, scanBudget > 0 {
                scanBudget -= 1
                let key = Self.mix(seedKey ^ plan.key ^ Self.mix(UInt64(bitPattern: Int64(k))))
                spawn(c, key: key, birth: plan.birthTime(k, windowStart: plan.begin), from: nil, at: t)
                k += 1
            }
        }
    }

    /// Whether particles may be alive or be born at or after local time `t` (nil: never again), and
    /// if none now, the local time the first one is born.
    package static func nextActivity(_ values: [String: Any], atLocalTime t: CFTimeInterval,
                                     localTime: (CFTimeInterval) -> CFTimeInterval = { $0 }) -> CFTimeInterval? {
        let simulation = EmitterSimulation()
        func local(_ x: CFTimeInterval) -> CFTimeInterval { let l = localTime(x); return l.isNaN ? -.infinity : l }
        var since = -Double.infinity
        if let history = KeyedValue.unwrap(values[EmitterHistory.key]) as? EmitterHistory {
            for segment in history.segments where t < local(segment.end) + reach(segment.values) { return t }
            since = local(history.currentStart)
        }
        var next: CFTimeInterval?
        for c in simulation.buildPlans(EmitterStyle(values)) {
            let plan = simulation.plans[c]
            guard plan.emits, plan.end > since else { continue }
            let begin = max(plan.begin, since)
            if t < begin { next = min(next ?? .infinity, begin); continue }
            if t < plan.end + plan.reach { return t }
        }
        return next
    }

    /// How long after its last birth an emitter with `values` may show particles.
    static func reach(_ values: [String: Any]) -> Double {
        let simulation = EmitterSimulation()
        return simulation.buildPlans(EmitterStyle(values)).map { simulation.plans[$0].emits ? simulation.plans[$0].reach : 0 }
            .max() ?? 0
    }

    /// The box the particles' pictures cover in the layer's space (their contents scaled, turned
    /// any way), nil when there are none.
    package func drawingBounds() -> CGRect? {
        guard !particles.isEmpty else { return nil }
        // Each cell's half-diagonal in points at scale 1.
        var reach: [Double] = []
        reach.reserveCapacity(cells.count)
        for cell in cells {
            guard let image = KeyedValue.unwrap(cell.contents) as? CGImage else { reach.append(0); continue }
            let r = cell.contentsRect, s = Double(cell.contentsScale)
            let w = Double(image.width) * Double(abs(r.width)), h = Double(image.height) * Double(abs(r.height))
            let half = (w * w + h * h).squareRoot() / 2 / (s > 0 && s.isFinite ? s : 1)
            reach.append(half.isFinite ? half : 0)
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in particles {
            let d = reach[p.cell] * p.scale
            guard d > 0, p.alpha > 0 else { continue }
            minX = min(minX, p.x - d); maxX = max(maxX, p.x + d)
            minY = min(minY, p.y - d); maxY = max(maxY, p.y + d)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Plans

    /// A cell's values resolved for simulation: the layer's multipliers applied, bad numbers made harmless.
    private struct Plan {
        var key: UInt64
        var children: Range<Int> = 0..<0
        var enabled: Bool
        var rate: Double
        /// Emission window (top level: the layer's time; a child: its parent's age), and the cell's time.
        var begin: Double, end: Double, speed: Double, timeOffset: Double
        var life: Double, lifeRange: Double, maxLife: Double
        /// How long after a birth the particle or any of its descendants may be alive.
        var reach: Double = 0
        var velocity: Double, velocityRange: Double
        var acceleration: (x: Double, y: Double, z: Double)
        var coneCos: Double
        /// The emission direction and two unit vectors perpendicular to it and to each other.
        var direction: (x: Double, y: Double, z: Double)
        var across: (x: Double, y: Double, z: Double)
        var across2: (x: Double, y: Double, z: Double)
        var color: (r: Double, g: Double, b: Double, a: Double)
        var colorRange: (r: Double, g: Double, b: Double, a: Double)
        var colorSpeed: (r: Double, g: Double, b: Double, a: Double)
        var scale: Double, scaleRange: Double, scaleSpeed: Double
        var spin: Double, spinRange: Double

        var emits: Bool { enabled && rate > 0 && speed > 0 && reach > 0 && end > begin }

        /// The birth time of particle `k` (window opened at `windowStart`).
        func birthTime(_ k: Int, windowStart: Double) -> Double {
            windowStart + (Double(k) / rate - timeOffset) / speed
        }

        /// The indices of the births in [windowStart, windowEnd) that may be alive at `t`, counted
        /// from `origin` (where the cell's time begins).
        func births(origin: Double, from windowStart: Double, until windowEnd: Double, reach: Double, at t: Double) -> (Int, Int) {
            let lo = max(windowStart, t - reach), hi = min(t, windowEnd)
            guard hi >= lo else { return (1, 0) }
            func local(_ x: Double) -> Double { ((x - origin) * speed + timeOffset) * rate }
            let first = max(local(origin), local(lo)).rounded(.up)
            var last = local(hi).rounded(.down)
            if hi == windowEnd, Double(last) == local(windowEnd) { last -= 1 }
            guard first.isFinite, last.isFinite, first <= last else { return (1, 0) }
            let limit = Double(Int32.max)
            return (Int(max(min(first, limit), -limit)), Int(max(min(last, limit), -limit)))
        }
    }

    /// Appends `style`'s cells and their plans; returns the top-level cells' indices.
    @discardableResult
    private func buildPlans(_ style: EmitterStyle) -> Range<Int> {
        let base = cells.count
        for (i, cell) in style.cells.enumerated() {
            cells.append(cell)
            plans.append(Self.plan(cell, key: Self.mix(UInt64(i) &+ 1), style))
        }
        let top = base..<cells.count
        // Children after all their parents, each cell's contiguous; depth is bounded by the cap.
        var i = base
        while i < cells.count, cells.count - base < 10_000 {
            let start = cells.count
            for (j, child) in (cells[i].children ?? []).enumerated() {
                cells.append(child)
                plans.append(Self.plan(child, key: Self.mix(plans[i].key &* 31 &+ UInt64(j) &+ 1), style))
            }
            plans[i].children = start..<cells.count
            i += 1
        }
        // Bottom-up (children come after their parents): how long a birth's line may live.
        for i in (base..<plans.count).reversed() {
            var longest = 0.0
            for c in plans[i].children where plans[c].emits { longest = max(longest, plans[c].reach) }
            plans[i].reach = plans[i].maxLife + longest
        }
        return top
    }

    private static func plan(_ c: EmitterCellValues, key: UInt64, _ style: EmitterStyle) -> Plan {
        func f(_ x: Double, _ fallback: Double = 0) -> Double { x.isFinite ? x : fallback }
        let life = max(0, f(Double(c.lifetime))) * max(0, style.lifetime)
        let lifeRange = abs(f(Double(c.lifetimeRange))) * max(0, style.lifetime)
        let speed = f(Double(c.speed), 1)
        let begin = f(c.beginTime)
        var active = c.duration > 0 && c.duration.isFinite ? c.duration : .infinity
        if c.repeatDuration > 0, c.repeatDuration.isFinite { active = c.repeatDuration }
        else if c.repeatCount > 1, active.isFinite { active *= Double(c.repeatCount) }
        if c.autoreverses, active.isFinite { active *= 2 }
        let rgba = (c.color ?? EmitterCellValues.opaqueWhite).rgba
        func comps(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> (r: Double, g: Double, b: Double, a: Double) {
            (f(Double(r)), f(Double(g)), f(Double(b)), f(Double(a)))
        }
        let halfCone = min(abs(f(Double(c.emissionRange)) / 2), .pi)
        let longitude = f(Double(c.emissionLongitude)), latitude = f(Double(c.emissionLatitude))
        let cl = cos(latitude)
        let d = (x: cl * cos(longitude), y: cl * sin(longitude), z: sin(latitude))
        // e1 in the xy-plane (d × z, or x when d is along z), e2 = d × e1.
        var e1 = (x: d.y, y: -d.x, z: 0.0)
        var n = (e1.x * e1.x + e1.y * e1.y).squareRoot()
        if n < 1e-9 { e1 = (1, 0, 0); n = 1 }
        e1 = (e1.x / n, e1.y / n, 0)
        let e2 = (x: d.y * e1.z - d.z * e1.y, y: d.z * e1.x - d.x * e1.z, z: d.x * e1.y - d.y * e1.x)
        return Plan(key: key, enabled: c.isEnabled,
                    rate: min(max(0, f(Double(c.birthRate)) * f(style.birthRate)), maxBirthRate),
                    begin: begin, end: speed > 0 ? begin + active / speed : begin, speed: speed,
                    timeOffset: f(c.timeOffset), life: life, lifeRange: lifeRange, maxLife: life + lifeRange,
                    velocity: f(Double(c.velocity)) * style.velocity, velocityRange: f(Double(c.velocityRange)) * style.velocity,
                    acceleration: (f(Double(c.xAcceleration)), f(Double(c.yAcceleration)), f(Double(c.zAcceleration))),
                    coneCos: cos(halfCone), direction: d, across: e1, across2: e2,
                    color: (f(rgba.r), f(rgba.g), f(rgba.b), f(rgba.a)),
                    colorRange: comps(c.redRange, c.greenRange, c.blueRange, c.alphaRange),
                    colorSpeed: comps(c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed),
                    scale: f(Double(c.scale), 1) * style.scale, scaleRange: f(Double(c.scaleRange)) * style.scale,
                    scaleSpeed: f(Double(c.scaleSpeed)) * style.scale,
                    spin: f(Double(c.spin)) * style.spin, spinRange: f(Double(c.spinRange)) * style.spin)
    }

    // MARK: Particles

    /// Where a particle is: its start, velocity and acceleration.
    private struct Motion {
        var origin: (x: Double, y: Double, z: Double)
        var velocity: (x: Double, y: Double, z: Double)
        var acceleration: (x: Double, y: Double, z: Double)

        func position(at a: Double) -> (x: Double, y: Double, z: Double) {
            let h = 0.5 * a * a
            return (origin.x + velocity.x * a + acceleration.x * h, origin.y + velocity.y * a + acceleration.y * h,
                    origin.z + velocity.z * a + acceleration.z * h)
        }
    }

    /// What a child particle takes from the particle that emits it, at its birth: where it is, the
    /// way it is going (the child's emission angles are relative to it), its colour and its scale
    /// (which multiply the child's).
    private struct Parent {
        var position: (x: Double, y: Double, z: Double)
        var heading: (x: Double, y: Double, z: Double)
        var color: (r: Double, g: Double, b: Double, a: Double)
        var scale: Double
    }

    /// Particle `key` of cell `c`, born at `birth` (from the emitter shape, or from `parent`): kept
    /// when alive at `t`; its children emitted.
    private func spawn(_ c: Int, key: UInt64, birth: Double, from parent: Parent?, at t: Double) {
        let plan = plans[c]
        var random = Draws(state: key)
        let life = max(0, plan.life + plan.lifeRange * random.signed())
        let u = (random.next(), random.next(), random.next())
        let origin = parent?.position ?? shapePoint(u)
        var direction = emissionDirection(plan, random.next(), random.next())
        if let parent { direction = Self.turn(direction, towards: parent.heading) }
        let speed = plan.velocity + plan.velocityRange * random.signed()
        let motion = Motion(origin: origin, velocity: (direction.x * speed, direction.y * speed, direction.z * speed),
                            acceleration: plan.acceleration)
        let inherited: (r: Double, g: Double, b: Double, a: Double) = parent?.color ?? (1, 1, 1, 1)
        let inheritedScale = parent?.scale ?? 1
        let r0 = clamp(plan.color.r + plan.colorRange.r * random.signed())
        let g0 = clamp(plan.color.g + plan.colorRange.g * random.signed())
        let b0 = clamp(plan.color.b + plan.colorRange.b * random.signed())
        let a0 = clamp(plan.color.a + plan.colorRange.a * random.signed())
        let scale0 = plan.scale + plan.scaleRange * random.signed()
        let spin = plan.spin + plan.spinRange * random.signed()
        func color(at age: Double) -> (r: Double, g: Double, b: Double, a: Double) {
            (clamp(r0 + plan.colorSpeed.r * age) * inherited.r, clamp(g0 + plan.colorSpeed.g * age) * inherited.g,
             clamp(b0 + plan.colorSpeed.b * age) * inherited.b, clamp(a0 + plan.colorSpeed.a * age) * inherited.a)
        }
        func scale(at age: Double) -> Double { max(0, scale0 + plan.scaleSpeed * age) * inheritedScale }
        let age = t - birth
        if age >= 0, age < life, particles.count < Self.maxParticles {
            let p = motion.position(at: age), rgba = color(at: age)
            let particle = EmitterParticle(x: p.x, y: p.y, z: p.z, red: rgba.r, green: rgba.g, blue: rgba.b, alpha: rgba.a,
                                           scale: scale(at: age), angle: spin * age, birthTime: birth, cell: c)
            if particle.isDrawable { particles.append(particle) }
        }
        for child in plan.children {
            let sub = plans[child]
            guard sub.emits else { continue }
            // The child's window in the emitter's time: from the parent's birth plus its begin
            // time, while the parent lives.
            let windowStart = birth + sub.begin
            let windowEnd = min(birth + life, windowStart + (sub.end - sub.begin))
            let (lo, hi) = sub.births(origin: windowStart, from: windowStart, until: windowEnd, reach: sub.reach, at: t)
            guard lo <= hi else { continue }
            var j = lo
            while j <= hi, scanBudget > 0 {
                scanBudget -= 1
                let childBirth = sub.birthTime(j, windowStart: windowStart)
                let childKey = Self.mix(key ^ sub.key &+ Self.mix(UInt64(bitPattern: Int64(j))))
                let a = childBirth - birth
                let v = motion.velocity, acc = motion.acceleration
                var heading = (x: v.x + acc.x * a, y: v.y + acc.y * a, z: v.z + acc.z * a)
                let n = (heading.x * heading.x + heading.y * heading.y + heading.z * heading.z).squareRoot()
                // A particle standing still heads the way it was emitted.
                heading = n > 1e-9 ? (heading.x / n, heading.y / n, heading.z / n) : direction
                let state = Parent(position: motion.position(at: a), heading: heading, color: color(at: a), scale: scale(at: a))
                spawn(child, key: childKey, birth: childBirth, from: state, at: t)
                j += 1
            }
        }
    }

    /// `d`, given relative to +x (longitude and latitude 0), turned so that +x becomes `heading`: first
    /// up out of the plane by the heading's latitude, then about z by its longitude.
    private static func turn(_ d: (x: Double, y: Double, z: Double), towards heading: (x: Double, y: Double, z: Double))
        -> (x: Double, y: Double, z: Double) {
        let latitude = asin(min(max(heading.z, -1), 1)), longitude = atan2(heading.y, heading.x)
        let (cp, sp) = (cos(latitude), sin(latitude)), (ct, st) = (cos(longitude), sin(longitude))
        let x1 = d.x * cp - d.z * sp, z1 = d.x * sp + d.z * cp
        return (x1 * ct - d.y * st, x1 * st + d.y * ct, z1)
    }

    private func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }

    /// A point of the emitter shape from three uniform numbers (see `CAEmitterLayerEmitterMode`).
    private func shapePoint(_ u: (Double, Double, Double)) -> (x: Double, y: Double, z: Double) {
        guard let style else { return (0, 0, 0) }
        let (cx, cy, cz) = style.position
        let w = style.size.width, h = style.size.height, d = style.size.depth
        let mode = style.mode
        switch style.shape {
        case .line:
            if mode == .points { return (cx + (u.0 < 0.5 ? -w / 2 : w / 2), cy, cz) }
            return (cx + (u.0 - 0.5) * w, cy, cz)
        case .rectangle:
            switch mode {
            case .points: return (cx + (u.0 < 0.5 ? -w / 2 : w / 2), cy + (u.1 < 0.5 ? -h / 2 : h / 2), cz)
            case .outline:
                let p = Self.perimeterPoint(u.0, w, h)
                return (cx + p.x, cy + p.y, cz)
            default: return (cx + (u.0 - 0.5) * w, cy + (u.1 - 0.5) * h, cz)
            }
        case .cuboid:
            switch mode {
            case .points:
                return (cx + (u.0 < 0.5 ? -w / 2 : w / 2), cy + (u.1 < 0.5 ? -h / 2 : h / 2), cz + (u.2 < 0.5 ? -d / 2 : d / 2))
            case .outline:
                // One of the 12 edges, chosen by length: 4 along each axis.
                let total = 4 * (w + h + d)
                guard total > 0 else { return (cx, cy, cz) }
                var s = u.0 * total
                let corner = (u.1 < 0.5 ? -0.5 : 0.5, u.2 < 0.5 ? -0.5 : 0.5)
                if s < 4 * w { s = s.truncatingRemainder(dividingBy: max(w, .leastNormalMagnitude))
                    return (cx - w / 2 + s, cy + corner.0 * h, cz + corner.1 * d) }
                s -= 4 * w
                if s < 4 * h { s = s.truncatingRemainder(dividingBy: max(h, .leastNormalMagnitude))
                    return (cx + corner.0 * w, cy - h / 2 + s, cz + corner.1 * d) }
                s -= 4 * h
                s = s.truncatingRemainder(dividingBy: max(d, .leastNormalMagnitude))
                return (cx + corner.0 * w, cy + corner.1 * h, cz - d / 2 + s)
            case .surface:
                // One of the 6 faces, chosen by area; the face's side from the sign of the draw.
                let areas = (w * h, w * d, h * d)
                let total = 2 * (areas.0 + areas.1 + areas.2)
                guard total > 0 else { return (cx, cy, cz) }
                let pick = u.0 * total / 2
                let side = pick.truncatingRemainder(dividingBy: 1) < 0.5 ? -0.5 : 0.5
                let (a, b) = (u.1 - 0.5, u.2 - 0.5)
                if pick < areas.0 { return (cx + a * w, cy + b * h, cz + side * d) }
                if pick < areas.0 + areas.1 { return (cx + a * w, cy + side * h, cz + b * d) }
                return (cx + side * w, cy + a * h, cz + b * d)
            default:
                return (cx + (u.0 - 0.5) * w, cy + (u.1 - 0.5) * h, cz + (u.2 - 0.5) * d)
            }
        case .circle:
            let angle = 2 * .pi * u.0
            switch mode {
            case .points: return (cx, cy, cz)
            case .outline: return (cx + w * cos(angle), cy + w * sin(angle), cz)
            default:
                let r = w * u.1.squareRoot()
                return (cx + r * cos(angle), cy + r * sin(angle), cz)
            }
        case .sphere:
            let angle = 2 * .pi * u.0
            switch mode {
            case .points: return (cx, cy, cz)
            case .outline: return (cx + w * cos(angle), cy + w * sin(angle), cz)
            default:
                let zUnit = 2 * u.1 - 1, ring = (1 - zUnit * zUnit).squareRoot()
                let r = mode == .surface ? w : w * cbrt(u.2)
                return (cx + r * ring * cos(angle), cy + r * ring * sin(angle), cz + r * zUnit)
            }
        default:
            return (cx, cy, cz)
        }
    }

    /// A point on a `w` × `h` rectangle's edges centred on the origin, `u` of the way round.
    private static func perimeterPoint(_ u: Double, _ w: Double, _ h: Double) -> (x: Double, y: Double) {
        let total = 2 * (w + h)
        guard total > 0 else { return (0, 0) }
        var s = u * total
        if s < w { return (-w / 2 + s, -h / 2) }
        s -= w
        if s < h { return (w / 2, -h / 2 + s) }
        s -= h
        if s < w { return (w / 2 - s, h / 2) }
        s -= w
        return (-w / 2, h / 2 - s)
    }

    /// A unit direction uniformly distributed over the cone of the cell's emission range about the
    /// direction of its longitude (in the xy-plane, from +x towards +y) and latitude (towards +z).
    private func emissionDirection(_ plan: Plan, _ u: Double, _ v: Double) -> (x: Double, y: Double, z: Double) {
        let d = plan.direction
        let cosA = 1 - u * (1 - plan.coneCos)
        guard cosA < 1 else { return d }
        let sinA = max(0, 1 - cosA * cosA).squareRoot(), beta = 2 * .pi * v
        let (cb, sb) = (cos(beta), sin(beta))
        let e1 = plan.across, e2 = plan.across2
        return (cosA * d.x + sinA * (cb * e1.x + sb * e2.x),
                cosA * d.y + sinA * (cb * e1.y + sb * e2.y),
                cosA * d.z + sinA * (cb * e1.z + sb * e2.z))
    }

    private func order(_ mode: CAEmitterLayerRenderMode) {
        switch mode {
        case .oldestFirst: particles.sort { $0.birthTime < $1.birthTime }
        case .oldestLast: particles.sort { $0.birthTime > $1.birthTime }
        case .backToFront: particles.sort { $0.z < $1.z }
        default: break
        }
    }

    // MARK: Random numbers

    /// SplitMix64's finaliser: a well-mixed 64-bit hash of `x`.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A particle's numbers, drawn in a fixed order from its key.
    private struct Draws {
        var state: UInt64
        /// Uniform in [0, 1).
        mutating func next() -> Double {
            state = EmitterSimulation.mix(state)
            return Double(state >> 11) * 0x1p-53
        }
        /// Uniform in [-1, 1).
        mutating func signed() -> Double { 2 * next() - 1 }
    }
}
