import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// A view drawn by a `CARenderer` into a bitmap of its size (1 pixel a point) at media time `time`
/// (now when nil), after laying it out and committing.
@MainActor
func renderedPixels(of view: UIView, at time: CFTimeInterval? = nil) -> CGImage {
    let ctx = CGContext(data: nil, width: max(Int(view.bounds.width), 1), height: max(Int(view.bounds.height), 1),
                        bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    let renderer = CARenderer(context: ctx)
    renderer.layer = view.layer
    renderer.bounds = view.bounds
    view.layoutIfNeeded()
    CATransaction.flush()
    renderer.beginFrame(atTime: time ?? CACurrentMediaTime())
    renderer.render()
    renderer.endFrame()
    return ctx.makeImage()!
}

extension CGImage {
    /// The pixel at (x, y) as [r, g, b, a].
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// The pixels in `rect` (default: all) for which `test` holds.
    func count(in rect: CGRect? = nil, where test: ([Int]) -> Bool) -> Int {
        let r = rect ?? CGRect(x: 0, y: 0, width: width, height: height)
        var n = 0
        for y in Int(r.minY)..<min(Int(r.maxY), height) {
            for x in Int(r.minX)..<min(Int(r.maxX), width) where test(rgba(x, y)) { n += 1 }
        }
        return n
    }

    /// The rows and columns holding pixels for which `test` holds (nil when none).
    func box(where test: ([Int]) -> Bool) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where test(rgba(x, y)) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
