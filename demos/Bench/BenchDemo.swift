import CALinuxAllocationCounter
import CoreGraphics
import Foundation
import Glibc
import LayerHost
import QuartzCore
import WaylandShell

/// `demo bench --layers N [--seconds S] [--trace FILE]`: the shared benchmark scene in an 800×600
/// window (with `--emitter N` instead: an additive emitter keeping N particles alive, already in its
/// steady state at start), until S seconds pass or it ends any other way (`DemoExit`: a signal, Q, the
/// window closed, the compositor gone); then it prints frames presented, missed frames, CPU time
/// per frame (getrusage, all threads), heap allocations per frame after the first second (all
/// threads: the steady state) and peak memory (VmHWM).
///
/// Test hook: SIGUSR1 blocks the main thread for one second (it sleeps), to show that the render
/// thread keeps presenting frames; the trace gets a `{"type":"block","start":…,"end":…}` line.
final class BenchDemo {
    static let defaultLayers = 1000

    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Bench", size: BenchScene.windowSize, decorations: false,  // SCENE.md: no decorations
                                        renderer: options.renderer)
        } catch {
            writeStandardError("demo: \(error)\n")
            return 1
        }
        guard DemoTrace.start(options, on: host) else { return 1 }
        let trace = DemoTrace.writer
        MainActor.assumeIsolated { DemoExit.install(on: host) }
        let bench = BenchDemo(host: host, count: options.layers ?? defaultLayers, emitter: options.emitterParticles, trace: trace)
        bench.start(seconds: options.seconds)
        DemoShell.run(in: host, running: bench) { BenchScene(root: host.rootLayer, count: options.layers ?? defaultLayers) }
        RunLoop.main.run()
        return 0
    }

    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        return BenchScene(root: root, count: options.layers ?? defaultLayers)
    }

    private let host: any LayerHosting
    private let scene: DemoScene
    /// What the summary says runs ("1000 layers", "5000 particles").
    private let label: String
    private let trace: TraceWriter?
    private var sources: [DispatchSourceSignal] = []
    private var startTime: CFTimeInterval = 0
    private var startCPU: Double = 0
    /// Allocations and frames committed one second in, when the scene runs steadily.
    private var steadyStart: (allocations: UInt64, frames: Int)?

    init(host: any LayerHosting, count: Int, emitter particles: Int?, trace: TraceWriter?) {
        self.host = host
        self.trace = trace
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let particles {
            scene = EmitterBenchScene(root: host.rootLayer, particles: particles)
            label = "\(particles) particles"
        } else {
            scene = BenchScene(root: host.rootLayer, count: count)
            label = "\(count) layers"
        }
        CATransaction.commit()
    }

    func start(seconds: TimeInterval?) {
        startTime = CACurrentMediaTime()
        startCPU = Self.cpuSeconds()
        // However the bench ends (DemoExit), the summary is printed.
        MainActor.assumeIsolated { DemoExit.atExit { [weak self] in self?.printSummary() } }
        onSignal(SIGUSR1) { [weak self] in self?.blockMainThread() }
        let steady = Timer(fire: Date(timeIntervalSinceNow: 1), interval: 0, repeats: false) { [weak self] _ in
            guard let self else { return }
            self.steadyStart = (ca_allocation_count(), self.host.window.framesCommitted)
        }
        RunLoop.main.add(steady, forMode: .common)
        if let seconds {
            // (corelibs' `Timer(timeInterval:…)` would fire at once: its fire date is now.)
            let timer = Timer(fire: Date(timeIntervalSinceNow: seconds), interval: 0, repeats: false) { _ in
                MainActor.assumeIsolated { DemoExit.exit(status: 0) }
            }
            RunLoop.main.add(timer, forMode: .common)
        }
    }

    private func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) {
        Glibc.signal(signal, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }

    /// The test hook: the main thread does nothing for one second.
    private func blockMainThread() {
        let start = CACurrentMediaTime()
        usleep(1_000_000)
        trace?.write(["type": "block", "start": start, "end": CACurrentMediaTime()])
    }

    /// The summary on stdout (once the render thread stopped: the counts are final).
    private func printSummary() {
        let elapsed = CACurrentMediaTime() - startTime
        let window = host.window
        let committed = window.framesCommitted
        let statistics = window.frameStatistics
        let cpu = Self.cpuSeconds() - startCPU
        let presented = statistics.framesPresented > 0 ? statistics.framesPresented : committed
        let feedback = statistics.framesPresented > 0 ? "presentation feedback" : "no presentation feedback: frames committed"
        var allocations = "n/a (under a second)"
        if let steady = steadyStart, committed > steady.frames {
            let perFrame = Double(ca_allocation_count() - steady.allocations) / Double(committed - steady.frames)
            allocations = String(format: "%.1f", perFrame) + " (after the first second, all threads)"
        }
        print("""
            bench: \(label), \(String(format: "%.2f", elapsed)) s, renderer: \(host.activeRenderer.rawValue)
            frames presented: \(presented) (\(String(format: "%.1f", Double(presented) / max(elapsed, 0.001))) per second; \(feedback)); committed: \(committed), discarded: \(statistics.framesDiscarded)
            missed frames: \(statistics.missedFrames)
            CPU time per frame: \(String(format: "%.2f", cpu * 1000 / Double(max(committed, 1)))) ms (\(String(format: "%.0f", cpu / max(elapsed, 0.001) * 100))% of one core)
            heap allocations per frame: \(allocations)
            peak memory: \(String(format: "%.1f", Double(Self.peakMemoryKiB()) / 1024)) MiB
            """)
    }

    /// User plus system CPU time of the whole process (all threads), seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident memory: VmHWM from /proc/self/status, else ru_maxrss (both KiB).
    static func peakMemoryKiB() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kib = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kib
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}

extension Demo {
    static let bench = Demo(name: "bench", summary: "benchmark: N spinning, fading squares (docs/BENCH.md; --layers N, --seconds S)",
        preferredSize: BenchScene.windowSize, run: BenchDemo.run, scene: BenchDemo.scene,
        headless: BenchOffscreen.run)
}
