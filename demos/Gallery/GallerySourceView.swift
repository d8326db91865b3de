import Foundation
import UIKit

/// The gallery's "Source" tab: the Swift files of the selected demo's folder, its main file first,
/// read from where the demo was built (a clone of the project has them).
@MainActor
final class GallerySourceView: UIScrollView {
    /// Lines per label: a label is one text layer, kept to a bitmap of modest height.
    private static let linesPerLabel = 60
    private static let font = UIFont.monospacedSystemFont(ofSize: 11, weight: .regular)
    private static let inset: CGFloat = 12
    private var labels: [UILabel] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.97, alpha: 1)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows the sources of the demo whose main file is `path`.
    func show(sourceOf path: String) {
        for label in labels { label.removeFromSuperview() }
        labels = []
        var lines: [String] = []
        for file in Self.files(besides: path) {
            lines.append("// ─── \((file as NSString).lastPathComponent) ───")
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                lines.append("// (not readable at \(file))")
            }
            lines.append("")
        }
        if lines.isEmpty { lines = ["// The demo's source is not at \(path): run the gallery from a clone of the project."] }
        var y = Self.inset
        var width: CGFloat = 0
        for start in stride(from: 0, to: lines.count, by: Self.linesPerLabel) {
            let label = UILabel()
            label.font = Self.font
            label.numberOfLines = 0
            label.textColor = UIColor(white: 0.15, alpha: 1)
            label.text = lines[start..<min(start + Self.linesPerLabel, lines.count)].joined(separator: "\n")
            label.sizeToFit()
            label.frame.origin = CGPoint(x: Self.inset, y: y)
            y += label.frame.height
            width = max(width, label.frame.width)
            addSubview(label)
            labels.append(label)
        }
        contentSize = CGSize(width: width + 2 * Self.inset, height: y + Self.inset)
        contentOffset = .zero
    }

    /// `path` and the other Swift files of its folder, by name.
    static func files(besides path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".swift") }
            .map { (folder as NSString).appendingPathComponent($0) }
            .filter { $0 != path }
            .sorted()
        return [path] + others
    }
}
