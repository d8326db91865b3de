import Foundation

/// What `play PATH` runs: a page file, or a page of a `.playground` folder as Xcode lays it out
/// (`Contents.swift` for one page, `Pages/NAME.xcplaygroundpage/Contents.swift` for several, in the
/// order of `contents.xcplayground`), with the playground's `Sources/` (a module of its own whose
/// public names the page sees without an import; the page's own `Sources/` too) and `Resources/`
/// (where `UIImage(named:)` looks: the window's working directory; and `Bundle.main`'s resources).
struct PlaySource {
    /// The page's file.
    let page: URL
    /// The Swift files of the Sources folders.
    let sources: [URL]
    /// The Resources folder, when there is one (the page's, else the playground's).
    let resources: URL?
    /// Every Resources folder, the page's first: what `Bundle.main` finds, as in Xcode.
    var resourceFolders: [URL] = []
    /// The folders whose changes rebuild the page.
    let watched: [URL]
    /// The names of the playground's pages (empty for a page file).
    let pages: [String]
    /// The window's title.
    let title: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func locate(_ url: URL, page requested: String?) throws -> PlaySource {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw Failure(description: "\(url.path) does not exist")
        }
        guard isFolder.boolValue else {
            guard url.pathExtension == "swift" else { throw Failure(description: "\(url.path) is not a .swift file") }
            guard FileManager.default.isReadableFile(atPath: url.path) else { throw Failure(description: "cannot read \(url.path)") }
            if requested != nil { throw Failure(description: "--page names a page of a .playground folder") }
            return PlaySource(page: url, sources: [], resources: nil, resourceFolders: [], watched: [url.deletingLastPathComponent()],
                              pages: [], title: url.lastPathComponent)
        }
        guard url.pathExtension == "playground" else {
            let swift = (try? FileManager.default.subpathsOfDirectory(atPath: url.path))?.filter { $0.hasSuffix(".swift") } ?? []
            throw Failure(description: swift.isEmpty
                ? "\(url.path) has no Swift files"
                : "\(url.path) is a folder of Swift files: play runs a page or a .playground folder (an app's sources are not supported yet)")
        }
        let name = url.deletingPathExtension().lastPathComponent
        let pagesFolder = url.appendingPathComponent("Pages")
        let pageNames = pageOrder(in: url, pagesFolder: pagesFolder)
        let pageFile: URL, pageFolder: URL?
        if pageNames.isEmpty {
            if requested != nil { throw Failure(description: "\(url.lastPathComponent) has one page: leave out --page") }
            pageFile = url.appendingPathComponent("Contents.swift")
            pageFolder = nil
        } else {
            let chosen = requested ?? pageNames[0]
            guard pageNames.contains(chosen) else {
                throw Failure(description: "\(url.lastPathComponent) has no page \"\(chosen)\"; its pages: \(pageNames.joined(separator: ", "))")
            }
            pageFolder = pagesFolder.appendingPathComponent(chosen + ".xcplaygroundpage")
            pageFile = pageFolder!.appendingPathComponent("Contents.swift")
        }
        guard FileManager.default.isReadableFile(atPath: pageFile.path) else {
            throw Failure(description: "\(url.lastPathComponent) has no readable page at \(pageFile.path)")
        }
        var sourceFolders = [url.appendingPathComponent("Sources")]
        if let pageFolder { sourceFolders.append(pageFolder.appendingPathComponent("Sources")) }
        sourceFolders = sourceFolders.filter { FileManager.default.fileExists(atPath: $0.path) }
        let sources = sourceFolders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") }
                .sorted().map { folder.appendingPathComponent($0) }
        }
        let resourceFolders = [pageFolder?.appendingPathComponent("Resources"), url.appendingPathComponent("Resources")]
            .compactMap { $0 }.filter { FileManager.default.fileExists(atPath: $0.path) }
        let resources = resourceFolders.first
        let title = pageNames.isEmpty ? url.lastPathComponent : "\(name) — \(pageFile.deletingLastPathComponent().deletingPathExtension().lastPathComponent)"
        return PlaySource(page: pageFile, sources: sources, resources: resources, resourceFolders: resourceFolders,
                          watched: [pageFile.deletingLastPathComponent()] + sourceFolders, pages: pageNames, title: title)
    }

    /// The pages in Xcode's order (`contents.xcplayground`'s `<page name='…'/>`), else by name.
    private static func pageOrder(in playground: URL, pagesFolder: URL) -> [String] {
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: pagesFolder.path)) ?? [])
            .filter { $0.hasSuffix(".xcplaygroundpage") }.map { String($0.dropLast(".xcplaygroundpage".count)) }
        guard !found.isEmpty else { return [] }
        let manifest = (try? String(contentsOf: playground.appendingPathComponent("contents.xcplayground"), encoding: .utf8)) ?? ""
        var ordered: [String] = []
        var rest = Substring(manifest)
        while let range = rest.range(of: "<page name=") {
            rest = rest[range.upperBound...]
            guard let quote = rest.first, quote == "'" || quote == "\"" else { continue }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            let name = String(rest[..<end])
            if found.contains(name), !ordered.contains(name) { ordered.append(name) }
        }
        return ordered + found.filter { !ordered.contains($0) }.sorted()
    }
}
