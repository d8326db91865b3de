import Foundation
import LayerHost
import QuartzCore
import UIKit

/// `demo tabs` (Lockwood listing 8.12): a tab bar controller with two screens whose delegate adds a
/// fade `CATransition` to the controller's view layer whenever a tab is selected, so the switch
/// crossfades over 0.25 s (the transaction's duration). The transition is added to a layer that
/// survives the swap of the screens' views beneath it.
///
/// `--variant 1|2` chooses the tab; in a window it is the first one shown, and a click on the bar
/// or the keys 1-2 (a click on that tab through the window's touch input) switch. A snapshot starts
/// on the other tab and clicks the chosen one at 0.5 s: `--at 0.625` is halfway through the fade,
/// 0.75 or later shows the chosen tab alone.
@MainActor
final class TabsDemo {
    nonisolated static let sceneSize = CGSize(width: 320, height: 480)
    nonisolated static let variants = ["1", "2"]
    /// When a snapshot clicks the chosen tab.
    nonisolated static let clickTime: CFTimeInterval = 0.5

    /// The chosen tab's index (0 or 1).
    nonisolated static func tab(_ options: DemoOptions) -> Int {
        options.variant.flatMap(Int.init).map { $0 - 1 } ?? 0
    }

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Tabs", options) { host in
            let demo = TabsDemo(host: host, options: options)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let tab = tab(options)
            return TabsScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), selected: 1 - tab,
                             scheduledClick: (clickTime, tab))
        }
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: TabsScene

    init(host: any LayerHosting, options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = TabsScene(window: window, selected: TabsDemo.tab(options), scheduledClick: nil)
    }

    func start() {
        window.bind(to: host)
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self, let n = Int(key), (1...2).contains(n) else { return }
            scene.click(tab: n - 1)
        }
    }
}

/// The window with the tab bar controller as its root.
final class TabsScene: DemoScene {
    let window: UIWindow
    let tabs: UITabBarController
    private let crossfade: TabsCrossfade
    private let scheduledClick: (time: CFTimeInterval, tab: Int)?
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, selected: Int, scheduledClick: (time: CFTimeInterval, tab: Int)?) {
        self.window = window
        self.scheduledClick = scheduledClick
        tabs = UITabBarController()
        crossfade = TabsCrossfade()
        tabs.delegate = crossfade
        tabs.viewControllers = [
            TabScreenViewController(title: "Sun", color: TabsArt.color(TabsArt.firstColor),
                                    emblem: TabsArt.sun(side: 96, ink: .white), icon: TabsArt.sun()),
            TabScreenViewController(title: "Moon", color: TabsArt.color(TabsArt.secondColor),
                                    emblem: TabsArt.moon(side: 96, ink: .white), icon: TabsArt.moon()),
        ]
        tabs.selectedIndex = selected
        window.rootViewController = tabs
        window.layoutIfNeeded()
    }

    /// A click on tab `index` of the bar, through the window's touch input (as the pointer's).
    @MainActor
    func click(tab index: Int) {
        let bar = tabs.tabBar
        let count = CGFloat(max(1, bar.items?.count ?? 1))
        let onBar = CGPoint(x: bar.bounds.width * (CGFloat(index) + 0.5) / count, y: bar.bounds.midY)
        let point = bar.convert(onBar, to: window)
        window.dispatchTouches([UIWindow.TouchInput(id: 1, phase: .began, location: point, type: .indirectPointer)])
        window.dispatchTouches([UIWindow.TouchInput(id: 1, phase: .ended, location: point, type: .indirectPointer)])
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard let click = scheduledClick, click.time <= seconds else { return [] }
        return [click.time]
    }

    func fireTimers() {
        guard let click = scheduledClick else { return }
        MainActor.assumeIsolated { self.click(tab: click.tab) }
    }
}

/// The tab bar controller's delegate (Lockwood's app delegate): a fade on the controller's view
/// layer for every selection, so the swap of the screens' views beneath it crossfades.
final class TabsCrossfade: UITabBarControllerDelegate {
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        let transition = CATransition()
        transition.type = .fade
        tabBarController.view.layer.add(transition, forKey: nil)
    }
}

extension Demo {
    static let tabs = Demo(name: "tabs", summary: "a tab bar controller whose delegate crossfades the two screens with a CATransition on the controller's view (0.25 s); --variant 1|2 or keys 1-2 click a tab, clicks on the bar too; a snapshot clicks the chosen tab at 0.5 s (Lockwood ch. 8)",
        preferredSize: TabsDemo.sceneSize, run: TabsDemo.run, scene: TabsDemo.scene, variants: TabsDemo.variants)
}
