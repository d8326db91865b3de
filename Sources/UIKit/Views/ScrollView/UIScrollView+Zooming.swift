import CoreGraphics
import Foundation

extension UIScrollView {
    /// The delegate's view that zooms.
    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    /// Sets the scale: the zooming view's transform, its frame at the content's origin and the
    /// content size its scaled size (as UIKit does); the offset stays within range.
    func applyZoomScale(_ scale: CGFloat, clampingOffset: Bool = true) {
        let s = min(max(scale, minimumZoomScale), maximumZoomScale)
        currentZoomScale = s
        guard let view = zoomingView else { return }
        view.transform = CGAffineTransform(scaleX: s, y: s)
        let size = view.bounds.size
        let anchor = view.layer.anchorPoint
        view.center = CGPoint(x: size.width * s * anchor.x, y: size.height * s * anchor.y)
        contentSize = CGSize(width: size.width * s, height: size.height * s)
        if clampingOffset { contentOffset = clampedOffset(contentOffset) }
        delegate?.scrollViewDidZoom(self)
    }

    /// The pinch recognizer's action: scales about the point between the fingers, which stays under them.
    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        switch pinch.state {
        case .began:
            stopMotion()
            isZooming = true
            // The point under the fingers in the zooming view's own (unscaled) coordinates.
            let f = fingersInVisibleArea(pinch), s = currentZoomScale
            pinchStart = (s, CGPoint(x: (contentOffset.x + f.x - view.frame.minX) / s, y: (contentOffset.y + f.y - view.frame.minY) / s))
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followPinch(pinch, view: view)
        case .changed:
            followPinch(pinch, view: view)
        case .ended, .cancelled, .failed:
            if pinch.state == .ended { followPinch(pinch, view: view) }
            isZooming = false
            pinchStart = nil
            scrollIndicatorsDidSettle()
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: currentZoomScale)
        default:
            break
        }
    }

    private func followPinch(_ pinch: UIPinchGestureRecognizer, view: UIView) {
        guard let start = pinchStart else { return }
        let fromOrigin = fingersInVisibleArea(pinch)
        applyZoomScale(start.scale * pinch.scale, clampingOffset: false)
        let s = currentZoomScale
        let anchor = CGPoint(x: start.anchor.x * s - fromOrigin.x, y: start.anchor.y * s - fromOrigin.y)
        contentOffset = clampedOffset(anchor)
    }

    /// Where the fingers are from the visible area's top left corner. Measured in the superview,
    /// because the pinch's conversions into the scroll view may still see the bounds of the last
    /// committed frame while the offset changes under them.
    private func fingersInVisibleArea(_ pinch: UIPinchGestureRecognizer) -> CGPoint {
        guard let superview else {
            let p = pinch.location(in: self)
            return CGPoint(x: p.x - contentOffset.x, y: p.y - contentOffset.y)
        }
        let p = pinch.location(in: superview)
        return CGPoint(x: p.x - frame.minX, y: p.y - frame.minY)
    }
}
