import CoreGraphics
import Foundation

extension UIScrollView {
    /// The pan recognizer's action: the content follows the fingers (rubber-banded past the edges);
    /// the release hands over to the deceleration.
    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            let r = offsetRange, size = bounds.size
            // Started past an edge (caught mid-bounce): continue from the drag that shows it there.
            dragStartOffset = CGPoint(x: ScrollPhysics.unbanded(contentOffset.x, in: r.x, dimension: size.width),
                                      y: ScrollPhysics.unbanded(contentOffset.y, in: r.y, dimension: size.height))
            isTracking = true
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
            followDrag(pan)
        case .changed:
            followDrag(pan)
        case .ended:
            followDrag(pan)
            endDrag(velocity: releaseVelocity(pan))
        case .cancelled, .failed:
            endDrag(velocity: .zero)
        default:
            break
        }
    }

    /// The offset for the pan's translation: straight from the drag inside the range, through the
    /// rubber band outside it (or clamped, without `bounces` or for a mouse wheel).
    private func followDrag(_ pan: UIPanGestureRecognizer) {
        let t = pan.translation(in: self)
        let along = scrollsAlong, r = offsetRange, size = bounds.size
        let wheel = pan.isScrolling && pan.scrollType == .discrete
        var p = contentOffset
        if along.x { p.x = offsetAlongAxis(dragStartOffset.x - t.x, range: r.x, dimension: size.width, clamp: wheel) }
        if along.y { p.y = offsetAlongAxis(dragStartOffset.y - t.y, range: r.y, dimension: size.height, clamp: wheel) }
        if isDirectionalLockEnabled, along.x, along.y {
            if abs(t.x) > abs(t.y) { p.y = contentOffset.y } else { p.x = contentOffset.x }
        }
        contentOffset = p
    }

    private func offsetAlongAxis(_ raw: CGFloat, range: ClosedRange<CGFloat>, dimension: CGFloat, clamp: Bool) -> CGFloat {
        if bounces && !clamp { return ScrollPhysics.rubberBanded(raw, in: range, dimension: dimension) }
        return min(max(raw, range.lowerBound), range.upperBound)
    }

    /// The content's velocity at release (points per second; the fingers' reversed). A mouse wheel
    /// does not fling: it stops where its last step left it.
    private func releaseVelocity(_ pan: UIPanGestureRecognizer) -> CGPoint {
        if pan.isScrolling && pan.scrollType == .discrete { return .zero }
        let v = pan.velocity(in: self), along = scrollsAlong
        return CGPoint(x: along.x ? -v.x : 0, y: along.y ? -v.y : 0)
    }

    /// The release: asks the delegate where to stop, then decelerates (or bounces back, or
    /// settles on a page) toward it.
    private func endDrag(velocity: CGPoint) {
        let r = offsetRange, rate = decelerationRate.rawValue
        var target: CGPoint
        if isPagingEnabled {
            target = CGPoint(x: ScrollPhysics.pageTarget(offset: contentOffset.x, velocity: velocity.x, pageSize: bounds.width, range: r.x),
                             y: ScrollPhysics.pageTarget(offset: contentOffset.y, velocity: velocity.y, pageSize: bounds.height, range: r.y))
        } else {
            target = clampedOffset(CGPoint(x: contentOffset.x + ScrollPhysics.decelerationDistance(velocity: velocity.x, rate: rate),
                                           y: contentOffset.y + ScrollPhysics.decelerationDistance(velocity: velocity.y, rate: rate)))
        }
        let proposed = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        isDragging = false
        isTracking = false
        let motion = plannedMotion(velocity: velocity, target: target, delegateChangedTarget: target != proposed)
        let willDecelerate = motion != nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        if let motion {
            startMotion(motion)
        } else {
            scrollIndicatorsDidSettle()
        }
    }
}
