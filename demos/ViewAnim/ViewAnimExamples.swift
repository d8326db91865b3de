import Foundation
import QuartzCore
import UIKit

/// Neuburg's view-animation examples (ch. 4, examples 5–12 and 17–19), each run on one view `v`
/// exactly as the book's code does it: old-style begin/commit blocks with their setters and did-stop
/// selectors, then block-based animations with options, completion, recursion and cancelling.
@MainActor
final class ViewAnimExamples: NSObject, UIViewAnimationDelegate {
    enum Example: String, CaseIterable {
        case e05, e06, e07, e08, e09, e10, e11, e12, e17, e18, e19
        /// The key that selects it in a window: 1–9, 0, then "-".
        var key: String { ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-"][Self.allCases.firstIndex(of: self)!] }
        nonisolated static var arguments: [String] { allCases.map(\.rawValue) }
    }

    let v: UIView
    /// E12: whether the second block begins from the current state (key F).
    var beginsFromCurrentState = true
    private var origin: CGPoint = .zero

    init(view: UIView) {
        v = view
    }

    /// E12's second block comes this long after the first.
    nonisolated static let e12SecondBlockDelay: TimeInterval = 0.5

    func run(_ example: Example) {
        origin = v.center
        switch example {
        case .e05:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            v.backgroundColor = .yellow
            UIView.commitAnimations()
        case .e06:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            v.backgroundColor = .yellow
            v.center.y -= 100
            UIView.commitAnimations()
        case .e07:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationRepeatAutoreverses(true)
            v.center.x += 100   // right, back, then a jump right: the model is on the right
            UIView.commitAnimations()
        case .e08:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationRepeatAutoreverses(true)
            v.center.x += 100
            UIView.commitAnimations()
            v.center = origin   // outside the block: no net change by the time it is drawn
        case .e09:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationRepeatAutoreverses(true)
            UIView.setAnimationDelegate(self)
            UIView.setAnimationDidStop(Selector("stopped:fin:context:"))
            v.center.x += 100
            UIView.commitAnimations()
        case .e10:
            v.layer.setValue(NSValue(cgPoint: v.center), forKey: "origCenter")
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationRepeatAutoreverses(true)
            UIView.setAnimationDelegate(self)
            UIView.setAnimationDidStop(Selector("restoreCenter:fin:context:"))
            v.center.x += 100
            UIView.commitAnimations()
        case .e11:
            UIView.beginAnimations("removeThisView", context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationDelegate(self)
            UIView.setAnimationDidStop(Selector("remove:fin:context:"))
            v.transform = CGAffineTransform(scaleX: 0.0001, y: 0.0001)
            UIView.commitAnimations()
        case .e12:
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(1)
            v.center.x += 100
            UIView.commitAnimations()
        case .e17:
            let start = v.center
            UIView.animate(withDuration: 1, delay: 0, options: .autoreverse, animations: {
                self.v.center.x += 100
            }, completion: { _ in
                self.v.center = start
            })
        case .e18:
            animate(count: 2)
        case .e19:
            UIView.animate(withDuration: 1, delay: 0, options: [.autoreverse, .repeat], animations: {
                self.v.center.x += 100
            }, completion: nil)
        }
    }

    /// E12's second block, half a second after the first.
    func runE12SecondBlock() {
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationBeginsFromCurrentState(beginsFromCurrentState)
        v.center.x = origin.x - 100
        UIView.commitAnimations()
    }

    /// E18: right and back, then again from the completion while `count` > 0.
    private func animate(count: Int) {
        let start = v.center
        UIView.animate(withDuration: 1, delay: 0, options: .autoreverse, animations: {
            self.v.center.x += 100
        }, completion: { _ in
            self.v.center = start
            if count > 0 { self.animate(count: count - 1) }
        })
    }

    /// E19's cancel: a 0.2-s glide back from wherever the view is.
    func cancelRepeat() {
        UIView.animate(withDuration: 0.2, delay: 0, options: .beginFromCurrentState, animations: {
            self.v.center = self.origin
        }, completion: nil)
    }

    func animationDidStop(_ selector: Selector, animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {
        switch selector {
        case Selector("stopped:fin:context:"):
            v.center.x -= 100   // E09: the reset, after the animation
        case Selector("restoreCenter:fin:context:"):
            if let center = (v.layer.value(forKey: "origCenter") as? NSValue)?.cgPointValue { v.center = center }
        case Selector("remove:fin:context:"):
            if animationID == "removeThisView" { v.removeFromSuperview() }
        default:
            break
        }
    }
}
