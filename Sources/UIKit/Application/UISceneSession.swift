import Foundation

/// A scene's session: its role, the configuration it was connected with, and the scene while it is
/// connected. UIKit makes one per scene it connects (one toplevel window each, on Linux).
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    /// What a session's scene is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// An interactive window of the application (every scene on Linux).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// A non-interactive window on an external display (never connected on Linux).
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The scene while it is connected.
    open internal(set) weak var scene: UIScene?
    /// The session's role (`.windowApplication`).
    public let role: Role
    /// The configuration the application's delegate returned for it.
    open internal(set) var configuration: UISceneConfiguration
    /// A string that identifies the session for the life of the process.
    public let persistentIdentifier: String
    /// Data the application keeps with the session.
    open var userInfo: [String: Any]?

    private static var made = 0

    init(role: Role) {
        self.role = role
        self.configuration = UISceneConfiguration(name: nil, sessionRole: role)
        UISceneSession.made += 1
        self.persistentIdentifier = "UISceneSession-\(UISceneSession.made)"
        super.init()
    }
}

/// What UIKit needs to connect a scene: the classes of the scene and of its delegate. Apple's
/// application reads them from Info.plist's scene manifest by `name`; a Linux program has no
/// Info.plist, so the delegate sets `delegateClass` in
/// `application(_:configurationForConnecting:options:)`, or names its scene delegate class
/// `SceneDelegate`, in the app delegate's module, as Xcode's template does (UIKit finds it then).
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject, NSCopying {
    /// The configuration's name (Info.plist's `UISceneConfigurationName`).
    public let name: String?
    /// The role of the sessions it configures.
    public let role: UISceneSession.Role
    /// The scene's class: `UIWindowScene` or a subclass (nil: `UIWindowScene`).
    open var sceneClass: AnyClass?
    /// The scene delegate's class, a `UIResponder` (or `NSObject`) subclass adopting
    /// `UIWindowSceneDelegate`, made with its `init()`.
    open var delegateClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        super.init()
    }

    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated {
            let copy = UISceneConfiguration(name: name, sessionRole: role)
            copy.sceneClass = sceneClass
            copy.delegateClass = delegateClass
            return copy
        }
    }
}
