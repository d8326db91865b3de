import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// A demo's listings as variants: each names itself in the caption.
protocol DemoListing: NumberedVariant {
    var caption: String { get }
}

/// A view controller that shows one of a demo's listings at a time, as the book's listings of one
/// chapter share a screen: a light-gray backdrop, the caption naming the listing on show, digit keys
/// switching listings. A subclass sets up what a listing shows in `load(_:)` (the listing's own
/// `viewDidLoad` steps) and calls `show(listing)` at the end of its `viewDidLoad`.
class ListingViewController<Listing: DemoListing>: UIViewController, DemoKeyResponder {
    private(set) var listing: Listing
    private(set) var caption: CATextLayer!

    init(listing: Listing) {
        self.listing = listing
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.8, alpha: 1)
        caption = DemoCaption.add(to: view)
    }

    /// Shows `listing`: names it in the caption, then sets up what it shows.
    func show(_ listing: Listing) {
        self.listing = listing
        caption.string = listing.caption
        load(listing)
    }

    /// What `listing` sets up; subclasses override it.
    func load(_ listing: Listing) {}

    /// Digit keys switch listings; a subclass with keys of its own offers the others to this.
    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.character, let listing = Listing(argument: text) else { return false }
        show(listing)
        return true
    }
}
