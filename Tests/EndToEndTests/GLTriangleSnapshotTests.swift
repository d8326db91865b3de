import Foundation
import XCTest

/// `demo gl-triangle` (seed-examples §8, 003 L6.14, L14.8): the 300-point `glView` spans x 30..330,
/// y 38..338 of the 360-point window; listing 6.14's clip-space vertices (-0.5, -0.5), (0, 0.5),
/// (0.5, -0.5) fall at (105, 263), (180, 113) and (255, 263), coloured blue, green and red over a
/// black clear.
final class GLTriangleSnapshotTests: DemoSnapshotTestCase {
    func testTheTriangleIsBlueBottomLeftGreenAtTheApexRedBottomRightOnBlack() throws {
        let picture = try snapshot(demo: "gl-triangle", ["--at", "0.5"], saveAs: "gl-triangle.png")
        XCTAssertEqual(lastStderr, "", "GL drew without complaint")
        let blue = picture[114, 258], green = picture[180, 124], red = picture[246, 258]
        XCTAssertTrue(blue.b > 180 && blue.r < 60 && blue.g < 60, "bottom-left vertex region blue, got \(blue)")
        XCTAssertTrue(green.g > 180 && green.r < 60 && green.b < 60, "apex region green, got \(green)")
        XCTAssertTrue(red.r > 180 && red.g < 60 && red.b < 60, "bottom-right vertex region red, got \(red)")
        // The colours blend inside: the centroid has some of each.
        let middle = picture[180, 213]
        XCTAssertTrue(min(middle.r, middle.g, middle.b) > 40, "the centroid mixes the three, got \(middle)")
        // Black around it, inside the layer; the view's grey outside the layer.
        for (x, y) in [(40, 48), (320, 48), (180, 100), (90, 200), (270, 200), (180, 275), (40, 328), (320, 328)] {
            XCTAssertTrue(picture[x, y].isBlack, "black outside the triangle at (\(x), \(y)), got \(picture[x, y])")
        }
        XCTAssertTrue(picture[15, 200].isGray(204), "the view's grey beside the layer, got \(picture[15, 200])")
    }

    func testTheTextureListingShowsThePictureOnAQuadOverTheWholeLayer() throws {
        let picture = try snapshot(demo: "gl-triangle", ["--variant", "texture", "--at", "0.5"], saveAs: "gl-triangle-texture.png")
        XCTAssertEqual(lastStderr, "")
        // The snowman's white belly in the lower middle, the black hat at the top: the picture upright.
        XCTAssertTrue(picture[180, 300].isWhitish || min(picture[180, 300].r, picture[180, 300].b) > 220,
                      "the belly, got \(picture[180, 300])")
        XCTAssertTrue(picture[180, 60].isDark, "the hat at the top, got \(picture[180, 60])")
        XCTAssertTrue(picture[40, 320].isBlack, "transparent texels show the opaque layer's black, got \(picture[40, 320])")
    }

    func testWithoutEGLTheLayerIsBlackAndOneLineSaysWhy() throws {
        let picture = try snapshot(demo: "gl-triangle", ["--at", "0.5"], saveAs: "gl-triangle-no-egl.png",
                                   environment: ["CA_GLES_DISABLE": "1"])
        let lines = lastStderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, lastStderr)
        XCTAssertEqual(lines.first.map(String.init),
                       "gl-triangle: no OpenGL ES context (EGL disabled by CA_GLES_DISABLE=1); the layer stays black")
        for (x, y) in [(114, 258), (180, 124), (246, 258), (180, 213), (40, 48)] {
            XCTAssertTrue(picture[x, y].isBlack, "black at (\(x), \(y)), got \(picture[x, y])")
        }
    }
}
