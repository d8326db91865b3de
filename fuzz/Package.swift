// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the main package (scripts/fuzz builds and runs them). A package of its own so
// that the main package never carries the fuzzer's flags: scripts/fuzz passes `-sanitize=fuzzer` on
// the command line, which instruments this package and the main package's modules alike.
let package = Package(
    name: "CoreAnimationLinuxFuzz",
    dependencies: [.package(name: "CoreAnimationLinux", path: "..")],
    targets: [
        // libFuzzer's entry point, declared for Swift (each target's main.swift hands it its input callback).
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        // PNG and JPEG bytes into UIImage(data:) and both CGImage decoders.
        .executableTarget(name: "fuzz-images",
                          dependencies: ["FuzzDriver", .product(name: "UIKit", package: "CoreAnimationLinux"),
                                         .product(name: "CoreGraphics", package: "CoreAnimationLinux")],
                          path: "Sources/FuzzImages"),
        // Key paths and values of every kind into CALayer's setValue(_:forKey:) / setValue(_:forKeyPath:).
        .executableTarget(name: "fuzz-keyvalue",
                          dependencies: ["FuzzDriver", .product(name: "QuartzCore", package: "CoreAnimationLinux")],
                          path: "Sources/FuzzKeyValue"),
    ],
    swiftLanguageModes: [.v5]
)
