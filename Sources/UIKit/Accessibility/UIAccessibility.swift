import Foundation

/// The state of the system's assistive technologies, and the way to tell them something changed.
///
/// Linux desktops speak AT-SPI over D-Bus, which this UIKit does not: no screen reader sees its
/// views, so VoiceOver and the like are never running and posted notifications go nowhere.
public enum UIAccessibility {
    /// What `post(notification:argument:)` announces (Apple's raw values).
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A new screen appeared (the argument: the element to focus, or nil).
        public static let screenChanged = Notification(rawValue: 1000)
        /// Part of the screen changed (the argument: the element to focus, or nil).
        public static let layoutChanged = Notification(rawValue: 1001)
        /// A string to speak (the argument).
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll view scrolled a page (the argument: a string describing where).
        public static let pageScrolled = Notification(rawValue: 1009)
        public static let pauseAssistiveTechnology = Notification(rawValue: 1010)
        public static let resumeAssistiveTechnology = Notification(rawValue: 1011)
    }

    /// Posted when `isReduceMotionEnabled` changes (never here: it is read from the environment).
    public static let reduceMotionStatusDidChangeNotification =
        Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    /// Posted when VoiceOver starts or stops (never here).
    public static let voiceOverStatusDidChangeNotification =
        Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")

    /// Whether the user asked for less motion: true when the environment has `CA_REDUCE_MOTION=1`
    /// (a Linux setting: GNOME's `enable-animations` would need its settings daemon).
    public static var isReduceMotionEnabled: Bool {
        ProcessInfo.processInfo.environment["CA_REDUCE_MOTION"] == "1"
    }

    /// Whether VoiceOver is running: always false (no screen reader can see these views).
    public static var isVoiceOverRunning: Bool { false }

    /// Tells assistive technologies that something changed: does nothing, as none is listening.
    public static func post(notification: Notification, argument: Any?) {}
}
