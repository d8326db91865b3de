#if os(Linux)
import CALinuxWaylandProtocols

/// The states of a toplevel window, as the compositor last configured them (`xdg_toplevel.configure`'s
/// states array): what the window is (maximized, fullscreen, focused, tiled) and so how it should look.
public struct WaylandWindowStates: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Maximized: the size is fixed by the compositor; no resize edges, no rounded corners.
    public static let maximized = WaylandWindowStates(rawValue: 1 << 0)
    /// Fullscreen: the window covers an output; decorations are hidden.
    public static let fullscreen = WaylandWindowStates(rawValue: 1 << 1)
    /// An interactive resize is under way (sizes come as the user drags).
    public static let resizing = WaylandWindowStates(rawValue: 1 << 2)
    /// The window has focus: decorations are drawn as active.
    public static let activated = WaylandWindowStates(rawValue: 1 << 3)
    /// Tiled against the left edge of the output (xdg_toplevel version 2), and so on.
    public static let tiledLeft = WaylandWindowStates(rawValue: 1 << 4)
    public static let tiledRight = WaylandWindowStates(rawValue: 1 << 5)
    public static let tiledTop = WaylandWindowStates(rawValue: 1 << 6)
    public static let tiledBottom = WaylandWindowStates(rawValue: 1 << 7)

    /// Tiled on any edge.
    public static let tiled: WaylandWindowStates = [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]

    /// The states that fix the size from outside: the client's own floating size does not apply.
    public var isConstrained: Bool { !intersection([.maximized, .fullscreen, .tiled]).isEmpty }

    /// The states of an `xdg_toplevel.state` array; unknown values are ignored.
    init(xdgStates values: some Sequence<UInt32>) {
        var states: WaylandWindowStates = []
        for value in values {
            switch value {
            case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: states.insert(.maximized)
            case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: states.insert(.fullscreen)
            case XDG_TOPLEVEL_STATE_RESIZING.rawValue: states.insert(.resizing)
            case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: states.insert(.activated)
            case XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue: states.insert(.tiledLeft)
            case XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue: states.insert(.tiledRight)
            case XDG_TOPLEVEL_STATE_TILED_TOP.rawValue: states.insert(.tiledTop)
            case XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue: states.insert(.tiledBottom)
            default: break
            }
        }
        self = states
    }
}

/// The edges an interactive resize moves (`xdg_toplevel.resize`): one edge, or two for a corner.
public struct WaylandResizeEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = WaylandResizeEdges(rawValue: 1 << 0)
    public static let bottom = WaylandResizeEdges(rawValue: 1 << 1)
    public static let left = WaylandResizeEdges(rawValue: 1 << 2)
    public static let right = WaylandResizeEdges(rawValue: 1 << 3)

    /// The `xdg_toplevel.resize_edge` value (none = 0, top = 1, bottom = 2, left = 4, top_left = 5,
    /// bottom_left = 6, right = 8, top_right = 9, bottom_right = 10): the protocol's enum is the bit sum.
    public var xdgResizeEdge: UInt32 {
        var value: UInt32 = 0
        if contains(.top) { value |= 1 }
        if contains(.bottom) { value |= 2 }
        if contains(.left) { value |= 4 }
        if contains(.right) { value |= 8 }
        return value
    }

    /// The cursor-theme name of the arrow that shows this resize ("top_left_corner", "right_side", ...).
    public var cursorName: String? {
        switch self {
        case .top: return "top_side"
        case .bottom: return "bottom_side"
        case .left: return "left_side"
        case .right: return "right_side"
        case [.top, .left]: return "top_left_corner"
        case [.top, .right]: return "top_right_corner"
        case [.bottom, .left]: return "bottom_left_corner"
        case [.bottom, .right]: return "bottom_right_corner"
        default: return nil
        }
    }
}

/// Who draws the window's decorations (title bar, borders).
public enum WaylandDecorationMode: Equatable, Sendable {
    /// The compositor draws them (xdg-decoration chose `server_side`).
    case serverSide
    /// The client draws them, or draws none: the compositor offers no decoration manager (weston),
    /// chose `client_side`, or the window asked for no decorations at all.
    case clientSide
}
#endif
