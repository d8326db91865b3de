import CoreGraphics
import Foundation
import QuartzCore

/// The motion of one axis after a release.
struct AxisMotion {
    enum Phase: Equatable {
        /// Slowing down by the deceleration rate.
        case decelerating
        /// Pulled by a critically damped spring toward `target` (an edge after an overshoot, a page).
        case settling(target: CGFloat)
        case still
    }
    var phase: Phase
    var velocity: CGFloat
}

extension UIScrollView {
    /// The motion that takes a release at `velocity` to `target`, or nil when the content is
    /// already where it ends (within half a point, inside the range).
    func plannedMotion(velocity: CGPoint, target: CGPoint, delegateChangedTarget: Bool) -> (x: AxisMotion, y: AxisMotion)? {
        let r = offsetRange, rate = decelerationRate.rawValue
        func axis(_ offset: CGFloat, _ v: CGFloat, _ target: CGFloat, _ range: ClosedRange<CGFloat>) -> AxisMotion {
            if !range.contains(offset) {
                // Released past an edge: back to it (or to the page there).
                return AxisMotion(phase: .settling(target: isPagingEnabled ? target : min(max(offset, range.lowerBound), range.upperBound)),
                                  velocity: v)
            }
            if isPagingEnabled {
                return abs(target - offset) < ScrollPhysics.restDistance ? AxisMotion(phase: .still, velocity: 0)
                    : AxisMotion(phase: .settling(target: target), velocity: v)
            }
            // A target the delegate chose is reached by the deceleration that ends exactly there.
            let speed = delegateChangedTarget ? ScrollPhysics.velocity(forDecelerationDistance: target - offset, rate: rate) : v
            if abs(ScrollPhysics.decelerationDistance(velocity: speed, rate: rate)) < ScrollPhysics.restDistance {
                return AxisMotion(phase: .still, velocity: 0)
            }
            return AxisMotion(phase: .decelerating, velocity: speed)
        }
        let x = axis(contentOffset.x, velocity.x, target.x, r.x)
        let y = axis(contentOffset.y, velocity.y, target.y, r.y)
        return x.phase == .still && y.phase == .still ? nil : (x, y)
    }

    /// Starts stepping `motion` from the next frame.
    func startMotion(_ motion: (x: AxisMotion, y: AxisMotion)) {
        self.motion = motion
        isDecelerating = true
        lastFrameTime = CACurrentMediaTime()
        delegate?.scrollViewWillBeginDecelerating(self)
        if displayLink == nil {
            let link = CADisplayLink { [weak self] link in
                MainActor.assumeIsolated { self?.stepMotion(to: CACurrentMediaTime()) }
            }
            link.add(to: .main, forMode: .common)
            displayLink = link
        }
    }

    /// Ends the motion where the content is; `notify` tells the delegate the deceleration ended.
    func endMotion(notify: Bool) {
        motion = nil
        displayLink?.invalidate()
        displayLink = nil
        guard isDecelerating else { return }
        isDecelerating = false
        scrollIndicatorsDidSettle()
        if notify { delegate?.scrollViewDidEndDecelerating(self) }
    }

    /// One frame of the motion at media time `time`.
    func stepMotion(to time: CFTimeInterval) {
        guard var m = motion else { return }
        let dt = time - lastFrameTime
        guard dt > 0 else { return }
        lastFrameTime = time
        let r = offsetRange
        var p = contentOffset
        step(&m.x, offset: &p.x, range: r.x, dt: dt)
        step(&m.y, offset: &p.y, range: r.y, dt: dt)
        motion = m
        contentOffset = p
        if m.x.phase == .still && m.y.phase == .still { endMotion(notify: true) }
    }

    private func step(_ m: inout AxisMotion, offset: inout CGFloat, range: ClosedRange<CGFloat>, dt: TimeInterval) {
        let rate = decelerationRate.rawValue
        switch m.phase {
        case .still:
            return
        case .decelerating:
            let (distance, v) = ScrollPhysics.decelerate(velocity: m.velocity, rate: rate, dt: dt)
            offset += distance
            m.velocity = v
            if !range.contains(offset) {
                let edge = min(max(offset, range.lowerBound), range.upperBound)
                if bounces {
                    // Past the edge: the spring takes over with the speed left.
                    m.phase = .settling(target: edge)
                } else {
                    offset = edge
                    m = AxisMotion(phase: .still, velocity: 0)
                }
            } else if abs(ScrollPhysics.decelerationDistance(velocity: v, rate: rate)) < ScrollPhysics.restDistance {
                // What is left is under half a point: finish exactly where the whole deceleration ends.
                offset += ScrollPhysics.decelerationDistance(velocity: v, rate: rate)
                m = AxisMotion(phase: .still, velocity: 0)
            }
        case .settling(let target):
            let (x, v) = ScrollPhysics.spring(displacement: offset - target, velocity: m.velocity, dt: dt)
            if abs(x) < ScrollPhysics.restDistance && abs(v) < ScrollPhysics.restSpeed {
                offset = target
                m = AxisMotion(phase: .still, velocity: 0)
            } else {
                offset = target + x
                m.velocity = v
            }
        }
    }
}
