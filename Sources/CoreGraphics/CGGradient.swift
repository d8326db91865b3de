import CALinuxCairo
import Foundation

/// Where a gradient's colours extend past its ends (Apple's options for `drawLinearGradient` and
/// `drawRadialGradient`).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The first colour fills what lies before the start.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The last colour fills what lies after the end.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// A sequence of colours at locations in 0...1, drawn by `CGContext.drawLinearGradient` and
/// `drawRadialGradient`. Immutable. Colours are interpolated in straight RGBA, alpha as one more
/// component, then premultiplied (as Core Graphics and pixman do: a clear-to-white gradient passes
/// through gray).
public final class CGGradient: @unchecked Sendable {
    /// The stops, by ascending location: straight RGBA.
    let stops: [(location: CGFloat, color: CGColor)]

    /// A gradient of `colors` at `locations` (nil: evenly spaced from 0 to 1; otherwise one location a
    /// colour, each in 0...1). Nil for no colours or mismatched counts. The colour space is not used:
    /// every colour is drawn by its own RGBA.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty, locations == nil || locations?.count == colors.count else { return nil }
        let spots = locations ?? colors.indices.map { colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1) }
        guard spots.allSatisfy(\.isFinite) else { return nil }
        stops = zip(spots, colors).map { (min(max($0, 0), 1), $1) }.sorted { $0.0 < $1.0 }
    }

    /// A gradient of `count` colours given as components in `space` (its component count, then alpha).
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for k in 0..<count {
            guard let color = CGColor(colorSpace: space, components: components + k * n) else { return nil }
            colors.append(color)
        }
        self.init(colorsSpace: space, colors: colors, locations: locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) })
    }

    /// Adds the stops to a cairo gradient pattern.
    func addStops(to pattern: OpaquePointer) {
        for stop in stops {
            let c = stop.color.rgba
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), c.r, c.g, c.b, c.a)
        }
    }
}

extension CGContext {
    /// Fills the clip with `gradient` along the line from `start` to `end` (user space): constant
    /// across it, the first colour at `start`, the last at `end`; past the ends only as `options` ask.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite,
              let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        fill(with: gradient, pattern, options: options)
    }

    /// Fills the clip with `gradient` between the circle (`startCenter`, `startRadius`) and the circle
    /// (`endCenter`, `endRadius`) (user space); past them only as `options` ask.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0,
              let pattern = cairo_pattern_create_radial(Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                                        Double(endCenter.x), Double(endCenter.y), Double(endRadius))
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        fill(with: gradient, pattern, options: options)
    }

    /// Paints the clip with a cairo gradient `pattern` holding `gradient`'s stops. Cairo pads both
    /// ends or neither; a single side is drawn by clipping the padded gradient to its side of the end.
    private func fill(with gradient: CGGradient, _ pattern: OpaquePointer, options: CGGradientDrawingOptions) {
        gradient.addStops(to: pattern)
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        cairo_pattern_set_extend(pattern, options.isSuperset(of: both) ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        preservingPath {
            paint {
                let cr = cairoContext
                cairo_save(cr)
                cairo_set_source(cr, pattern)
                if !options.isEmpty, !options.isSuperset(of: both) {
                    // One side padded: pad, and cover only the inside plus that side.
                    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                    clipToPaddedSide(of: pattern, after: options.contains(.drawsAfterEndLocation))
                }
                cairo_paint_with_alpha(cr, Double(state.alpha))
                cairo_restore(cr)
            }
        }
    }

    /// Clips to the half-plane (linear) or disc complement (radial) that one-sided padding covers.
    private func clipToPaddedSide(of pattern: OpaquePointer, after: Bool) {
        let cr = cairoContext
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0, r0 = 0.0, r1 = 0.0
        if cairo_pattern_get_linear_points(pattern, &x0, &y0, &x1, &y1) == CAIRO_STATUS_SUCCESS {
            // The side of the line through the start (before) or end (after), perpendicular to the axis.
            let dx = x1 - x0, dy = y1 - y0
            let big = 1e6
            let (px, py, sign) = after ? (x0, y0, 1.0) : (x1, y1, -1.0)
            let nx = -dy, ny = dx
            let length = (nx * nx + ny * ny).squareRoot()
            guard length > 0 else { return }
            let ux = nx / length * big, uy = ny / length * big
            let ax = dx / (dx * dx + dy * dy).squareRoot() * big * sign, ay = dy / (dx * dx + dy * dy).squareRoot() * big * sign
            cairo_move_to(cr, px + ux, py + uy)
            cairo_line_to(cr, px - ux, py - uy)
            cairo_line_to(cr, px - ux + ax, py - uy + ay)
            cairo_line_to(cr, px + ux + ax, py + uy + ay)
            cairo_close_path(cr)
            cairo_clip(cr)
        } else if cairo_pattern_get_radial_circles(pattern, &x0, &y0, &r0, &x1, &y1, &r1) == CAIRO_STATUS_SUCCESS {
            // After the end: all but the inside of the start circle; before the start: inside the end circle.
            if after {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
                cairo_arc(cr, x0, y0, r0, 0, 2 * Double.pi)
                cairo_clip(cr)
            } else {
                cairo_arc(cr, x1, y1, r1, 0, 2 * Double.pi)
                cairo_clip(cr)
            }
        }
    }
}

extension CGContext {
    /// Fills the disc of `radius` around `center` (user space) with `gradient` swept once around it,
    /// from the direction `angle` (radians from +x towards +y) through increasing angles. A Linux
    /// addition for `CAGradientLayer`'s conic type: a cairo mesh of thin sectors, each interpolating
    /// between the gradient's colours at its two edges.
    package func drawConicGradient(_ gradient: CGGradient, center: CGPoint, angle: CGFloat, radius: CGFloat) {
        guard center.x.isFinite, center.y.isFinite, angle.isFinite, radius.isFinite, radius > 0,
              let mesh = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(mesh) }
        let sectors = 180
        func color(at f: Double) -> (r: Double, g: Double, b: Double, a: Double) { gradient.color(at: f) }
        for k in 0..<sectors {
            let f0 = Double(k) / Double(sectors), f1 = Double(k + 1) / Double(sectors)
            let a0 = Double(angle) + 2 * Double.pi * f0, a1 = Double(angle) + 2 * Double.pi * f1
            let r = Double(radius)
            let (cx, cy) = (Double(center.x), Double(center.y))
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, cx, cy)
            cairo_mesh_pattern_line_to(mesh, cx + r * cos(a0), cy + r * sin(a0))
            cairo_mesh_pattern_line_to(mesh, cx + r * cos(a1), cy + r * sin(a1))
            cairo_mesh_pattern_line_to(mesh, cx, cy)
            let c0 = color(at: f0), c1 = color(at: f1)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                // Straight colours, which cairo interpolates straight across the sector, as the stops.
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), c.r, c.g, c.b, c.a)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        preservingPath {
            paint {
                let cr = cairoContext
                cairo_save(cr)
                cairo_set_source(cr, mesh)
                cairo_paint_with_alpha(cr, Double(state.alpha))
                cairo_restore(cr)
            }
        }
    }
}

extension CGGradient {
    /// The stops as numbers: location, then straight red, green, blue and alpha, stop after stop (equal
    /// for gradients that paint the same).
    package var stopValues: [Double] {
        var values: [Double] = []
        values.reserveCapacity(stops.count * 5)
        for stop in stops {
            let c = stop.color.rgba
            values += [Double(stop.location), c.r, c.g, c.b, c.a]
        }
        return values
    }

    /// The colour at `f` (0...1, clamped), straight RGBA, interpolated between the stops around it.
    package func color(at f: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        func straight(_ c: CGColor) -> (r: Double, g: Double, b: Double, a: Double) {
            let s = c.rgba
            return (s.r, s.g, s.b, s.a)
        }
        let x = CGFloat(min(max(f, 0), 1))
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
        if x <= first.location { return straight(first.color) }
        if x >= last.location { return straight(last.color) }
        for (a, b) in zip(stops, stops.dropFirst()) where x <= b.location {
            let span = b.location - a.location
            let t = span > 0 ? Double((x - a.location) / span) : 1
            let p = straight(a.color), q = straight(b.color)
            return (p.r + (q.r - p.r) * t, p.g + (q.g - p.g) * t, p.b + (q.b - p.b) * t, p.a + (q.a - p.a) * t)
        }
        return straight(last.color)
    }
}
