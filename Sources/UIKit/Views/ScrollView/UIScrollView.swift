import CoreGraphics
import Foundation
import QuartzCore

/// A view whose bounds origin (`contentOffset`) moves over a larger content area (`contentSize`),
/// dragged by its `panGestureRecognizer` (touches, the pointer, a mouse wheel or a touchpad), with
/// iOS's rubber band at the edges, deceleration after a flick, paging and pinch zooming.
///
/// The motion after a release (deceleration, bouncing back, settling on a page) is stepped by a
/// `CADisplayLink` on the frame clock, as UIKit does: on a frozen `CAMediaClock` it is exact and
/// repeatable. `setContentOffset(_:animated:)` and `setZoomScale(_:animated:)` are view animations
/// of the bounds (0.3 s, ease-out).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// A deceleration rate: the factor the velocity keeps each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The scroll view's content: the origin of the bounds.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            var b = bounds
            b.origin = newValue
            bounds = b
            didChangeContentOffset()
        }
    }

    /// The size of the content area.
    open var contentSize: CGSize = .zero {
        didSet { if contentSize != oldValue { updateIndicators() } }
    }

    /// Extra scrollable space around the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            guard contentInset != oldValue else { return }
            adjustedContentInsetDidChange()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
    }

    /// The insets scrolling uses: `contentInset` (there are no safe areas or bars to add here, so
    /// `contentInsetAdjustmentBehavior` changes nothing).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// Called when `adjustedContentInset` changes (override point).
    open func adjustedContentInsetDidChange() {}

    /// How safe-area insets would add to `contentInset` (kept for source compatibility).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// How dragging dismisses the keyboard (kept for source compatibility: there is no on-screen keyboard).
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory }
    open var keyboardDismissMode: KeyboardDismissMode = .none

    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets (reads the vertical one's).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    open var automaticallyAdjustsScrollIndicatorInsets = true

    open weak var delegate: (any UIScrollViewDelegate)?

    /// Whether dragging scrolls (the pan recognizer is disabled otherwise).
    open var isScrollEnabled: Bool {
        get { pan.isEnabled }
        set { pan.isEnabled = newValue }
    }

    /// Whether dragging past an edge rubber-bands and a flick past it bounces back.
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Whether scrolling stops on multiples of the bounds size.
    open var isPagingEnabled = false
    /// Whether a drag that starts mostly along one axis stays on it.
    open var isDirectionalLockEnabled = false
    open var decelerationRate: DecelerationRate = .normal
    open var showsVerticalScrollIndicator = true { didSet { updateIndicators() } }
    open var showsHorizontalScrollIndicator = true { didSet { updateIndicators() } }
    open var indicatorStyle: IndicatorStyle = .default
    /// Whether touches in subviews wait (Apple delays them 0.15 s; here they are never delayed).
    open var delaysContentTouches = true
    open var canCancelContentTouches = true
    open var scrollsToTop = true

    /// The indicators' colour scheme.
    public enum IndicatorStyle: Int, Sendable { case `default`, black, white }

    /// A finger (or the pointer) is down on the scroll view.
    open internal(set) var isTracking = false
    /// The content is being dragged.
    open internal(set) var isDragging = false
    /// The content is moving after a release (decelerating, bouncing back or settling on a page).
    open internal(set) var isDecelerating = false

    // MARK: Zooming

    open var minimumZoomScale: CGFloat = 1 { didSet { updatePinchRecognizer() } }
    open var maximumZoomScale: CGFloat = 1 { didSet { updatePinchRecognizer() } }
    /// The scale of `viewForZooming(in:)`'s transform.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { applyZoomScale(newValue) }
    }
    open var bouncesZoom = true
    open internal(set) var isZooming = false
    open internal(set) var isZoomBouncing = false

    var currentZoomScale: CGFloat = 1
    /// What a pinch started from: the scale and the point under the fingers in the zoomed view.
    var pinchStart: (scale: CGFloat, anchor: CGPoint)?

    // MARK: Gestures

    private let pan = UIPanGestureRecognizer()
    private var pinch: UIPinchGestureRecognizer?

    /// The recognizer that drags the content (mouse wheel and touchpad scrolling included).
    open var panGestureRecognizer: UIPanGestureRecognizer { pan }
    /// The recognizer that zooms; nil unless the zoom scales allow zooming.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinch }

    // MARK: Motion state

    /// The offset where the current drag started (unconstrained: past an edge, before the rubber band).
    var dragStartOffset: CGPoint = .zero
    /// The motion after a release, one per axis; nil when still.
    var motion: (x: AxisMotion, y: AxisMotion)?
    var displayLink: CADisplayLink?
    var lastFrameTime: CFTimeInterval = 0
    /// `setContentOffset(_:animated:)` is animating (the number of the running animation).
    var scrollAnimationID = 0
    var isAnimatingScroll = false

    let verticalIndicator = CALayer()
    let horizontalIndicator = CALayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpScrollView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpScrollView()
    }

    private func setUpScrollView() {
        clipsToBounds = true
        pan.allowedScrollTypesMask = .all
        pan.maximumNumberOfTouches = 2
        pan.addHandler { [weak self] r in self?.handlePan(r as! UIPanGestureRecognizer) }
        addGestureRecognizer(pan)
        setUpIndicators()
    }

    private func updatePinchRecognizer() {
        if maximumZoomScale > minimumZoomScale, pinch == nil {
            let p = UIPinchGestureRecognizer()
            p.addHandler { [weak self] r in self?.handlePinch(r as! UIPinchGestureRecognizer) }
            addGestureRecognizer(p)
            pinch = p
        } else if maximumZoomScale <= minimumZoomScale, let p = pinch {
            removeGestureRecognizer(p)
            pinch = nil
        }
    }

    // MARK: Offsets

    /// The offsets scrolling may rest at, per axis (the content and insets past the bounds).
    var offsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let inset = adjustedContentInset, size = bounds.size
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, contentSize.width + inset.right - size.width)
        let maxY = max(minY, contentSize.height + inset.bottom - size.height)
        return (minX...maxX, minY...maxY)
    }

    /// Whether a drag moves the content along each axis.
    var scrollsAlong: (x: Bool, y: Bool) {
        let r = offsetRange
        return (r.x.upperBound > r.x.lowerBound || alwaysBounceHorizontal,
                r.y.upperBound > r.y.lowerBound || alwaysBounceVertical)
    }

    func clampedOffset(_ p: CGPoint) -> CGPoint {
        let r = offsetRange
        return CGPoint(x: min(max(p.x, r.x.lowerBound), r.x.upperBound), y: min(max(p.y, r.y.lowerBound), r.y.upperBound))
    }

    /// Moves the content to `contentOffset`; `animated` slides it there in 0.3 s and then tells the
    /// delegate `scrollViewDidEndScrollingAnimation`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated, contentOffset != self.contentOffset else {
            self.contentOffset = contentOffset
            return
        }
        scrollAnimationID += 1
        let id = scrollAnimationID
        isAnimatingScroll = true
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction, .beginFromCurrentState],
                       animations: { self.contentOffset = contentOffset },
                       completion: { [weak self] finished in
                           guard let self, id == self.scrollAnimationID, self.isAnimatingScroll else { return }
                           self.isAnimatingScroll = false
                           self.scrollIndicatorsDidSettle()
                           if finished { self.delegate?.scrollViewDidEndScrollingAnimation(self) }
                       })
    }

    /// Scales the zooming view to `scale` (within the zoom scales); `animated` in 0.3 s.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard animated else {
            applyZoomScale(scale)
            return
        }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
                       animations: { self.applyZoomScale(scale) })
    }

    /// Zooms so that `rect` (in the zooming view's coordinates) fills the bounds as far as the zoom
    /// scales allow, and scrolls it into view.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        let scale = min(bounds.width / rect.width, bounds.height / rect.height)
        let change = {
            self.applyZoomScale(scale)
            let s = self.currentZoomScale
            let centre = CGPoint(x: rect.midX * s, y: rect.midY * s)
            self.contentOffset = self.clampedOffset(CGPoint(x: centre.x - self.bounds.width / 2, y: centre.y - self.bounds.height / 2))
        }
        if animated {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .beginFromCurrentState], animations: change)
        } else {
            change()
        }
    }

    /// Scrolls as little as possible to make `rect` (in the content's coordinates) visible.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let visible = bounds
        var target = contentOffset
        if rect.width > visible.width || rect.minX < visible.minX { target.x = rect.minX }
        else if rect.maxX > visible.maxX { target.x = rect.maxX - visible.width }
        if rect.height > visible.height || rect.minY < visible.minY { target.y = rect.minY }
        else if rect.maxY > visible.maxY { target.y = rect.maxY - visible.height }
        target = clampedOffset(target)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    /// Stops a deceleration, a bounce or an animated scroll where the content is shown.
    open func stopScrollingAndZooming() {
        stopMotion()
    }

    /// `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` is animating.
    open var isScrollAnimating: Bool { isAnimatingScroll }

    /// Shows the indicators for a moment.
    open func flashScrollIndicators() {
        showIndicators()
        scrollIndicatorsDidSettle()
    }

    /// The offset moved: layout (content that tiles itself lays out as it scrolls, as in UIKit),
    /// the indicators and the delegate.
    func didChangeContentOffset() {
        setNeedsLayout()
        if isDragging || isDecelerating || isAnimatingScroll || isZooming { showIndicators() } else { updateIndicators() }
        delegate?.scrollViewDidScroll(self)
    }

    /// Stops whatever moves the content on its own (deceleration, bouncing, an offset animation),
    /// leaving it where it is on screen.
    func stopMotion() {
        if isAnimatingScroll {
            isAnimatingScroll = false
            let shown = layer.presentation()?.bounds.origin ?? contentOffset
            layer.removeAnimation(forKey: "bounds")
            layer.removeAnimation(forKey: "bounds.origin")
            contentOffset = shown
        }
        if motion != nil {
            endMotion(notify: false)
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // A touch stops a deceleration where it is (iOS's tap to stop), unless it is bouncing
        // back from an edge or settling on a page, which it would leave half-way.
        if motion != nil, !isPagingEnabled, offsetRange.x.contains(contentOffset.x), offsetRange.y.contains(contentOffset.y) {
            endMotion(notify: true)
        }
        isTracking = true
        super.touchesBegan(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isDragging { isTracking = false }
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !isDragging { isTracking = false }
        super.touchesCancelled(touches, with: event)
    }

    /// Whether touches in `view` go to it (true: there is no delay for them to be undecided in).
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }
    /// Whether a drag may cancel the touches in `view` (not a `UIControl`, as UIKit decides).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateIndicators()
    }
}
