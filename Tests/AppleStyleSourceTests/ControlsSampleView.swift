// Controls in the style of sample code for iOS: a shrinking, shadowed title; a button with edge
// insets and a template image; a spinner, a progress bar, a stepper and a page control; a toolbar
// of bar button items; a secure text field with a clear button; a view that follows the tint.
import UIKit

class TintSwatchView: UIView {
    private(set) var tintChanges = 0

    override func tintColorDidChange() {
        super.tintColorDidChange()
        tintChanges += 1
        backgroundColor = tintColor
    }

    override func prepareForInterfaceBuilder() {
        super.prepareForInterfaceBuilder()
        backgroundColor = tintColor
    }
}

class ControlsSampleView: UIView {
    let titleLabel = UILabel()
    let actionButton = UIButton(type: .system)
    let spinner = UIActivityIndicatorView(style: .large)
    let progressView = UIProgressView(progressViewStyle: .default)
    let stepper = UIStepper()
    let pageControl = UIPageControl()
    let toolbar = UIToolbar()
    let passwordField = UITextField()
    let swatch = TintSwatchView()
    let badgeOffset = UIOffset(horizontal: 4, vertical: -2)

    private(set) var stepCount = 0
    private(set) var sharedCount = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemBackground
        tintColor = .systemIndigo

        titleLabel.text = "Quarterly results for the whole organisation"
        titleLabel.font = .boldSystemFont(ofSize: 24)
        titleLabel.adjustsFontSizeToFitWidth = true
        titleLabel.minimumScaleFactor = 0.5
        titleLabel.baselineAdjustment = .alignCenters
        titleLabel.shadowColor = UIColor.black.withAlphaComponent(0.3)
        titleLabel.shadowOffset = CGSize(width: 0, height: 1)
        addSubview(titleLabel)

        let icon = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16)).image { _ in
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 16, height: 16)).fill()
        }
        actionButton.setImage(icon.withRenderingMode(.alwaysTemplate), for: .normal)
        actionButton.setTitle("Refresh", for: .normal)
        actionButton.contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        actionButton.imageEdgeInsets = UIEdgeInsets(top: 0, left: -4, bottom: 0, right: 4)
        actionButton.titleEdgeInsets = UIEdgeInsets(top: 0, left: 4, bottom: 0, right: -4)
        actionButton.addTarget(self, action: Selector(("refresh:")), for: .touchUpInside)
        addSubview(actionButton)

        spinner.color = .systemGray
        spinner.hidesWhenStopped = true
        addSubview(spinner)

        progressView.progressTintColor = .systemGreen
        progressView.trackTintColor = .systemGray5
        addSubview(progressView)

        stepper.minimumValue = 1
        stepper.maximumValue = 10
        stepper.stepValue = 1
        stepper.value = 3
        stepper.wraps = true
        stepper.addTarget(self, action: Selector(("stepperChanged:")), for: .valueChanged)
        addSubview(stepper)

        pageControl.numberOfPages = 3
        pageControl.currentPage = 0
        pageControl.hidesForSinglePage = true
        pageControl.pageIndicatorTintColor = .lightGray
        pageControl.currentPageIndicatorTintColor = .darkGray
        addSubview(pageControl)

        let share = UIBarButtonItem(barButtonSystemItem: .action, target: self, action: Selector(("share:")))
        let space = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        let done = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
        toolbar.setItems([share, space, done], animated: false)
        addSubview(toolbar)

        passwordField.placeholder = "Password"
        passwordField.borderStyle = .roundedRect
        passwordField.isSecureTextEntry = true
        passwordField.clearButtonMode = .whileEditing
        passwordField.clearsOnBeginEditing = false
        addSubview(passwordField)

        swatch.isExclusiveTouch = true
        addSubview(swatch)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width - 40
        titleLabel.frame = CGRect(x: 20, y: 20, width: width, height: 30)
        actionButton.frame = CGRect(x: 20, y: 60, width: 140, height: 40)
        spinner.center = CGPoint(x: bounds.width - 40, y: 80)
        progressView.frame = CGRect(x: 20, y: 110, width: width, height: 4)
        stepper.frame.origin = CGPoint(x: 20, y: 130)
        pageControl.frame = CGRect(x: 20, y: 170, width: width, height: 26)
        passwordField.frame = CGRect(x: 20, y: 200, width: width, height: 34)
        swatch.frame = CGRect(x: 20, y: 240, width: 30, height: 30)
        toolbar.frame = CGRect(x: 0, y: bounds.height - 44, width: bounds.width, height: 44)
    }

    func startLoading() {
        spinner.startAnimating()
        progressView.setProgress(0.5, animated: true)
    }

    func finishLoading() {
        spinner.stopAnimating()
        progressView.setProgress(1, animated: false)
    }

    func refresh(_ sender: UIButton) {
        startLoading()
    }

    func stepperChanged(_ sender: UIStepper) {
        stepCount = Int(sender.value)
    }

    func share(_ sender: UIBarButtonItem) {
        sharedCount += 1
    }

    /// Whether the title's colour can be read back as hue and as a grey.
    func describeTint() -> (hue: CGFloat, isGrey: Bool) {
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        _ = tintColor.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        var white: CGFloat = 0
        let isGrey = tintColor.getWhite(&white, alpha: nil)
        return (hue, isGrey)
    }
}
