import Foundation

/// Child containment: the parent keeps the list; adding and removing the child's view (and so its
/// appearance calls) is the container's job, as on Apple platforms.
extension UIViewController {
    func addChildController(_ child: UIViewController) {
        guard child !== self, child.parentController !== self else { return }
        if child.parentController != nil { child.removeFromParent() }
        child.isMovingToParent = true
        child.willMove(toParent: self)
        childList.append(child)
        child.parentController = self
    }

    func removeFromParentController() {
        guard let parent = parentController else { return }
        parent.childList.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
        isMovingFromParent = false
    }
}
