import Foundation
import LayerHost
import QuartzCore
import UIKit

/// One demo running in the gallery's stage: the demo's own `run`, given a pane of the gallery's
/// window (`EmbeddedLayerHost`) where it would open a window, exactly as `demo NAME` runs it.
@MainActor
final class GalleryPane {
    let demo: Demo
    let host: EmbeddedLayerHost
    /// The demo's exit status when it could not start (e.g. 1: no GL for `gl-triangle`); nil when it runs.
    private(set) var failure: Int32?

    /// Starts `demo` in a pane of `parent` filling `stage` (whose layer gets the pane's root).
    init(_ demo: Demo, in parent: any LayerHosting, stage: UIView) {
        self.demo = demo
        host = EmbeddedLayerHost(in: parent, size: stage.bounds.size)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.rootLayer.frame = stage.bounds
        host.rootLayer.masksToBounds = true
        stage.layer.addSublayer(host.rootLayer)
        CATransaction.commit()

        guard var options = try? DemoOptions(parsing: [], preferredSize: demo.preferredSize) else {
            failure = 2
            return
        }
        options.size = stage.bounds.size
        let pane = host
        DemoShell.demoName = demo.name
        DemoHost.pane = { _ in pane }
        defer { DemoHost.pane = nil }
        let status = demo.run(options)
        if status != 0 { failure = status }
    }

    /// Follows the stage's new size.
    func layout(in stage: UIView) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.rootLayer.position = CGPoint(x: stage.bounds.midX, y: stage.bounds.midY)
        CATransaction.commit()
        // The size last: the pane tells its content (`didResize`) when it changes.
        host.setContentSize(stage.bounds.size)
    }

    /// Ends the demo: the pane's handlers, and with them the demo's shell, scene and timers, are
    /// released; its layers leave the stage.
    func stop() {
        host.invalidate()
    }
}
