extension UIColor {
    /// The colour for the traits of `traitCollection`: the colour itself. The system colours here are
    /// their light-appearance values, and the interface style is always `.light`.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        self
    }
}
