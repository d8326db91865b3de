import Foundation
import LayerHost
import QuartzCore
import UIKit

/// The gallery: a sidebar of the demos (grouped by book and chapter, with a search field), the
/// selected demo running live in the stage, its description and keys above it, a property panel
/// beside it for the layer-class demos, and a "Source" tab with the demo's own Swift files.
@MainActor
final class GalleryViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The layout, in points (the end-to-end test clicks rows by these numbers).
    static let sidebarWidth: CGFloat = 250
    static let searchHeight: CGFloat = 44
    static let sectionHeaderHeight: CGFloat = 28
    static let rowHeight: CGFloat = 28
    static let headerHeight: CGFloat = 104

    private let host: any LayerHosting
    private let demos: [String: Demo]
    private let summaries: [String: String]
    private var sections = GalleryCatalog.sections

    let searchField = UITextField()
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let nameLabel = UILabel()
    private let summaryLabel = UILabel()
    private let keysLabel = UILabel()
    private let tabs = UISegmentedControl(items: ["Demo", "Source"])
    private let stage = UIView()
    private let sourceView = GallerySourceView()
    private let panel = GalleryPropertyPanel()
    private var showsPanel = false

    /// The demo shown.
    private(set) var pane: GalleryPane?
    /// Whether the stage is on screen (not the source tab): only then does the pane take input.
    var isStageShown: Bool { !stage.isHidden }

    init(host: any LayerHosting, demos: [Demo]) {
        self.host = host
        self.demos = Dictionary(uniqueKeysWithValues: demos.map { ($0.name, $0) })
        summaries = self.demos.mapValues(\.summary)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        searchField.placeholder = "Search demos"
        searchField.borderStyle = .roundedRect
        searchField.addAction(UIAction { [weak self] _ in self?.searchChanged() }, for: .editingChanged)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = Self.rowHeight
        tableView.sectionHeaderHeight = Self.sectionHeaderHeight
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "demo")
        tableView.backgroundColor = UIColor(white: 0.96, alpha: 1)
        nameLabel.font = UIFont.boldSystemFont(ofSize: 18)
        summaryLabel.font = UIFont.systemFont(ofSize: 12)
        summaryLabel.numberOfLines = 3
        summaryLabel.textColor = UIColor(white: 0.2, alpha: 1)
        keysLabel.font = UIFont.systemFont(ofSize: 11)
        keysLabel.textColor = UIColor(white: 0.45, alpha: 1)
        keysLabel.text = "Space pause · ←/→ step a frame · S slow motion · D debug overlays · R restart · V record · "
            + "PageUp/PageDown previous/next demo · / search · Tab source"
        tabs.selectedSegmentIndex = 0
        tabs.addAction(UIAction { [weak self] _ in self?.tabChanged() }, for: .valueChanged)
        stage.backgroundColor = .white
        stage.clipsToBounds = true
        sourceView.isHidden = true
        panel.isHidden = true
        for subview in [stage, sourceView, panel, tableView, searchField, nameLabel, summaryLabel, keysLabel, tabs] as [UIView] {
            view.addSubview(subview)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let size = view.bounds.size
        let side = Self.sidebarWidth
        searchField.frame = CGRect(x: 8, y: 8, width: side - 16, height: Self.searchHeight - 16)
        tableView.frame = CGRect(x: 0, y: Self.searchHeight, width: side, height: max(0, size.height - Self.searchHeight))
        let mainX = side + 16, mainWidth = max(0, size.width - side - 32)
        tabs.frame = CGRect(x: size.width - 16 - 150, y: 10, width: 150, height: 26)
        nameLabel.frame = CGRect(x: mainX, y: 10, width: max(0, mainWidth - 160), height: 24)
        summaryLabel.frame = CGRect(x: mainX, y: 38, width: mainWidth, height: 46)
        keysLabel.frame = CGRect(x: mainX, y: 84, width: mainWidth, height: 16)
        let panelWidth = showsPanel ? GalleryPropertyPanel.width : 0
        let content = CGRect(x: side, y: Self.headerHeight, width: max(1, size.width - side),
                             height: max(1, size.height - Self.headerHeight))
        stage.frame = CGRect(x: content.minX, y: content.minY, width: max(1, content.width - panelWidth), height: content.height)
        panel.frame = CGRect(x: content.maxX - panelWidth, y: content.minY, width: panelWidth, height: content.height)
        sourceView.frame = content
        pane?.layout(in: stage)
    }

    // MARK: Showing a demo

    /// Shows the demo named `name` in the stage (the running one stops first).
    func show(_ name: String) {
        guard let demo = demos[name], pane?.demo.name != name else { return }
        pane?.stop()
        pane = nil
        view.window?.makeKey()
        // Each demo starts from a clean slate of the shell's toggles.
        RenderDebugOptions.shared.overlay = .none
        view.layoutIfNeeded()
        let started = GalleryPane(demo, in: host, stage: stage)
        pane = started
        nameLabel.text = demo.name
        summaryLabel.text = started.failure.map { "\(demo.summary)\n(could not start here: status \($0))" } ?? demo.summary
        host.window.title = "Core Animation demos — \(demo.name)"
        if GalleryCatalog.layerClassDemos.contains(name),
           let (layer, className, properties) = GalleryProperty.panel(for: started.host.rootLayer) {
            panel.show(layer, className: className, properties: properties)
            showsPanel = true
        } else {
            showsPanel = false
        }
        if !sourceView.isHidden { sourceView.show(sourceOf: demo.sourceFile) }
        updateTab()
        view.setNeedsLayout()
        view.layoutIfNeeded()
        selectRow(of: name)
        print("gallery: showing \(name)")
        fflush(stdout)
    }

    /// The demo after (`by` 1) or before (-1) the shown one in the sidebar's order.
    func showNeighbour(by offset: Int) {
        let names = sections.flatMap(\.demos)
        guard !names.isEmpty else { return }
        let index = pane.flatMap { names.firstIndex(of: $0.demo.name) } ?? -offset
        show(names[(index + offset + names.count) % names.count])
    }

    private func selectRow(of name: String) {
        for (s, section) in sections.enumerated() {
            if let row = section.demos.firstIndex(of: name) {
                let path = IndexPath(row: row, section: s)
                let visible = tableView.indexPathsForVisibleRows ?? []
                // Scrolled to only when off screen (PageUp/PageDown, a search), never under the pointer.
                tableView.selectRow(at: path, animated: false, scrollPosition: visible.contains(path) ? .none : .middle)
                return
            }
        }
    }

    // MARK: Tabs

    func toggleTab() {
        tabs.selectedSegmentIndex = tabs.selectedSegmentIndex == 0 ? 1 : 0
        tabChanged()
    }

    private func tabChanged() {
        if tabs.selectedSegmentIndex == 1, let pane { sourceView.show(sourceOf: pane.demo.sourceFile) }
        updateTab()
    }

    private func updateTab() {
        let source = tabs.selectedSegmentIndex == 1
        sourceView.isHidden = !source
        stage.isHidden = source
        panel.isHidden = source || !showsPanel
    }

    // MARK: Search

    private func searchChanged() {
        sections = GalleryCatalog.sections(matching: searchField.text ?? "", summaries: summaries)
        tableView.reloadData()
        print("gallery: search \"\(searchField.text ?? "")\" (\(sections.reduce(0) { $0 + $1.demos.count }) demos)")
        fflush(stdout)
        if let name = pane?.demo.name { selectRow(of: name) }
    }

    /// Return in the search field shows the first match.
    func showFirstMatch() {
        if let first = sections.first?.demos.first { show(first) }
    }

    // MARK: Table

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].demos.count }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = UIView()
        header.backgroundColor = UIColor(white: 0.90, alpha: 1)
        let label = UILabel(frame: CGRect(x: 12, y: 0, width: Self.sidebarWidth - 16, height: Self.sectionHeaderHeight))
        label.font = UIFont.boldSystemFont(ofSize: 12)
        label.textColor = UIColor(white: 0.3, alpha: 1)
        label.text = sections[section].title
        header.addSubview(label)
        return header
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "demo", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section].demos[indexPath.row]
        cell.textLabel?.font = UIFont.systemFont(ofSize: 14)
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        show(sections[indexPath.section].demos[indexPath.row])
    }
}
