import Foundation
import QuartzCore
import UIKit

/// Lockwood's image-loading benchmark (listing 14.6): a table of the seven sizes of "Coast Photos";
/// each cell, as it is configured, starts a high-priority background job that loads and draws the
/// size's PNG, then its JPEG, again and again for at least `minimumDuration` seconds each, and
/// puts the average milliseconds per image in the cell's detail label. Each result is also logged.
final class ImageBenchViewController: UIViewController, UITableViewDataSource {
    let tableView = UITableView(frame: .zero, style: .plain)
    private(set) var items: [String] = []
    /// The book's "at least one second" per format and size (`--seconds` shortens it).
    let minimumDuration: CFTimeInterval
    /// The rows whose result has arrived.
    private(set) var finishedRows = 0

    init(minimumDuration: CFTimeInterval) {
        self.minimumDuration = minimumDuration
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        view.addSubview(tableView)

        // The image names: the sizes.
        items = ImageBenchFiles.sizes
    }

    /// Loads and draws the file at `path` until at least `minimumDuration` has passed; returns the
    /// average seconds per image. `nonisolated`: it runs on the background queue.
    nonisolated private static func loadImageForOneSec(_ path: String, minimumDuration: CFTimeInterval) -> CFTimeInterval {
        // A 1×1 context: drawing into it forces the decompression.
        UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))

        var imagesLoaded = 0
        var endTime: CFTimeInterval = 0
        // Foundation's reading of CFAbsoluteTimeGetCurrent().
        let startTime = Date().timeIntervalSinceReferenceDate
        while endTime - startTime < minimumDuration {
            let image = UIImage(contentsOfFile: path)
            image?.draw(at: .zero)
            imagesLoaded += 1
            endTime = Date().timeIntervalSinceReferenceDate
        }

        UIGraphicsEndImageContext()
        return (endTime - startTime) / CFTimeInterval(imagesLoaded)
    }

    private func loadImage(at index: Int) {
        let fileName = items[index]
        let folder = ImageBenchFiles.directory.appendingPathComponent(ImageBenchFiles.imageFolder)
        let pngPath = folder.appendingPathComponent(fileName + ".png").path
        let jpgPath = folder.appendingPathComponent(fileName + ".jpg").path
        let minimumDuration = minimumDuration
        // Off the main thread, so that the table shows between the runs.
        DispatchQueue.global(qos: .userInteractive).async {
            let pngTime = Int(Self.loadImageForOneSec(pngPath, minimumDuration: minimumDuration) * 1000)
            let jpgTime = Int(Self.loadImageForOneSec(jpgPath, minimumDuration: minimumDuration) * 1000)

            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    let indexPath = IndexPath(row: index, section: 0)
                    let text = String(format: "PNG: %03ims   JPG: %03ims", pngTime, jpgTime)
                    self.tableView.cellForRow(at: indexPath)?.detailTextLabel?.text = text
                    self.finishedRows += 1
                    demoLog("\(fileName): \(text)")
                }
            }
        }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell")
            ?? UITableViewCell(style: .value1, reuseIdentifier: "Cell")

        let imageName = items[indexPath.row]
        cell.textLabel?.text = imageName
        cell.detailTextLabel?.text = "Loading..."

        loadImage(at: indexPath.row)
        return cell
    }
}
