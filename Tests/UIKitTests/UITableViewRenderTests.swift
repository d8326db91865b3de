import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// A plain table rendered with `CARenderer` (written to /tmp/table-plain.png to look at): hairline
/// separators inset from the leading edge, the selected row's grey background, the labels' ink.
final class UITableViewRenderTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private final class Rows: UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "value1", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            cell.detailTextLabel?.text = "detail"
            cell.accessoryType = indexPath.row == 2 ? .checkmark : .disclosureIndicator
            return cell
        }
    }

    @MainActor private final class Value1Cell: UITableViewCell {
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .value1, reuseIdentifier: reuseIdentifier)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
    }

    func testAPlainTableDrawsRowsSeparatorsAndTheSelection() throws { try MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 100)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 220), style: .plain)
        let rows = Rows()
        table.register(Value1Cell.self, forCellReuseIdentifier: "value1")
        table.dataSource = rows
        table.layoutIfNeeded()
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        XCTAssertEqual(table.visibleCells.count, 5)

        let ctx = CGContext(data: nil, width: 320, height: 220, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = table.layer
        renderer.bounds = table.bounds
        CATransaction.flush()
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        if let png = ctx.makeImage()?.pngData() { try png.write(to: URL(fileURLWithPath: "/tmp/table-plain.png")) }

        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let data = ctx.data!.assumingMemoryBound(to: UInt8.self)
            let i = y * ctx.bytesPerRow + x * 4
            return (Int(data[i + 2]), Int(data[i + 1]), Int(data[i]))
        }
        // The hairline at the bottom of row 0 (y 43), from x 16 on; white before the inset.
        let line = pixel(100, 43)
        XCTAssertTrue(line.r < 230 && line.r > 150, "\(line)")
        XCTAssertGreaterThan(pixel(8, 43).r, 250)
        XCTAssertGreaterThan(pixel(100, 40).r, 250, "white row")
        // The selected row 1 is grey across, the others white.
        let selected = pixel(200, 60)
        XCTAssertTrue(selected.r < 230 && selected.r > 180 && abs(selected.r - selected.b) < 4, "\(selected)")
        XCTAssertGreaterThan(pixel(200, 110).r, 250)
        // "Row 0" leaves dark ink on the left of row 0.
        var ink = 0
        for y in 10..<34 { for x in 16..<80 where pixel(x, y).r < 100 { ink += 1 } }
        XCTAssertGreaterThan(ink, 20)
        // The check mark of row 2 is blue at the trailing edge; the chevrons are grey.
        var blue = 0
        for y in 88..<132 { for x in 280..<320 { let p = pixel(x, y); if p.b > 200 && p.r < 100 { blue += 1 } } }
        XCTAssertGreaterThan(blue, 3)
    }}
}
