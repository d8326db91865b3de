import Foundation
@testable import UIKit
import XCTest

/// Data assets read from an asset catalog folder and from a bundle's resources.
final class NSDataAssetTests: XCTestCase {
    private var folder: URL!
    private var savedDirectory = ""

    override func setUp() {
        let fm = FileManager.default
        folder = fm.temporaryDirectory.appendingPathComponent("NSDataAssetTests-\(UUID().uuidString)")
        let catalog = folder.appendingPathComponent("Assets.xcassets")
        try! fm.createDirectory(at: catalog.appendingPathComponent("Config.dataset"), withIntermediateDirectories: true)
        try! Data(#"{"data":[{"filename":"config.json","idiom":"universal","universal-type-identifier":"public.json"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: catalog.appendingPathComponent("Config.dataset/Contents.json"))
        try! Data(#"{"level":3}"#.utf8).write(to: catalog.appendingPathComponent("Config.dataset/config.json"))
        // A data set without a Contents.json: its only file.
        try! fm.createDirectory(at: catalog.appendingPathComponent("Notes.dataset"), withIntermediateDirectories: true)
        try! Data("notes".utf8).write(to: catalog.appendingPathComponent("Notes.dataset/notes.txt"))
        savedDirectory = fm.currentDirectoryPath
        XCTAssertTrue(fm.changeCurrentDirectoryPath(folder.path))
    }

    override func tearDown() {
        FileManager.default.changeCurrentDirectoryPath(savedDirectory)
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheCatalogInTheWorkingDirectoryIsRead() {
        let asset = NSDataAsset(name: "Config")
        XCTAssertNotNil(asset)
        XCTAssertEqual(asset?.name, "Config")
        XCTAssertEqual(asset.map { String(decoding: $0.data, as: UTF8.self) }, #"{"level":3}"#)
        XCTAssertEqual(asset?.typeIdentifier, "public.json")

        let notes = NSDataAsset(name: "Notes", bundle: .main)
        XCTAssertEqual(notes.map { String(decoding: $0.data, as: UTF8.self) }, "notes")
        XCTAssertEqual(notes?.typeIdentifier, "public.plain-text", "from the extension")
    }

    func testMissingOrEscapingNamesAreNil() {
        XCTAssertNil(NSDataAsset(name: "Missing"))
        XCTAssertNil(NSDataAsset(name: ""))
        XCTAssertNil(NSDataAsset(name: "../Assets.xcassets/Config"))
    }

    func testABundlesResourcesAreSearched() throws {
        let fm = FileManager.default
        let bundleFolder = folder.appendingPathComponent("Other.bundle")
        try fm.createDirectory(at: bundleFolder, withIntermediateDirectories: true)
        let bundle = try XCTUnwrap(Bundle(path: bundleFolder.path))
        let resources = try XCTUnwrap(bundle.resourcePath)
        try fm.createDirectory(atPath: resources, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: resources).appendingPathComponent("Blob.bin"))
        let blob = NSDataAsset(name: "Blob", bundle: bundle)
        XCTAssertEqual(blob?.data, Data([1, 2, 3]))
        XCTAssertEqual(blob?.typeIdentifier, "public.data")
        // The working directory's catalog comes first, whatever the bundle.
        XCTAssertNotNil(NSDataAsset(name: "Config", bundle: bundle))
    }
}
