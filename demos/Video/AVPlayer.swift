import Foundation
import QuartzCore

/// AVFoundation's `AVPlayer` for one item, timed by the media clock (`CACurrentMediaTime()`), so
/// that a window and an offscreen snapshot at a given time show the same frame: the item's time
/// runs at `rate` from where it was when the rate last changed. At the item's end it pauses there
/// (`actionAtItemEnd` `.pause`, the default, and `.advance`, there being no next item; `.none`
/// holds the last frame with the rate unchanged).
/// Its layers are told of every change of rate or time.
final class AVPlayer {
    enum ActionAtItemEnd { case advance, pause, none }

    private(set) var currentItem: AVPlayerItem?
    var actionAtItemEnd = ActionAtItemEnd.pause
    /// The item's time when the rate last changed, and the media time then.
    private var anchor = (itemTime: 0.0, hostTime: 0.0)
    private var playingRate: Float = 0
    private var layers: [WeakLayer] = []

    private struct WeakLayer { weak var layer: AVPlayerLayer? }

    init(playerItem item: AVPlayerItem?) {
        currentItem = item
    }

    convenience init(url: URL) {
        self.init(playerItem: AVPlayerItem(url: url))
    }

    /// 0 when paused, 1 when playing at normal speed.
    var rate: Float {
        get {
            settleAtEnd()
            return playingRate
        }
        set {
            anchor = (currentSeconds, CACurrentMediaTime())
            playingRate = max(0, newValue)
            changed()
        }
    }

    func play() { rate = 1 }

    func pause() { rate = 0 }

    func currentTime() -> CMTime { CMTime(seconds: currentSeconds, preferredTimescale: 600) }

    func seek(to time: CMTime) {
        anchor = (min(max(time.seconds, 0), itemDuration), CACurrentMediaTime())
        changed()
    }

    /// The item's length in seconds (0 without a playable item).
    var itemDuration: Double {
        guard let item = currentItem, item.status == .readyToPlay else { return 0 }
        return item.duration.seconds
    }

    /// Where the item is now: from the anchor at the rate, no further than its end.
    var currentSeconds: Double {
        min(itemDuration, anchor.itemTime + (CACurrentMediaTime() - anchor.hostTime) * Double(playingRate))
    }

    func attach(_ layer: AVPlayerLayer) {
        layers.removeAll { $0.layer == nil || $0.layer === layer }
        layers.append(WeakLayer(layer: layer))
    }

    /// Pauses at the end once the item has played through.
    private func settleAtEnd() {
        guard playingRate > 0, actionAtItemEnd != .none, currentSeconds >= itemDuration else { return }
        anchor = (itemDuration, CACurrentMediaTime())
        playingRate = 0
        changed()
    }

    private func changed() {
        for entry in layers { entry.layer?.playerDidChange() }
    }
}
