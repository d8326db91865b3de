import Foundation
import UIKit

/// The small caption naming the listing a demo shows (its id and what it does), top left.
@MainActor
enum ListingCaption {
    static func make(in view: UIView) -> UILabel {
        let label = UILabel(frame: CGRect(x: 8, y: 6, width: max(0, view.bounds.width - 16), height: 18))
        label.font = .systemFont(ofSize: 13)
        label.textColor = UIColor(white: 0.2, alpha: 1)
        label.autoresizingMask = [.flexibleWidth]
        view.addSubview(label)
        return label
    }
}
