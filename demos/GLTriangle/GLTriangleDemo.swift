import Foundation
import UIKit

extension Demo {
    static let glTriangle = Demo(name: "gl-triangle", summary: "OpenGL ES in a layer: a triangle with blue, green and red corners on black (6.14), a texture on a full-viewport quad (14.8); --variant or keys 1-2. Differs: EAGLContext, CAEAGLLayer and GLKit are small demo classes over EGL (Mesa surfaceless): each presented frame is read back into the layer's contents; the texture is a PNG made at start, not PVRTC; black with one line when EGL fails (Lockwood ch. 6, 14)",
        preferredSize: CGSize(width: 360, height: 360),
        run: { options in ControllerDemo.run(title: "GL Triangle", options, controller: makeGLTriangle) },
        scene: { options, size in ControllerDemo.scene(options, size: size, controller: makeGLTriangle) },
        variants: GLTriangleViewController.Listing.arguments)

    @MainActor private static func makeGLTriangle(_ options: DemoOptions) -> UIViewController {
        GLTriangleViewController(listing: options.variant.flatMap(GLTriangleViewController.Listing.init(argument:)) ?? .triangle)
    }
}
