/// Whether the interface is light or dark (Apple's raw values). This UIKit always reports `.light`:
/// Linux desktops have no common dark-mode setting an application can read without a session bus.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

/// The width or height class of the space a view has (Apple's raw values); see
/// `UITraitCollection.sizeClasses(for:)` for how a window's size picks one.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// The kind of device the interface is designed for (Apple's raw values). This UIKit reports `.pad`
/// (see `UIDevice.userInterfaceIdiom`).
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}
