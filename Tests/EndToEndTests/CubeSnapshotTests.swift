import Foundation
import XCTest

/// `demo cube --snapshot FILE.png` without a compositor: the guide's cube corner-on (snippet S5.b)
/// with listing 5.10's lighting, checked against the projections of seed-examples §7.2.2-7.2.3, and
/// face-on (listing 5.9, §7.2.1).
final class CubeSnapshotTests: DemoSnapshotTestCase {

    /// Runs `demo cube` with `arguments` and no Wayland display; returns the decoded snapshot.
    private func snapshot(_ arguments: [String], saveAs name: String) throws -> PNGPixels {
        let image = try snapshot(demo: "cube", arguments, saveAs: name)
        return image
    }

    /// Maps the book's container coordinates (points relative to the container centre) to pixels of
    /// a snapshot: the 500-point container is scaled to the shorter side and centred.
    private struct Frame {
        let cx: Double, cy: Double, k: Double
        init(_ image: PNGPixels) {
            cx = Double(image.width) / 2
            cy = Double(image.height) / 2
            k = Double(min(image.width, image.height)) / 500
        }
        func pixel(_ p: (Double, Double)) -> (x: Double, y: Double) { (cx + k * p.0, cy + k * p.1) }
    }

    /// §7.2.2: the corner-on projections relative to the container centre.
    private static let face1Quad = [(-164.7, -82.4), (0, 44.5), (0, 181.3), (-123.9, 61.9)]
    private static let face2Quad = [(0, 44.5), (164.7, -82.4), (123.9, 61.9), (0, 181.3)]
    private static let face3Quad = [(0, -161.3), (164.7, -82.4), (0, 44.5), (-164.7, -82.4)]
    /// The projected centres of faces 1, 2, 3 (the cube-space points (0,0,100), (100,0,0), (0,-100,0)
    /// through the same camera).
    private static let face1Center = (-78.6, 55.6)
    private static let face2Center = (78.6, 55.6)
    private static let face3Center = (0.0, -82.4)

    /// Rec. 709 luma of the pixel values, 0...255.
    private func luminance(_ p: RGB) -> Double { 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b) }

    /// The brightest pixel within `radius` pixels of a point: the face's lit white beside its label.
    private func brightest(_ image: PNGPixels, near p: (x: Double, y: Double), radius: Int) -> RGB {
        var best = RGB(r: 0, g: 0, b: 0)
        for y in (Int(p.y) - radius)...(Int(p.y) + radius) {
            for x in (Int(p.x) - radius)...(Int(p.x) + radius) where image.contains(x, y) {
                if image[x, y].brightness > best.brightness { best = image[x, y] }
            }
        }
        return best
    }

    /// Whether pixel centre `p` is inside the convex quad `q` (pixels), shrunk by `margin` pixels.
    private func inside(_ p: (x: Double, y: Double), _ q: [(x: Double, y: Double)], margin: Double = 0) -> Bool {
        var sign = 0.0
        for i in 0..<q.count {
            let a = q[i], b = q[(i + 1) % q.count]
            let ex = b.x - a.x, ey = b.y - a.y
            let cross = (ex * (p.y - a.y) - ey * (p.x - a.x)) / (ex * ex + ey * ey).squareRoot()
            if abs(cross) < margin { return false }
            if sign == 0 { sign = cross < 0 ? -1 : 1 } else if cross * sign < 0 { return false }
        }
        return true
    }

    private func assertCornerOn(_ image: PNGPixels, _ context: String) {
        let f = Frame(image)
        let face3 = brightest(image, near: f.pixel(Self.face3Center), radius: Int(20 * f.k))
        let face2 = brightest(image, near: f.pixel(Self.face2Center), radius: Int(20 * f.k))
        let face1 = brightest(image, near: f.pixel(Self.face1Center), radius: Int(20 * f.k))
        // Face 3 is fully lit (overlay opacity 0): white.
        XCTAssertTrue(face3.isWhitish, "face 3 is lit white: \(face3); \(context)")
        XCTAssertTrue(abs(face1.r - face1.g) <= 3 && abs(face1.g - face1.b) <= 3, "face 1's white is gray: \(face1); \(context)")
        XCTAssertTrue(abs(face2.r - face2.g) <= 3 && abs(face2.g - face2.b) <= 3, "face 2's white is gray: \(face2); \(context)")
        let l3 = luminance(face3)
        XCTAssertEqual(luminance(face2) / l3, 0.5, accuracy: 0.03, "face 2 (overlay 0.5): \(face2) vs \(face3); \(context)")
        XCTAssertEqual(luminance(face1) / l3, 0.947, accuracy: 0.03, "face 1 (overlay 0.0528): \(face1) vs \(face3); \(context)")

        // The labels: red "1" on face 1 only, green "2" on face 2, blue "3" on face 3.
        let quads = [Self.face1Quad, Self.face2Quad, Self.face3Quad].map { $0.map { f.pixel($0) } }
        var red = (inside: 0, outside: 0), green = 0, blue = 0
        image.forEach { x, y, p in
            let c = (x: Double(x) + 0.5, y: Double(y) + 0.5)
            if p.isRed { if inside(c, quads[0], margin: 2) { red.inside += 1 } else { red.outside += 1 } }
            if p.g > p.r + 40, p.g > p.b + 30, inside(c, quads[1], margin: 2) { green += 1 }
            if p.b > p.r + 80, p.b > p.g + 80, inside(c, quads[2], margin: 2) { blue += 1 }
        }
        XCTAssertGreaterThan(red.inside, Int(150 * f.k * f.k), "the red 1 on face 1; \(context)")
        XCTAssertEqual(red.outside, 0, "red only on face 1; \(context)")
        XCTAssertGreaterThan(green, Int(150 * f.k * f.k), "the green 2 on face 2; \(context)")
        XCTAssertGreaterThan(blue, Int(150 * f.k * f.k), "the blue 3 on face 3; \(context)")

        // The silhouette along the vertical through the centre: from the top vertex (0,-161.3)
        // to the bottom vertex (0,181.3); the light gray background above and below.
        let background = image[2, 2]
        XCTAssertTrue(background.isGray(230, tolerance: 3), "light gray background: \(background); \(context)")
        let column = Int(f.cx)
        let cube = (0..<image.height).filter { y in
            let p = image[column, y]
            return abs(p.brightness - background.brightness) > 30
        }
        if let top = cube.first, let bottom = cube.last {
            XCTAssertEqual(Double(top), f.pixel((0, -161.3)).y, accuracy: 2 + f.k, "top vertex; \(context)")
            XCTAssertEqual(Double(bottom + 1), f.pixel((0, 181.3)).y, accuracy: 2 + f.k, "bottom vertex; \(context)")
        } else {
            XCTFail("no cube on the centre column; \(context)")
        }
    }

    func testCornerOnSnapshotShowsFacesOneTwoThreeLitAsListing510() throws {
        let image = try snapshot([], saveAs: "cube-snapshot.png")
        XCTAssertEqual(image.width, 500, "the demo's preferred size is the book's 500x500 container")
        XCTAssertEqual(image.height, 500)
        assertCornerOn(image, "500x500 snapshot (\(DemoBinary.artifactsDirectory.path)/cube-snapshot.png)")
    }

    func testCornerOnSnapshotScalesToFitALandscapeSize() throws {
        let image = try snapshot(["--size", "800x600", "--camera", "corner-on"], saveAs: "cube-snapshot-800x600.png")
        XCTAssertEqual(image.width, 800)
        XCTAssertEqual(image.height, 600)
        assertCornerOn(image, "800x600 snapshot (\(DemoBinary.artifactsDirectory.path)/cube-snapshot-800x600.png)")
    }

    func testFaceOnSnapshotShowsOneSquareOfFace1() throws {
        let image = try snapshot(["--variant", "face-on"], saveAs: "cube-snapshot-face-on.png")
        let f = Frame(image)
        let context = "\(DemoBinary.artifactsDirectory.path)/cube-snapshot-face-on.png"
        // §7.2.1: face 1 projects to the square (-125,-125)...(125,125); it hides every other face.
        let lit = image.at(f.pixel((-115, -115)).x, f.pixel((-115, -115)).y)
        XCTAssertTrue(lit.isGray(241, tolerance: 4), "face 1's lit white (94.7%): \(lit); \(context)")
        for corner in [(-115.0, 115.0), (115.0, -115.0), (115.0, 115.0)] {
            XCTAssertEqual(image.at(f.pixel(corner).x, f.pixel(corner).y), lit, "inside the square at \(corner); \(context)")
        }
        for outside in [(-135.0, 0.0), (135.0, 0.0), (0.0, -135.0), (0.0, 135.0)] {
            let p = image.at(f.pixel(outside).x, f.pixel(outside).y)
            XCTAssertTrue(p.isGray(230, tolerance: 3), "background outside the square at \(outside): \(p); \(context)")
        }
        var red = 0
        image.forEach { x, y, p in if p.isRed { red += 1 } }
        XCTAssertGreaterThan(red, 300, "the red 1; \(context)")
    }

    func testUnknownCameraFailsWithStatus2() throws {
        let exe = try DemoBinary.locate().get()
        let dir = try makeScratchDirectory("e2e-cube")
        let demo = try ChildProcess(name: "demo", executable: exe,
                                    arguments: ["cube", "--camera", "sideways", "--snapshot", "x.png"],
                                    environment: environment(with: ["WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere"]),
                                    workingDirectory: dir.url, logDirectory: dir.url)
        XCTAssertTrue(demo.waitForExit(timeout: 10))
        XCTAssertEqual(demo.termination, .exit(2), "stderr: \(demo.stderr)")
        XCTAssertEqual(demo.stderrLines.count, 1, "one line: \(demo.stderr)")
        XCTAssertTrue(demo.stderr.contains("sideways"), demo.stderr)
    }
}
