// Transitions as iOS sample code writes them: a card presented with a custom animator and a
// percent-driven dismissal, and a navigation controller whose delegate supplies a fade animator.
import UIKit

class FadeTransition: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        if presenting {
            guard let toView = transitionContext.view(forKey: .to),
                  let toViewController = transitionContext.viewController(forKey: .to) else { return }
            toView.frame = transitionContext.finalFrame(for: toViewController)
            toView.alpha = 0
            toView.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            containerView.addSubview(toView)
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                toView.alpha = 1
                toView.transform = .identity
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                fromView.alpha = 0
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

class CardViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interactor = UIPercentDrivenInteractiveTransition()
    var interactive = false

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .custom
        transitioningDelegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.layer.cornerRadius = 12
        let pan = UIPanGestureRecognizer(target: self, action: Selector(("handlePan:")))
        view.addGestureRecognizer(pan)
    }

    func handlePan(_ gesture: UIPanGestureRecognizer) {
        let progress = gesture.translation(in: view).y / view.bounds.height
        switch gesture.state {
        case .began:
            interactive = true
            dismiss(animated: true, completion: nil)
        case .changed:
            interactor.update(progress)
        case .ended:
            interactive = false
            progress > 0.3 ? interactor.finish() : interactor.cancel()
        default:
            interactive = false
            interactor.cancel()
        }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return FadeTransition(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return FadeTransition(presenting: false)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        return interactive ? interactor : nil
    }
}

class ListViewController: UIViewController, UINavigationControllerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "List"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self,
                                                            action: Selector(("addTapped")))
        navigationController?.delegate = self
    }

    func addTapped() {
        let detail = UIViewController()
        detail.title = "Detail"
        navigationController?.pushViewController(detail, animated: true)
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return operation == .push ? FadeTransition(presenting: true) : nil
    }
}
