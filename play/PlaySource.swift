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
    /// For a `.playground` folder of several pages: the folder, and the page shown.
    var playground: URL? = nil
    var pageName: String? = nil
    /// For an app's folder: the type marked `@main` (its application delegate); nil for a page.
    var appDelegate: String? = nil
    /// The line of its declaration (in `page`).
    var appDelegateLine = 1

    /// For an app's folder without such a type: its `main.swift`, whose top-level code calls
    /// `UIApplicationMain` (run as a page's statements are, in the build's entry).
    var appMainFile: URL? = nil

    var isApp: Bool { appDelegate != nil || appMainFile != nil }

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
        guard url.pathExtension == "playground" else { return try app(in: url, page: requested) }
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
                          watched: [pageFile.deletingLastPathComponent()] + sourceFolders, pages: pageNames, title: title,
                          playground: url, pageName: pageNames.isEmpty ? nil : pageFile.deletingLastPathComponent()
                              .deletingPathExtension().lastPathComponent)
    }

    /// An app's folder: its Swift files (in subfolders too, but not hidden ones, `.build` or tests),
    /// the one type marked `@main` its delegate, a `Resources` folder its resources.
    private static func app(in url: URL, page requested: String?) throws -> PlaySource {
        let fm = FileManager.default
        var files: [URL] = []
        if let walker = fm.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) {
            for case let file as URL in walker {
                let name = file.lastPathComponent
                if (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    if name == ".build" || name == "Tests" || name.hasSuffix("Tests") || name.hasSuffix(".playground") {
                        walker.skipDescendants()
                    }
                } else if name.hasSuffix(".swift"), name != "Package.swift" {
                    files.append(file)
                }
            }
        }
        files.sort { $0.path < $1.path }
        guard !files.isEmpty else { throw Failure(description: "\(url.path) has no Swift files") }
        if requested != nil { throw Failure(description: "--page names a page of a .playground folder") }
        var mains: [(name: String, file: URL, line: Int)] = []
        for file in files {
            guard let data = fm.contents(atPath: file.path) else { throw Failure(description: "cannot read \(file.path)") }
            mains += MainTypes.find(in: String(decoding: data, as: UTF8.self), path: file.path).map { ($0.name, file, $0.line) }
        }
        let folders = Array(Set(files.map { $0.deletingLastPathComponent() })).sorted { $0.path < $1.path }
        let resources = url.appendingPathComponent("Resources")
        let hasResources = fm.fileExists(atPath: resources.path)
        let mainFiles = files.filter { $0.lastPathComponent == "main.swift" }
        if mains.isEmpty, mainFiles.count == 1 {
            return PlaySource(page: mainFiles[0], sources: files, resources: hasResources ? resources : nil,
                              resourceFolders: hasResources ? [resources] : [], watched: folders, pages: [],
                              title: url.lastPathComponent, appMainFile: mainFiles[0])
        }
        if let main = mains.first, let mainFile = mainFiles.first {
            throw Failure(description: "\(url.path) has both \(main.name) marked @main (\(main.file.path):\(main.line)) and "
                          + "\(mainFile.path): an app has one entry (Swift refuses both)")
        }
        guard mains.count == 1, let main = mains.first else {
            if mains.isEmpty {
                throw Failure(description: "\(url.path) is a folder of Swift files with no type marked @main and no main.swift: "
                              + "play runs an app (its delegate marked @main, as Xcode's template has it), a page or a .playground folder")
            }
            throw Failure(description: "\(url.path) has \(mains.count) types marked @main: "
                          + mains.map { "\($0.name) (\($0.file.path):\($0.line))" }.joined(separator: ", "))
        }
        return PlaySource(page: main.file, sources: files, resources: hasResources ? resources : nil,
                          resourceFolders: hasResources ? [resources] : [], watched: folders, pages: [],
                          title: url.lastPathComponent, appDelegate: main.name, appDelegateLine: main.line)
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
