import Foundation

/// The name of a data asset (Apple's type).
public typealias NSDataAssetName = String

/// The contents of a data set in an asset catalog: Xcode's `Assets.xcassets/NAME.dataset/` folder,
/// whose `Contents.json` names the file (`"data": [{"filename": …, "universal-type-identifier": …}]`).
///
/// There is no compiled catalog on Linux: the folder is read as it is, looked for in
/// `Assets.xcassets` of the working directory, then of the bundle's resource path; a file of the
/// asset's name (any extension) directly in the resource path is found too.
open class NSDataAsset: NSObject, @unchecked Sendable {
    /// The name the asset was looked up by.
    public let name: NSDataAssetName
    /// The file's bytes.
    public let data: Data
    /// The file's uniform type identifier: Contents.json's `universal-type-identifier`, else one
    /// from the file's extension (`public.json`, `public.png`, …, `public.data` when unknown).
    public let typeIdentifier: String

    /// The asset `name` of the main bundle; nil when there is none.
    public convenience init?(name: NSDataAssetName) {
        self.init(name: name, bundle: .main)
    }

    /// The asset `name`, looked for in the working directory's catalog and `bundle`'s resources;
    /// nil when there is none or it cannot be read.
    public init?(name: NSDataAssetName, bundle: Bundle) {
        guard let found = NSDataAsset.locate(name, in: bundle),
              let bytes = FileManager.default.contents(atPath: found.path) else { return nil }
        self.name = name
        self.data = bytes
        self.typeIdentifier = found.type ?? NSDataAsset.typeIdentifier(forExtension: (found.path as NSString).pathExtension)
        super.init()
    }

    /// The file of the asset and the type its Contents.json gives.
    private static func locate(_ name: String, in bundle: Bundle) -> (path: String, type: String?)? {
        // A name is one path component or a catalog folder path ("Folder/Name"), never one going up.
        guard !name.isEmpty, !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            return nil
        }
        let fm = FileManager.default
        var catalogs = [(fm.currentDirectoryPath as NSString).appendingPathComponent("Assets.xcassets")]
        if let resources = bundle.resourcePath {
            catalogs.append((resources as NSString).appendingPathComponent("Assets.xcassets"))
        }
        for catalog in catalogs {
            let folder = (catalog as NSString).appendingPathComponent(name + ".dataset")
            if let found = dataSetFile(in: folder) { return found }
        }
        guard let resources = bundle.resourcePath,
              let files = try? fm.contentsOfDirectory(atPath: resources) else { return nil }
        for file in files.sorted() where (file as NSString).deletingPathExtension == name {
            let path = (resources as NSString).appendingPathComponent(file)
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { return (path, nil) }
        }
        return nil
    }

    /// The file a `.dataset` folder holds: the one Contents.json names, else its only other file.
    private static func dataSetFile(in folder: String) -> (path: String, type: String?)? {
        let fm = FileManager.default
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        if let json = fm.contents(atPath: contents),
           let root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
           let entries = root["data"] as? [[String: Any]] {
            // The universal entry is preferred, as for a device with no more specific one.
            let ordered = entries.filter { ($0["idiom"] as? String ?? "universal") == "universal" }
                + entries.filter { ($0["idiom"] as? String ?? "universal") != "universal" }
            for entry in ordered {
                guard let file = entry["filename"] as? String, !file.contains("/") else { continue }
                let path = (folder as NSString).appendingPathComponent(file)
                if fm.isReadableFile(atPath: path) { return (path, entry["universal-type-identifier"] as? String) }
            }
        }
        guard let files = try? fm.contentsOfDirectory(atPath: folder) else { return nil }
        let others = files.filter { $0 != "Contents.json" && !$0.hasPrefix(".") }
        guard others.count == 1 else { return nil }
        return ((folder as NSString).appendingPathComponent(others[0]), nil)
    }

    /// The uniform type identifier of a file extension (the common ones).
    static func typeIdentifier(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "json": return "public.json"
        case "txt", "text": return "public.plain-text"
        case "xml": return "public.xml"
        case "plist": return "com.apple.property-list"
        case "png": return "public.png"
        case "jpg", "jpeg": return "public.jpeg"
        case "gif": return "com.compuserve.gif"
        case "pdf": return "com.adobe.pdf"
        case "html", "htm": return "public.html"
        case "csv": return "public.comma-separated-values-text"
        case "mp3": return "public.mp3"
        case "wav": return "com.microsoft.waveform-audio"
        case "zip": return "public.zip-archive"
        default: return "public.data"
        }
    }
}
