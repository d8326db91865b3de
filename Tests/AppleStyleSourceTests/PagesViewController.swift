import QuartzCore
import UIKit

/// A paging scroll view controller as an Apple-platform app writes one (Swift 5): pages laid out in
/// `viewDidLayoutSubviews`, the delegate tracking the page and snapping free scrolls, and a zoomable
/// page.
class PagesViewController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView()
    var pages: [UIView] = []
    var currentPage = 0
    var scrolls = 0
    var endedAnimations = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.decelerationRate = UIScrollView.DecelerationRate.fast
        scrollView.delegate = self
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 3
        view.addSubview(scrollView)
        for i in 0..<3 {
            let page = UIView()
            page.backgroundColor = UIColor(white: CGFloat(i) / 3, alpha: 1)
            scrollView.addSubview(page)
            pages.append(page)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        scrollView.frame = view.bounds
        let size = view.bounds.size
        for (i, page) in pages.enumerated() {
            page.frame = CGRect(x: CGFloat(i) * size.width, y: 0, width: size.width, height: size.height)
        }
        scrollView.contentSize = CGSize(width: size.width * CGFloat(pages.count), height: size.height)
    }

    func show(page: Int, animated: Bool) {
        let offset = CGPoint(x: CGFloat(page) * scrollView.bounds.width, y: 0)
        scrollView.setContentOffset(offset, animated: animated)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolls += 1
        guard scrollView.bounds.width > 0 else { return }
        currentPage = Int((scrollView.contentOffset.x / scrollView.bounds.width).rounded())
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        if velocity.x == 0 { targetContentOffset.pointee.x = CGFloat(currentPage) * scrollView.bounds.width }
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        endedAnimations += 1
    }

    func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        pages.first
    }
}
