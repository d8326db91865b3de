/// The gallery's sidebar: the demos grouped by book and chapter, in the books' order.
enum GalleryCatalog {
    struct Section {
        let title: String
        let demos: [String]
    }

    static let sections: [Section] = [
        Section(title: "Lockwood 1–3 · Layers", demos: ["layers", "snowman", "sprites", "stretch", "zorder", "clock"]),
        Section(title: "Lockwood 4 · Effects", demos: ["lcd-clock", "effects", "mask", "scaling", "group-opacity"]),
        Section(title: "Lockwood 5 · Transforms", demos: ["cube", "affine", "perspective", "flatten"]),
        Section(title: "Lockwood 6 · Layer classes", demos: ["cubes", "shapes", "text", "gradient", "replicator",
                                                                  "reflection", "scroll-layer", "tiles", "explosion",
                                                                  "gl-triangle", "video"]),
        Section(title: "Lockwood 7 · Implicit", demos: ["color", "presentation"]),
        Section(title: "Lockwood 8 · Explicit", demos: ["ship", "spin", "transitions", "snapshot", "tabs"]),
        Section(title: "Lockwood 9 · Layer time", demos: ["door", "timing"]),
        Section(title: "Lockwood 10–11 · Easing", demos: ["easing", "ball", "crates"]),
        Section(title: "Lockwood 12–15 · Speed", demos: ["contacts", "sketch", "chalk", "carousel", "image-bench", "matrix3d"]),
        Section(title: "Apple · Programming Guide", demos: ["gravity", "transactions", "path-bounce", "border-group",
                                                                           "anatomy", "constraints"]),
        Section(title: "Neuburg 4 · Views", demos: ["mars", "view-anim"]),
        Section(title: "Neuburg 17 · Layers", demos: ["actions", "compass", "sailboat", "thickness", "waterfall",
                                                               "flash", "autolayout"]),
    ]

    /// The demos of a specialized layer class: the gallery shows a property panel for their layer.
    static let layerClassDemos: Set<String> = ["cubes", "shapes", "text", "gradient", "replicator", "reflection",
                                               "scroll-layer", "explosion", "waterfall"]

    /// The sections with only the demos whose name or summary contains every word of `query`
    /// (case-insensitive); sections left empty are dropped. An empty query keeps everything.
    static func sections(matching query: String, summaries: [String: String]) -> [Section] {
        let words = query.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { return sections }
        return sections.compactMap { section in
            let kept = section.demos.filter { name in
                let haystack = (name + " " + (summaries[name] ?? "") + " " + section.title).lowercased()
                return words.allSatisfy { haystack.contains($0) }
            }
            return kept.isEmpty ? nil : Section(title: section.title, demos: kept)
        }
    }
}
