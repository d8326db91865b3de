import CoreGraphics
import WaylandShell

/// Where the parts of client-side decorations lie in a window, and which part a point is in (a Linux
/// addition; pure geometry, so it is tested without a compositor).
///
/// All values in points of the window surface, origin top-left, y down. The title bar spans the top
/// `titleBarHeight` points, with the buttons at its right end (minimize, maximize, close: close
/// outermost); the app's content fills the rest. A band `resizeBand` points wide along the window's
/// edges, inside the window, starts interactive resizes; near a corner (`cornerLength`) it resizes two
/// edges. Fullscreen hides the bar; maximized, fullscreen or tiled windows have no resize band.
struct DecorationLayout: Equatable {
    /// The height of the title bar.
    static let titleBarHeight: CGFloat = 32
    /// The width of the resize band along the window edges.
    static let resizeBand: CGFloat = 6
    /// How far from a corner, along either side, a press resizes both edges.
    static let cornerLength: CGFloat = 16
    /// A button's side, the gap between buttons, and the gap from the right end of the bar.
    static let buttonSide: CGFloat = 24
    static let buttonSpacing: CGFloat = 4
    static let buttonMargin: CGFloat = 6

    /// The title bar's buttons, left to right.
    enum Button: CaseIterable, Equatable {
        case minimize
        case maximize
        case close
    }

    /// The part of the window a point is in.
    enum Region: Equatable {
        /// The app's content: pointer events go to the app.
        case content
        /// The title bar (not a button): press and drag moves the window, a double-click maximizes.
        case titleBar
        /// A title bar button.
        case button(Button)
        /// The resize band: a press resizes these edges.
        case edge(WaylandResizeEdges)
        /// Outside the window.
        case outside
    }

    /// The window size.
    var size: CGSize
    /// The window's states (maximized, fullscreen, tiled decide what is shown and what resizes).
    var states: WaylandWindowStates

    /// Whether the title bar is shown (not in fullscreen).
    var showsTitleBar: Bool { !states.contains(.fullscreen) }
    /// Whether the edges resize the window (a floating window only).
    var allowsResize: Bool { !states.isConstrained }
    /// Whether the window is drawn with rounded top corners and a border (a floating window only).
    var isFloating: Bool { !states.isConstrained }

    /// The height taken by the title bar (0 in fullscreen).
    var contentInsetTop: CGFloat { showsTitleBar ? min(Self.titleBarHeight, size.height) : 0 }

    /// The part of the window the app's root layer fills.
    var contentFrame: CGRect {
        CGRect(x: 0, y: contentInsetTop, width: size.width, height: max(0, size.height - contentInsetTop))
    }

    /// The title bar's frame (empty in fullscreen).
    var titleBarFrame: CGRect {
        CGRect(x: 0, y: 0, width: size.width, height: contentInsetTop)
    }

    /// The frame of `button`, vertically centred in the bar, right-aligned in `Button.allCases` order.
    func frame(of button: Button) -> CGRect {
        let all = Button.allCases
        let fromRight = CGFloat(all.count - 1 - all.firstIndex(of: button)!)
        let side = Self.buttonSide
        let x = size.width - Self.buttonMargin - side - fromRight * (side + Self.buttonSpacing)
        return CGRect(x: x, y: (Self.titleBarHeight - side) / 2, width: side, height: side)
    }

    /// The frame left for the title text: the bar between its left margin and the first button.
    var titleFrame: CGRect {
        let left = Self.buttonMargin + Self.buttonSide + Self.buttonSpacing  // centred: as much room on the left
        let right = frame(of: Button.allCases[0]).minX - Self.buttonSpacing
        return CGRect(x: left, y: 0, width: max(0, right - left), height: contentInsetTop)
    }

    /// The part of the window that `point` is in.
    func region(at point: CGPoint) -> Region {
        let bounds = CGRect(origin: .zero, size: size)
        guard bounds.contains(point) else { return .outside }
        if allowsResize, let edges = resizeEdges(at: point), !edges.isEmpty { return .edge(edges) }
        guard showsTitleBar, point.y < contentInsetTop else { return .content }
        for button in Button.allCases where frame(of: button).contains(point) { return .button(button) }
        return .titleBar
    }

    /// The edges of the resize band at `point` (inside the window): a side within `resizeBand`,
    /// widened to the corner within `cornerLength` of the perpendicular side.
    private func resizeEdges(at point: CGPoint) -> WaylandResizeEdges? {
        let band = Self.resizeBand
        let corner = Self.cornerLength
        var edges: WaylandResizeEdges = []
        let nearLeft = point.x < band, nearRight = point.x >= size.width - band
        let nearTop = point.y < band, nearBottom = point.y >= size.height - band
        guard nearLeft || nearRight || nearTop || nearBottom else { return nil }
        if nearLeft || (nearTop || nearBottom) && point.x < corner { edges.insert(.left) }
        if nearRight || (nearTop || nearBottom) && point.x >= size.width - corner { edges.insert(.right) }
        if nearTop || (nearLeft || nearRight) && point.y < corner { edges.insert(.top) }
        if nearBottom || (nearLeft || nearRight) && point.y >= size.height - corner { edges.insert(.bottom) }
        // A window narrower than two bands: keep one side of each axis.
        if edges.contains([.left, .right]) { edges.remove(point.x < size.width / 2 ? .right : .left) }
        if edges.contains([.top, .bottom]) { edges.remove(point.y < size.height / 2 ? .bottom : .top) }
        return edges
    }
}
