import Foundation

/// The threads that draw tiles for every tiled layer: at most two at once, newest request first
/// (what was asked for last is what the screen shows now).
final class TileWorkers: @unchecked Sendable {
    static let shared = TileWorkers(threads: 2)

    private let lock = NSLock()
    @exclusivity(unchecked) private var jobs: [(run: () -> Void, dropped: () -> Void)] = []
    @exclusivity(unchecked) private var running = 0
    private let threads: Int

    init(threads: Int) {
        self.threads = threads
    }

    func submit(_ run: @escaping () -> Void, dropped: @escaping () -> Void) {
        var start = false
        var overflow: [() -> Void] = []
        lock.withLock {
            jobs.append((run, dropped))
            if jobs.count > TileStore.queueLimit {
                overflow = jobs.prefix(jobs.count - TileStore.queueLimit).map(\.dropped)
                jobs.removeFirst(jobs.count - TileStore.queueLimit)
            }
            if running < threads {
                running += 1
                start = true
            }
        }
        for drop in overflow { drop() }
        if start {
            DispatchQueue.global(qos: .userInitiated).async { self.work() }
        }
    }

    private func work() {
        while true {
            let job: (() -> Void)? = lock.withLock {
                if jobs.isEmpty {
                    running -= 1
                    return nil
                }
                return jobs.removeLast().run
            }
            guard let job else { return }
            job()
        }
    }
}
