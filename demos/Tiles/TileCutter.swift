import CoreGraphics
import Foundation

/// Cuts a large image into square tiles named `<name>_XX_YY` (XX the column, YY the row, two
/// digits), ceil(size / tile) of them along each axis; the last row and column keep what is left.
/// `demo tiles --cut DIR` writes the snowman's 64 tiles with it; the demo draws from the same cut.
enum TileCutter {
    struct Tile {
        let column: Int
        let row: Int
        let name: String
        let image: CGImage
    }

    static func name(_ prefix: String, column: Int, row: Int) -> String {
        prefix + String(format: "_%02d_%02d", column, row)
    }

    /// The tiles of `image`, `side` pixels square, row by row.
    static func cut(_ image: CGImage, side: Int = 256, name prefix: String = "Snowman") -> [Tile] {
        guard side > 0 else { return [] }
        let columns = (image.width + side - 1) / side, rows = (image.height + side - 1) / side
        var tiles: [Tile] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let rect = CGRect(x: column * side, y: row * side, width: side, height: side)
                guard let piece = image.cropping(to: rect) else { continue }
                tiles.append(Tile(column: column, row: row, name: name(prefix, column: column, row: row), image: piece))
            }
        }
        return tiles
    }

    /// `demo tiles --cut DIR [--jpeg]`: writes the snowman's tiles into `directory` (made if missing)
    /// as PNG, or JPEG at quality 0.9; prints how many were written. Returns the exit status.
    static func run(into directory: String, jpeg: Bool) -> Int32 {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let tiles = cut(TilesArt.picture())
            for tile in tiles {
                let data = jpeg ? tile.image.jpegData(quality: 0.9) : tile.image.pngData()
                guard let data else { throw CocoaError(.fileWriteUnknown) }
                let path = (directory as NSString).appendingPathComponent(tile.name + (jpeg ? ".jpg" : ".png"))
                try data.write(to: URL(fileURLWithPath: path))
            }
            print("\(tiles.count) tiles in \(directory)")
            return 0
        } catch {
            writeStandardError("demo tiles: cannot write the tiles into \(directory): \(error)\n")
            return 1
        }
    }
}
