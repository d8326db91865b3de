import Foundation

/// Core Media's time value, as much as the player needs: a rational number of seconds.
struct CMTime: Equatable, Comparable {
    var value: Int64
    var timescale: Int32

    init(value: Int64, timescale: Int32) {
        self.value = value
        self.timescale = timescale
    }

    init(seconds: Double, preferredTimescale: Int32) {
        self.init(value: Int64((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
    }

    static let zero = CMTime(value: 0, timescale: 1)

    var seconds: Double { timescale == 0 ? .nan : Double(value) / Double(timescale) }

    static func < (a: CMTime, b: CMTime) -> Bool { a.seconds < b.seconds }
    static func == (a: CMTime, b: CMTime) -> Bool { a.seconds == b.seconds }
}
