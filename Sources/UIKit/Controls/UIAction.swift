import Foundation

/// A closure with a title, performed by a control for the events it was added for (iOS 14's
/// `UIAction`; menus are not implemented, so `image`, `attributes` and `state` are kept but unused).
@preconcurrency @MainActor
open class UIAction: NSObject {
    /// An action's identity: a control keeps one action per identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    public enum State: Int, Sendable {
        case off, on, mixed
    }

    open var title: String
    open var subtitle: String?
    open var discoverabilityTitle: String?
    open var attributes: Attributes
    open var state: State
    public let identifier: Identifier
    /// The object that performed the action last (the control), while the handler runs and after.
    open private(set) var sender: Any?

    private let handler: UIActionHandler

    /// An action that calls `handler`; a nil identifier gets a unique one.
    public init(title: String = "", identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: Attributes = [], state: State = .off, handler: @escaping UIActionHandler) {
        self.title = title
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init()
    }

    func perform(sender: Any?) {
        guard !attributes.contains(.disabled) else { return }
        self.sender = sender
        handler(self)
    }
}

public typealias UIActionHandler = @MainActor (UIAction) -> Void
