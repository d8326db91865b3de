// swift-tools-version:6.0
// A starter app: Xcode's iOS app template (an app delegate, a scene delegate, a view controller) with
// one animated layer, built against this project's UIKit. `swift run` opens its window.
import Foundation
import PackageDescription

// This project, from the clone this folder is in (whatever that folder is called). A package of your
// own names it by URL and version instead:
//     .package(url: "https://…/CoreAnimationLinux.git", from: "1.0.0")
// and its products by the package's name: .product(name: "UIKit", package: "CoreAnimationLinux").
let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL

let package = Package(
    name: "Starter",
    dependencies: [.package(path: project.path)],
    targets: [
        .executableTarget(name: "Starter", dependencies: [
            .product(name: "UIKit", package: project.lastPathComponent),
        ]),
    ],
    // Code written for Apple's platforms compiles in the Swift 5 language mode.
    swiftLanguageModes: [.v5]
)
