import CoreGraphics
import Foundation
import QuartzCore

/// How an `AVPlayerLayer` fits the video in its bounds (AVFoundation's `AVLayerVideoGravity`).
struct AVLayerVideoGravity: RawRepresentable, Equatable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }

    static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
}

/// AVFoundation's `AVPlayerLayer`: shows its player's frames as its contents. While the player
/// plays, the frames are a discrete keyframe animation of `contents` that starts where the item is
/// and runs at the player's rate, so the render server picks each frame from the media clock; when
/// it pauses, the frame on show becomes the model's contents. Everything else is a layer's:
/// transform, border, corner radius, masking.
final class AVPlayerLayer: CALayer {
    private static let playbackKey = "AVPlayerLayerPlayback"

    var player: AVPlayer? {
        didSet {
            player?.attach(self)
            playerDidChange()
        }
    }

    /// How the video fits the bounds (the contents gravity of the same name).
    var videoGravity = AVLayerVideoGravity.resizeAspect {
        didSet { contentsGravity = Self.contentsGravity(for: videoGravity) }
    }

    override init() {
        super.init()
        contentsGravity = .resizeAspect
    }

    convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
        player?.attach(self)
        playerDidChange()
    }

    override init(layer: Any) {
        if let other = layer as? AVPlayerLayer {
            player = other.player
            videoGravity = other.videoGravity
        }
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentsGravity = .resizeAspect
    }

    private static func contentsGravity(for gravity: AVLayerVideoGravity) -> CALayerContentsGravity {
        switch gravity {
        case .resizeAspectFill: return .resizeAspectFill
        case .resize: return .resize
        default: return .resizeAspect
        }
    }

    /// Shows the player's frame now, and the frames to come while it plays.
    func playerDidChange() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        removeAnimation(forKey: Self.playbackKey)
        guard let player, let item = player.currentItem, item.status == .readyToPlay else {
            contents = nil
            return
        }
        let now = player.currentSeconds
        contents = item.frame(at: now)?.image
        let rate = Double(player.rate)
        let length = item.duration.seconds
        guard rate > 0, now < length, length > 0 else { return }
        let playback = CAKeyframeAnimation(keyPath: "contents")
        playback.values = item.frames.map(\.image)
        playback.keyTimes = (item.frames.map(\.start) + [length]).map { NSNumber(value: $0 / length) }
        playback.calculationMode = .discrete
        playback.duration = length / rate
        // Started in the past, so that it is at the item's current time now.
        playback.beginTime = convertTime(CACurrentMediaTime(), from: nil) - now / rate
        playback.fillMode = .forwards
        playback.isRemovedOnCompletion = false
        add(playback, forKey: Self.playbackKey)
    }
}
