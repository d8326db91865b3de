import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Neuburg's "Animation and Autolayout" examples (001 E37-E43), each run on `v`: an 80-point
/// square placed in the root view `sup` by constraints (leading 40, top 80, fixed size). Space
/// runs the chosen example from the square at rest; keys 1-7 choose. Half a second after the
/// longest of them is over, the demo forces a layout of `sup` (as the natural course of things
/// would) and logs the leading constraint's constant and the square's x before and after it: a
/// view whose constraints were kept in step with the animation does not move.
final class AutolayoutViewController: UIViewController, DemoActionScreen {
    enum Variant: String, NumberedVariant {
        case e37, e38, e39, e40, e41, e42, e43

        var caption: String {
            switch self {
            case .e37: return "E37: center.x += 100; layout later undoes the move"
            case .e38: return "E38: the move, with the leading constraint replaced"
            case .e39: return "E39: the move, with the leading constant set in place"
            case .e40: return "E40: leading constant += 100; layout animated for 1 s"
            case .e41: return "E41: a throb by the view's transform (no layout here)"
            case .e42: return "E42: a throb by a CABasicAnimation of the transform"
            case .e43: return "E43: fake shrink: fade out, bounds to their own value"
            }
        }
    }

    nonisolated static let size = CGSize(width: 400, height: 300)
    static let start = CGPoint(x: 40, y: 80)
    static let side: CGFloat = 80
    /// When the forced layout comes, in seconds after the example starts.
    nonisolated static let layoutProbeDelay: TimeInterval = 1.5

    private(set) var variant: Variant
    let v = UIView()
    private let caption = UILabel()
    /// Whether `performAction` schedules the forced layout with a run-loop timer (a window); a
    /// snapshot's scene calls `forceLayout()` at its time instead.
    var schedulesLayoutProbe = false
    private var probe: Timer?

    init(variant: Variant) {
        self.variant = variant
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        caption.frame = CGRect(x: 10, y: Self.size.height - 44, width: Self.size.width - 20, height: 36)
        caption.numberOfLines = 2
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .darkGray
        view.addSubview(caption)
        placeSquare()
        reset()
    }

    /// The square and its constraints, installed on `sup`.
    private func placeSquare() {
        let sup = view!
        v.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        v.translatesAutoresizingMaskIntoConstraints = false
        sup.addSubview(v)
        sup.addConstraints([
            NSLayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: sup, attribute: .leading,
                               multiplier: 1, constant: Self.start.x),
            NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: sup, attribute: .top,
                               multiplier: 1, constant: Self.start.y),
            NSLayoutConstraint(item: v, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                               multiplier: 1, constant: Self.side),
            NSLayoutConstraint(item: v, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                               multiplier: 1, constant: Self.side),
        ])
    }

    /// The square at rest at the start, without animations (the leading constant, which E38-E40
    /// change, back to 40).
    private func reset() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        v.layer.removeAllAnimations()
        v.transform = .identity
        v.alpha = 1
        leadingConstraint(in: view).constant = Self.start.x
        view.layoutIfNeeded()
        caption.text = variant.caption + "\n(Space runs, 1-7 choose; a forced layout at 1.5 s)"
        CATransaction.commit()
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = variantKey(event), let chosen = Variant(argument: key) else { return false }
        variant = chosen
        probe?.invalidate()
        reset()
        return true
    }

    /// The constraint pinning the square's leading edge, found as the book finds it.
    private func leadingConstraint(in sup: UIView) -> NSLayoutConstraint {
        let cons = sup.constraints
        let ix = cons.firstIndex { con in con.firstItem === v && con.firstAttribute == .leading }!
        return cons[ix]
    }

    func performAction() {
        probe?.invalidate()
        reset()
        run(variant, in: view)
        if schedulesLayoutProbe {
            let timer = Timer(timeInterval: Self.layoutProbeDelay, repeats: false) { [weak self] _ in
                MainActor.assumeIsolated { self?.forceLayout() }
            }
            RunLoop.main.add(timer, forMode: .common)
            probe = timer
        }
    }

    private func run(_ variant: Variant, in sup: UIView) {
        switch variant {
        case .e37:
            var p = v.center
            p.x += 100
            UIView.animate(withDuration: 1, animations: {
                self.v.center = p
            }, completion: { _ in
                self.v.layoutIfNeeded()
            })
        case .e38:
            var p = v.center
            p.x += 100
            UIView.animate(withDuration: 1, animations: {
                self.v.center = p
                let con = self.leadingConstraint(in: sup)
                sup.removeConstraint(con)
                sup.addConstraint(NSLayoutConstraint(item: con.firstItem!, attribute: con.firstAttribute,
                                                     relatedBy: con.relation, toItem: con.secondItem,
                                                     attribute: con.secondAttribute, multiplier: 1,
                                                     constant: self.v.frame.origin.x))
            })
        case .e39:
            var p = v.center
            p.x += 100
            UIView.animate(withDuration: 1, animations: {
                self.v.center = p
                let con = self.leadingConstraint(in: sup)
                con.constant = self.v.frame.origin.x
            })
        case .e40:
            let con = leadingConstraint(in: sup)
            con.constant += 100
            UIView.animate(withDuration: 1, animations: {
                self.v.layoutIfNeeded()
            })
        case .e41:
            UIView.animate(withDuration: 0.3, delay: 0, options: .autoreverse, animations: {
                self.v.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
            }, completion: { _ in
                self.v.transform = .identity
            })
        case .e42:
            let ba = CABasicAnimation(keyPath: "transform")
            ba.autoreverses = true
            ba.duration = 0.3
            ba.toValue = NSValue(caTransform3D: CATransform3DMakeScale(1.1, 1.1, 1))
            v.layer.add(ba, forKey: nil)
        case .e43:
            let ba = CABasicAnimation(keyPath: "opacity")
            v.layer.opacity = 0
            ba.duration = 0.2
            v.layer.add(ba, forKey: nil)
            let ba2 = CABasicAnimation(keyPath: "bounds")
            ba2.duration = 0.2
            // As printed, the end value is the current bounds: no shrink shows, only the fade.
            ba2.toValue = NSValue(cgRect: v.layer.bounds)
            v.layer.add(ba2, forKey: nil)
        }
    }

    /// Layout as it comes in the natural course of things: `sup` laid out again from its
    /// constraints; logs whether the square moved.
    func forceLayout() {
        let sup = view!
        let before = v.frame.origin.x
        sup.setNeedsLayout()
        sup.layoutIfNeeded()
        let constant = leadingConstraint(in: sup).constant
        demoLog("\(variant.rawValue): forced layout: leading constant \(fmt(constant)), x \(fmt(before)) -> \(fmt(v.frame.origin.x))")
    }

    private func fmt(_ value: CGFloat) -> String { String(format: "%.1f", Double(value)) }
}
