import CoreGraphics
import Foundation
import QuartzCore

/// `demo transactions`' scene for the options' variant.
enum TransactionsDemo {
    @MainActor
    static func make(_ root: CALayer, _ options: DemoOptions) -> LayerScene {
        TransactionsScene(root: root, variant: options.variant.flatMap(TransactionsScene.Variant.init(argument:)) ?? .l31)
    }
}

extension Demo {
    static let transactions = Demo(name: "transactions", summary: "a blue layer changed in transactions: implicit fade, explicit fade, two changes in one transaction, a 10-s transaction, nested transactions (position in 2 s, opacity in 5 s), a 0.8-s implicit turn; --variant l3-1 (default), l3-2, l5-5, l5-6, l5-7, e24 or keys 1-6; Space runs (Core Animation Programming Guide; Neuburg ch. 17)",
        run: { options in LayerSceneDemo.run(title: "Transactions", options, TransactionsDemo.make) },
        scene: { options, size in LayerSceneDemo.snapshotScene(options, size: size, TransactionsDemo.make) },
        variants: TransactionsScene.Variant.arguments)
}
