import CoreGraphics
import Foundation
import QuartzCore
import WaylandShell

/// Client-side window decorations drawn with layers (a Linux addition): the title bar with the
/// window's title and minimize, maximize and close buttons, and a thin border, for compositors that
/// leave decorations to the client (weston, or xdg-decoration answering `client_side`).
///
/// The decorations are a subtree of the window's tree (`rootLayer`, the window's size), which
/// `WaylandLayerHost` places over the app's content, itself below the bar (`layout.contentFrame`).
/// The pointer over the bar and the edges is theirs (`handle(_:)`): press and drag moves the window
/// (`xdg_toplevel.move`), a double-click toggles maximize, the edge band resizes
/// (`xdg_toplevel.resize`), and the buttons act on release over the button pressed.
///
/// Main thread only.
final class ClientSideDecorations {
    /// The root of the decorations: the window's size, transparent but for the bar and border.
    let rootLayer = CALayer()
    private let titleBar = CALayer()
    private let titleLayer = CATextLayer()
    private var buttonLayers: [DecorationLayout.Button: CALayer] = [:]
    private unowned let window: WaylandWindow

    private(set) var layout: DecorationLayout
    private var contentScale: CGFloat = 1
    private var doubleClick = DoubleClickDetector()
    /// The region of the press being handled (the decorations keep the pointer until its release).
    private var pressedRegion: DecorationLayout.Region?
    /// The button under the pointer (drawn highlighted).
    private var hoveredButton: DecorationLayout.Button?

    init(window: WaylandWindow, size: CGSize) {
        self.window = window
        layout = DecorationLayout(size: size, states: window.states)
        rootLayer.name = "decorations"
        titleBar.name = "title bar"
        titleLayer.name = "title"
        titleLayer.fontSize = 14
        titleLayer.alignmentMode = .center
        titleLayer.truncationMode = .end
        titleBar.addSublayer(titleLayer)
        for button in DecorationLayout.Button.allCases {
            let layer = CALayer()
            layer.name = "\(button) button"
            layer.cornerRadius = DecorationLayout.buttonSide / 2
            buttonLayers[button] = layer
            titleBar.addSublayer(layer)
        }
        rootLayer.addSublayer(titleBar)
        update(size: size, states: window.states, title: window.title, contentScale: CGFloat(window.contentScale))
    }

    /// Lays the decorations out for the window's size, states, title and scale (without animation).
    func update(size: CGSize, states: WaylandWindowStates, title: String, contentScale: CGFloat) {
        let scaleChanged = contentScale != self.contentScale
        let statesChanged = states != layout.states
        layout = DecorationLayout(size: size, states: states)
        self.contentScale = contentScale
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        let floating = layout.isFloating
        let active = states.contains(.activated)
        // A floating window: rounded top corners and a hairline border; maximized, tiled or
        // fullscreen windows meet the screen edges squarely.
        rootLayer.borderWidth = floating ? 1 : 0
        rootLayer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: active ? 0.35 : 0.2)
        rootLayer.cornerRadius = floating ? 8 : 0
        rootLayer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        titleBar.isHidden = !layout.showsTitleBar
        titleBar.frame = layout.titleBarFrame
        titleBar.cornerRadius = floating ? 8 : 0
        titleBar.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        titleBar.backgroundColor = active
            ? CGColor(red: 0.91, green: 0.91, blue: 0.92, alpha: 1)
            : CGColor(red: 0.96, green: 0.96, blue: 0.96, alpha: 1)
        let textHeight: CGFloat = 18
        let titleFrame = layout.titleFrame
        titleLayer.frame = CGRect(x: titleFrame.minX, y: (DecorationLayout.titleBarHeight - textHeight) / 2,
                                  width: titleFrame.width, height: textHeight)
        titleLayer.string = title
        titleLayer.foregroundColor = CGColor(red: 0.15, green: 0.15, blue: 0.17, alpha: active ? 1 : 0.55)
        titleLayer.contentsScale = contentScale
        for (button, layer) in buttonLayers {
            layer.frame = layout.frame(of: button)
            layer.backgroundColor = button == hoveredButton
                ? CGColor(red: 0, green: 0, blue: 0, alpha: button == pressedButton ? 0.2 : 0.1)
                : nil
            if scaleChanged || statesChanged || layer.contents == nil {
                layer.contents = Self.glyph(for: button, maximized: states.contains(.maximized),
                                            side: DecorationLayout.buttonSide, scale: contentScale)
                layer.contentsScale = contentScale
            }
        }
        CATransaction.commit()
    }

    private var pressedButton: DecorationLayout.Button? {
        if case .button(let button)? = pressedRegion { return button }
        return nil
    }

    // MARK: Pointer

    /// Handles a pointer frame over the window; returns false when it belongs to the app's content
    /// (the host forwards it then).
    func handle(_ event: WaylandPointerEvent) -> Bool {
        let point = CGPoint(x: event.x, y: event.y)
        let region = layout.region(at: point)
        if event.kinds.contains(.leave) {
            // The double-click detector keeps its press: a move grab makes the compositor send a
            // leave (and an enter on release) between the two presses of a double-click.
            setHovered(nil)
            let wasPressed = pressedRegion != nil
            pressedRegion = nil
            return wasPressed
        }
        // A press that started here keeps the pointer until its release.
        if let pressed = pressedRegion {
            for button in event.buttons where button.code == WaylandPointerEvent.ButtonCode.left && !button.isPressed {
                if case .button(let pressedButton) = pressed, region == .button(pressedButton) { perform(pressedButton) }
                pressedRegion = nil
            }
            updateHover(region)
            return true
        }
        updateHover(region)
        guard region != .content, region != .outside else { return false }
        for button in event.buttons where button.isPressed {
            if button.code == WaylandPointerEvent.ButtonCode.left {
                press(region, serial: button.serial, at: point, time: event.time)
            } else if button.code == WaylandPointerEvent.ButtonCode.right, region == .titleBar {
                window.showWindowMenu(serial: button.serial, x: Int(point.x), y: Int(point.y))
            }
        }
        return true
    }

    private func press(_ region: DecorationLayout.Region, serial: UInt32, at point: CGPoint, time: Double) {
        switch region {
        case .titleBar:
            if doubleClick.press(time: time, x: Double(point.x), y: Double(point.y)) {
                window.toggleMaximized()
            } else {
                // The compositor takes the pointer for the move; its release never comes to us.
                window.beginMove(serial: serial)
            }
        case .edge(let edges):
            doubleClick.reset()
            window.beginResize(serial: serial, edges: edges)
        case .button:
            doubleClick.reset()
            pressedRegion = region
            refresh()
        case .content, .outside:
            break
        }
    }

    private func perform(_ button: DecorationLayout.Button) {
        switch button {
        case .close: window.requestClose()
        case .maximize: window.toggleMaximized()
        case .minimize: window.minimize()
        }
    }

    private func updateHover(_ region: DecorationLayout.Region) {
        if case .button(let button) = region { setHovered(button) } else { setHovered(nil) }
    }

    private func setHovered(_ button: DecorationLayout.Button?) {
        guard button != hoveredButton else { return }
        hoveredButton = button
        refresh()
    }

    private func refresh() {
        update(size: layout.size, states: layout.states, title: window.title, contentScale: contentScale)
    }

    // MARK: Glyphs

    /// The glyph of `button` drawn with Core Graphics at `scale` pixels per point: a cross (close), a
    /// square or two overlapping squares when maximized (maximize/restore), a bar (minimize).
    static func glyph(for button: DecorationLayout.Button, maximized: Bool, side: CGFloat, scale: CGFloat) -> CGImage? {
        let pixels = max(1, Int((side * scale).rounded(.up)))
        guard let ctx = CGContext(data: nil, width: pixels, height: pixels, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        ctx.scaleBy(x: CGFloat(pixels) / side, y: CGFloat(pixels) / side)
        ctx.setStrokeColor(CGColor(red: 0.15, green: 0.15, blue: 0.17, alpha: 1))
        ctx.setLineWidth(1.5)
        let c = side / 2
        let r: CGFloat = 4.5
        switch button {
        case .close:
            ctx.move(to: CGPoint(x: c - r, y: c - r))
            ctx.addLine(to: CGPoint(x: c + r, y: c + r))
            ctx.move(to: CGPoint(x: c - r, y: c + r))
            ctx.addLine(to: CGPoint(x: c + r, y: c - r))
            ctx.strokePath()
        case .maximize:
            if maximized {
                ctx.stroke(CGRect(x: c - r, y: c - r, width: 2 * r - 2.5, height: 2 * r - 2.5))
                ctx.move(to: CGPoint(x: c - r + 2.5, y: c + r))
                ctx.addLine(to: CGPoint(x: c + r, y: c + r))
                ctx.addLine(to: CGPoint(x: c + r, y: c - r + 2.5))
                ctx.strokePath()
            } else {
                ctx.stroke(CGRect(x: c - r, y: c - r, width: 2 * r, height: 2 * r))
            }
        case .minimize:
            // Core Graphics' default space is y-up: the bar sits low in the button.
            ctx.move(to: CGPoint(x: c - r, y: c - r + 1))
            ctx.addLine(to: CGPoint(x: c + r, y: c - r + 1))
            ctx.strokePath()
        }
        return ctx.makeImage()
    }
}
