import Foundation
import UIKit

extension Demo {
    static let video = Demo(name: "video", summary: "AVPlayerLayer plays the Ship movie (6.15), then tilted in 3D with a red 5-pt border and 20-pt rounded corners (6.16); Space pauses and plays (a snapshot presses it at 2 and 2.5 s); --variant or keys 1-2. Differs: no movie codec here: the movie is a 3-s lossy animated WebP drawn and encoded at start and decoded with libwebp; AVPlayer, AVPlayerItem and AVPlayerLayer are small demo classes that pick frames from the media clock (Lockwood ch. 6)",
        preferredSize: VideoViewController.size,
        run: { options in ControllerDemo.run(title: "Video", options, controller: makeVideo) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makeVideo) },
        variants: VideoViewController.Listing.arguments)

    @MainActor private static func makeVideo(_ options: DemoOptions) -> UIViewController {
        VideoViewController(listing: options.variant.flatMap(VideoViewController.Listing.init(argument:)) ?? .player)
    }
}
