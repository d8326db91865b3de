// CoreGraphics: geometry, affine transforms, paths, colors, images and a cairo-backed CGContext.
// Foundation already defines CGFloat, CGPoint, CGSize and CGRect on Linux; they are re-exported so that
// `import CoreGraphics` alone gives the same names as on Apple platforms.
@_exported import Foundation
