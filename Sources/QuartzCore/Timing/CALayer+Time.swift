import CoreGraphics

extension CALayer {
    /// Maps a time in the superlayer's time space (for a root layer, the media time) to this
    /// layer's local time.
    func localTime(fromParentTime t: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// Maps this layer's local time to its superlayer's time space; a paused layer (speed 0) has
    /// no inverse and maps to its `beginTime`.
    func parentTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? beginTime : (t - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// This layer's local time for a media time (`CACurrentMediaTime()` scale).
    /// (Recursive from the root down, without allocating: the render thread calls it per layer per frame.)
    func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        localTime(fromParentTime: timingParent.map { $0.localTime(fromMediaTime: t) } ?? t)
    }

    /// The media time at which this layer's local time is `t`.
    func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var layer: CALayer? = self
        while let l = layer {
            time = l.parentTime(fromLocalTime: time)
            layer = l.timingParent
        }
        return time
    }

    /// The layer whose time this layer's derives from: the superlayer, or a mask's owner.
    var timingParent: CALayer? { superlayer }

    func convertTimeValue(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: l.map { $0.mediaTime(fromLocalTime: t) } ?? t)
    }

    func convertTimeValue(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return l.map { $0.localTime(fromMediaTime: media) } ?? media
    }
}
extension CALayer: CAMediaTiming {}
