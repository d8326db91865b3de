import CoreGraphics
import Foundation
import FuzzDriver
import UIKit

// Every input goes to UIImage(data:) (which picks the decoder by signature) and to both CGImage
// decoders whatever its signature. Nothing may crash, trap or allocate past the decode limit; a
// decoded image's pixels are read back so that memory the decoder left unwritten is touched.

func decodeAll(_ data: Data) {
    let images = [
        UIImage(data: data)?.cgImage,
        CGDataProvider(data: data).flatMap {
            CGImage(pngDataProviderSource: $0, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        },
        CGDataProvider(data: data).flatMap {
            CGImage(jpegDataProviderSource: $0, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        },
    ]
    for case let image? in images {
        precondition(image.width > 0 && image.height > 0)
        precondition(image.width * image.height <= CGImage.maximumDecodedPixelCount)
        _ = image.pixel(x: image.width - 1, y: image.height - 1)
    }
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--write-seeds" {
    try writeSeeds(into: URL(fileURLWithPath: CommandLine.arguments[2]))
    exit(0)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
