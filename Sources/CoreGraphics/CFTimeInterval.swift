/// A duration in seconds, as Core Foundation and Core Animation use it (`CACurrentMediaTime()`,
/// `CAMediaTiming.duration`). Apple platforms get it from CoreFoundation; swift-corelibs-foundation on
/// Linux does not export it, so CoreGraphics (the lowest module of the package) provides it.
public typealias CFTimeInterval = Double
