import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's movie player (listing 6.15) and its transformed layer (6.16): `viewDidLoad` makes an
/// `AVPlayer` for the Ship movie, an `AVPlayerLayer` for it the size of `containerView`, and plays;
/// 6.16 also gives the layer a perspective (m34 -1/500) rotation of π/4 about (1, 1, 0), masking,
/// a 20-point corner radius and a red 5-point border. Space pauses and plays (from the start once
/// the movie has ended); keys 1-2 switch listings. A snapshot presses Space at 2 s and at 2.5 s.
final class VideoViewController: ListingViewController<VideoViewController.Listing>, DemoActionScreen {
    enum Listing: String, DemoListing {
        case player, transformed

        var caption: String {
            switch self {
            case .player: return "6.15: AVPlayerLayer playing Ship (Space: pause/play)"
            case .transformed: return "6.16: 3D transform, border, corner radius"
            }
        }
    }

    nonisolated static let size = CGSize(width: 480, height: 400)
    nonisolated static let containerSize = CGSize(width: 320, height: 180)
    /// When a snapshot presses Space: a pause from 2 s to 2.5 s.
    nonisolated static let snapshotSpaceTimes: [CFTimeInterval] = [2, 2.5]

    let containerView = UIView(frame: CGRect(origin: .zero, size: containerSize))
    private(set) var player: AVPlayer?
    private(set) var playerLayer: AVPlayerLayer?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.addSubview(containerView)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        containerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY + 8)
    }

    /// The listing's `viewDidLoad`, from the movie's URL on.
    override func load(_ listing: Listing) {
        player?.pause()
        playerLayer?.removeFromSuperlayer()

        // get video URL
        let url: URL
        do { url = try ShipMovie.url() } catch {
            demoLog("video: the movie could not be made: \(error)")
            return
        }

        // create player and player layer
        let player = AVPlayer(url: url)
        let playerLayer = AVPlayerLayer(player: player)
        if let error = player.currentItem?.error { demoLog("video: \(error)") }

        // set player layer frame and attach it to our view
        playerLayer.frame = containerView.bounds
        containerView.layer.addSublayer(playerLayer)

        if listing == .transformed {
            // transform layer
            var transform = CATransform3DIdentity
            transform.m34 = -1.0 / 500.0
            transform = CATransform3DRotate(transform, .pi / 4, 1, 1, 0)
            playerLayer.transform = transform

            // add rounded corners and border
            playerLayer.masksToBounds = true
            playerLayer.cornerRadius = 20.0
            playerLayer.borderColor = UIColor.red.cgColor
            playerLayer.borderWidth = 5.0
        }

        // play the video
        player.play()
        self.player = player
        self.playerLayer = playerLayer
    }

    /// Space: pause, or play (from the start when the movie is over).
    func performAction() {
        guard let player else { return }
        if player.rate != 0 {
            player.pause()
            demoLog(String(format: "video: paused at %.2f s", player.currentTime().seconds))
        } else {
            if player.currentSeconds >= player.itemDuration { player.seek(to: .zero) }
            player.play()
            demoLog(String(format: "video: playing from %.2f s", player.currentTime().seconds))
        }
    }

    var runsActionWhenShown: Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { Self.snapshotSpaceTimes }
}
