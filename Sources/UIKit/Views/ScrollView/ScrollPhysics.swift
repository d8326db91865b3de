import CoreGraphics
import Foundation

/// The scroll view's motion math, free of views so that it can be tested on its own.
///
/// Velocities are in points per second; the deceleration rate is the factor the velocity keeps
/// each millisecond (`UIScrollView.DecelerationRate`).
enum ScrollPhysics {
    /// The rubber band's stiffness: how much of an overdrag shows (Apple's constant).
    static let rubberBandCoefficient: CGFloat = 0.55
    /// The angular frequency of the critically damped spring that brings an overshoot back to the
    /// edge (and a page into place): from 100 points it is within half a point after about 0.45 s.
    static let springFrequency: CGFloat = 16
    /// A motion stops once what is left of it is below this (points).
    static let restDistance: CGFloat = 0.5
    /// … and, for a spring, its speed below this (points per second).
    static let restSpeed: CGFloat = 10

    /// How far past an edge the content shows when dragged `overdrag` points past it, in a view
    /// `dimension` points long: it approaches `dimension` without reaching it.
    static func rubberBand(_ overdrag: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overdrag != 0 else { return 0 }
        let x = abs(overdrag)
        let y = (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
        return overdrag < 0 ? -y : y
    }

    /// The overdrag that shows as `overshoot` (the inverse of `rubberBand`), for a drag that
    /// starts while the content is past an edge.
    static func overdrag(forOvershoot overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overshoot != 0 else { return 0 }
        let y = min(abs(overshoot), dimension * 0.999)
        let x = y * dimension / ((dimension - y) * rubberBandCoefficient)
        return overshoot < 0 ? -x : x
    }

    /// `offset` (an unconstrained drag position) with what lies outside `range` rubber-banded.
    static func rubberBanded(_ offset: CGFloat, in range: ClosedRange<CGFloat>, dimension: CGFloat) -> CGFloat {
        if offset < range.lowerBound { return range.lowerBound + rubberBand(offset - range.lowerBound, dimension: dimension) }
        if offset > range.upperBound { return range.upperBound + rubberBand(offset - range.upperBound, dimension: dimension) }
        return offset
    }

    /// The inverse of `rubberBanded`: the drag position that shows as `offset`.
    static func unbanded(_ offset: CGFloat, in range: ClosedRange<CGFloat>, dimension: CGFloat) -> CGFloat {
        if offset < range.lowerBound { return range.lowerBound + overdrag(forOvershoot: offset - range.lowerBound, dimension: dimension) }
        if offset > range.upperBound { return range.upperBound + overdrag(forOvershoot: offset - range.upperBound, dimension: dimension) }
        return offset
    }

    /// The distance a deceleration starting at `velocity` covers before it stops. The velocity
    /// keeps `rate` each millisecond, so the steps form a geometric series:
    /// Σₙ₌₁ v·rateⁿ / 1000 = v / 1000 · rate / (1 − rate).
    static func decelerationDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity / 1000 * rate / (1 - rate)
    }

    /// The velocity that decelerates over exactly `distance` (the inverse of `decelerationDistance`).
    static func velocity(forDecelerationDistance distance: CGFloat, rate: CGFloat) -> CGFloat {
        guard rate > 0, rate < 1 else { return 0 }
        return distance * 1000 * (1 - rate) / rate
    }

    /// One stretch of `dt` seconds of deceleration: the distance covered and the velocity after it
    /// (exact for any split of the time into frames).
    static func decelerate(velocity: CGFloat, rate: CGFloat, dt: TimeInterval) -> (distance: CGFloat, velocity: CGFloat) {
        let kept = pow(rate, CGFloat(dt * 1000))
        let distance = decelerationDistance(velocity: velocity, rate: rate) * (1 - kept)
        return (distance, velocity * kept)
    }

    /// One stretch of `dt` seconds of a critically damped spring: `displacement` from its rest
    /// position and `velocity` after it (the closed form, so frame timing does not matter).
    static func spring(displacement x0: CGFloat, velocity v0: CGFloat, dt: TimeInterval,
                       frequency w: CGFloat = springFrequency) -> (displacement: CGFloat, velocity: CGFloat) {
        let t = CGFloat(dt)
        let decay = exp(-w * t)
        let b = v0 + w * x0
        return ((x0 + b * t) * decay, (v0 - w * b * t) * decay)
    }

    /// The page (a multiple of `pageSize`) a paging scroll released at `offset` with `velocity`
    /// settles on: the next page in the flick's direction, or else the nearest one.
    static func pageTarget(offset: CGFloat, velocity: CGFloat, pageSize: CGFloat, range: ClosedRange<CGFloat>) -> CGFloat {
        guard pageSize > 0 else { return min(max(offset, range.lowerBound), range.upperBound) }
        let position = offset / pageSize
        let page: CGFloat
        if velocity > flickSpeed { page = floor(position) + 1 }
        else if velocity < -flickSpeed { page = ceil(position) - 1 }
        else { page = position.rounded() }
        return min(max(page * pageSize, range.lowerBound), range.upperBound)
    }

    /// The release speed (points per second) above which a paging scroll goes on to the next page.
    static let flickSpeed: CGFloat = 300
}
