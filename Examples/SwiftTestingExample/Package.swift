// swift-tools-version: 6.2
// An implementer's package: its own Base64 decoder, checked against WireCheck's vectors by `swift test`.
// In your package, depend on WireCheck by URL instead:
//   .package(url: "https://github.com/<org>/wirecheck", from: "…")
import PackageDescription

let package = Package(
    name: "SwiftTestingExample",
    // WireCheckTesting's own floor (SwiftPM refuses a lower one on Apple platforms; Linux ignores it).
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "WireCheck", path: "../..")],
    targets: [
        // The code under test knows nothing of WireCheck.
        .target(name: "ExampleBase64"),
        .testTarget(
            name: "ExampleBase64Tests",
            dependencies: [
                "ExampleBase64", .product(name: "WireCheckTesting", package: "WireCheck"),
                // The typed helpers of the family under test (WireCoreOps), for the typed shape.
                .product(name: "WireCheckTestingWireCore", package: "WireCheck"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
