import Foundation
import QuartzCore
import UIKit

/// Lockwood's contacts list (listings 12.1 and 12.2): a table of 1000 rows, each a random name and a
/// random avatar. Configuring a cell decodes the avatar's PNG data again (the listing loads the file
/// every time), shadows the image view and the clear-backed text label, and clips the cell; with
/// `rasterizes` (listing 12.2) the cell's layer is rasterized at the screen's scale, so its shadows
/// are drawn once into a kept bitmap instead of every frame.
final class ContactsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    struct Item {
        let name: String
        let avatar: ContactsArt.Avatar
    }

    static let rowCount = 1000
    static let firstNames = ["Alice", "Bob", "Bill", "Charles", "Dan", "Dave", "Ethan", "Frank"]
    static let lastNames = ["Appleseed", "Bandicoot", "Caravan", "Dabble", "Ernest", "Fortune"]

    let items: [Item]
    let tableView = UITableView(frame: .zero, style: .plain)
    /// Listing 12.2: cells are rasterized.
    private(set) var rasterizes: Bool
    /// Told after each cell is configured for a row.
    var didConfigure: ((UITableViewCell, Int) -> Void)?
    /// Told after each scroll, with the content offset's y.
    var didScroll: ((CGFloat) -> Void)?

    init(seed: UInt64, rasterizes: Bool) {
        items = Self.makeItems(seed: seed)
        self.rasterizes = rasterizes
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The mock data: `rowCount` names and avatars from a seeded generator (the listing's `rand()`).
    static func makeItems(seed: UInt64) -> [Item] {
        var generator = CubesScene.SeededGenerator(seed: seed)
        return (0..<rowCount).map { _ in
            let first = firstNames.randomElement(using: &generator)!
            let last = lastNames.randomElement(using: &generator)!
            return Item(name: "\(first) \(last)", avatar: ContactsArt.Avatar.allCases.randomElement(using: &generator)!)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let item = items[indexPath.row]
        // Decoded again for every configuration, as the listing loads its file.
        cell.imageView?.image = ContactsArt.pngData[item.avatar].flatMap { UIImage(data: $0, scale: 2) }
        cell.textLabel?.text = item.name

        cell.imageView?.layer.shadowOffset = CGSize(width: 0, height: 5)
        cell.imageView?.layer.shadowOpacity = 0.75
        cell.clipsToBounds = true

        cell.textLabel?.backgroundColor = .clear
        cell.textLabel?.layer.shadowOffset = CGSize(width: 0, height: 2)
        cell.textLabel?.layer.shadowOpacity = 0.5

        applyRasterization(to: cell)
        didConfigure?(cell, indexPath.row)
        return cell
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        didScroll?(scrollView.contentOffset.y)
    }

    /// Listing 12.2's two lines (or their undoing).
    private func applyRasterization(to cell: UITableViewCell) {
        cell.layer.shouldRasterize = rasterizes
        cell.layer.rasterizationScale = rasterizes ? UIScreen.main.scale : 1
    }

    /// Turns rasterization on or off for every cell on screen; the others get it when configured.
    func setRasterizes(_ on: Bool) {
        rasterizes = on
        for cell in tableView.visibleCells { applyRasterization(to: cell) }
    }
}
