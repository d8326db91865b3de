import CoreGraphics
import Foundation
import FuzzDriver
import QuartzCore

// Keyed access under fire: a layer of some class gets a run of setValue(_:forKey:) and
// setValue(_:forKeyPath:) calls with arbitrary keys and values (unknown keys, wrong types, NaN,
// huge numbers, nested arrays), reads them back, and is drawn once. Nothing may crash or trap.

let layerClasses: [() -> CALayer] = [{ CALayer() }, { CAShapeLayer() }, { CATextLayer() }, { CAGradientLayer() },
                                     { CAEmitterLayer() }, { CAReplicatorLayer() }, { CATransformLayer() },
                                     { CAScrollLayer() }, { CATiledLayer() }]

let context = CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!

/// FUZZ_TRACE=1 prints the calls an input makes (to turn a finding into a unit test).
let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] == "1"

func trace(_ line: @autoclosure () -> String) {
    if tracing { FileHandle.standardError.write(Data((line() + "\n").utf8)) }
}

func exercise(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let root = input.pick(layerClasses)()
    let child = input.pick(layerClasses)()
    trace("root: \(type(of: root)), child: \(type(of: child))")
    root.addSublayer(child)
    var steps = 0
    while !input.isAtEnd, steps < 64 {
        steps += 1
        let layer = input.byte() & 1 == 0 ? root : child
        let name = layer === root ? "root" : "child"
        switch input.byte() % 4 {
        case 0:
            let (value, key) = (input.value(), input.key())
            trace("\(name).setValue(\(String(describing: value)), forKey: \(key.debugDescription))")
            layer.setValue(value, forKey: key)
        case 1:
            let (value, key) = (input.value(), input.key())
            trace("\(name).setValue(\(String(describing: value)), forKeyPath: \(key.debugDescription))")
            layer.setValue(value, forKeyPath: key)
        case 2: _ = layer.value(forKey: input.key())
        default: _ = layer.value(forKeyPath: input.key())
        }
    }
    for key in knownKeys { _ = root.value(forKey: key) }
    trace("root.bounds: \(root.bounds), child.bounds: \(child.bounds)")
    // A replicator may hold up to a million instances (the setter's clamp), each drawn in full, as on
    // Apple's: tens of seconds with shadows. Slow by design, so drawn here with at most a thousand.
    for case let replicator as CAReplicatorLayer in [root, child] where replicator.instanceCount > 1000 {
        replicator.instanceCount = 1000
    }
    context.clear(CGRect(x: 0, y: 0, width: 16, height: 16))
    root.render(in: context)
    // No run loop turns here to commit the implicit transaction, which would keep every layer alive.
    CATransaction.flush()
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
