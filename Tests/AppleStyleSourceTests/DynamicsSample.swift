import UIKit

/// A view controller as an iOS app writes one with UIKit Dynamics (Swift 5): a square dropped under
/// gravity onto the bottom of the view, a little bouncy, and a tap snapping it to the tapped point.
class DropViewController: UIViewController, UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
    var animator: UIDynamicAnimator!
    var gravity: UIGravityBehavior!
    var collision: UICollisionBehavior!
    var snap: UISnapBehavior?
    let square = UIView(frame: CGRect(x: 100, y: 40, width: 80, height: 80))
    var pauses = 0
    var boundaryHits = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        square.backgroundColor = .systemBlue
        square.layer.cornerRadius = 8
        view.addSubview(square)

        animator = UIDynamicAnimator(referenceView: view)
        animator.delegate = self

        gravity = UIGravityBehavior(items: [square])
        animator.addBehavior(gravity)

        collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = self
        animator.addBehavior(collision)

        let itemBehavior = UIDynamicItemBehavior(items: [square])
        itemBehavior.elasticity = 0.4
        itemBehavior.friction = 0.2
        animator.addBehavior(itemBehavior)

        let tap = UITapGestureRecognizer(target: self, action: Selector(("handleTap:")))
        view.addGestureRecognizer(tap)
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        let point = sender.location(in: view)
        if let snap = snap {
            animator.removeBehavior(snap)
        }
        animator.removeBehavior(gravity)
        let newSnap = UISnapBehavior(item: square, snapTo: point)
        newSnap.damping = 0.7
        animator.addBehavior(newSnap)
        snap = newSnap
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        pauses += 1
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
        boundaryHits += 1
    }
}
