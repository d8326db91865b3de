import CoreGraphics
import Foundation

/// A view a collection view recycles: taken off screen into a reuse queue and handed out again
/// by `dequeueReusableCell(withReuseIdentifier:for:)` or
/// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
///
/// Registered classes are created with `init(frame:)`, so subclasses set themselves up there.
/// Without the Objective-C runtime a class object cannot be sent `init(frame:)` unless an
/// initializer is `required`; `init(reusingFrame:)` is that one: a convenience initializer that
/// every subclass overriding `init(frame:)` and `init?(coder:)` inherits, so the usual
/// `override init(frame:)` compiles unchanged and is what runs.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a view through the subclass's `init(frame:)` (what the collection view calls).
    public required convenience init(reusingFrame frame: CGRect) {
        self.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called as the view is dequeued for another item: reset its state here (call super).
    open func prepareForReuse() {}

    /// Called with the attributes the layout gave the view (after they are applied).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// A collection view's item view: `contentView` holds the content, over `backgroundView`, or
/// `selectedBackgroundView` while selected or highlighted.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes (it fills the cell).
    public let contentView = UIView()

    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateBackgrounds()
        }
    }

    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateBackgrounds()
        }
    }

    open var isSelected = false {
        didSet { updateBackgrounds() }
    }

    open var isHighlighted = false {
        didSet { updateBackgrounds() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpCell()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpCell()
    }

    private func setUpCell() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// Puts the background views under the content, the selected one only while it shows.
    private func updateBackgrounds() {
        if let bg = backgroundView {
            bg.frame = bounds
            bg.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if bg.superview !== self { insertSubview(bg, at: 0) }
        }
        if let sel = selectedBackgroundView {
            if isSelected || isHighlighted {
                sel.frame = bounds
                sel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                if sel.superview !== self { insertSubview(sel, belowSubview: contentView) }
            } else {
                sel.removeFromSuperview()
            }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}
