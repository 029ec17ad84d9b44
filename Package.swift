// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "WireCheck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wirecheck", targets: ["WireCheckCLI"]),
        .library(name: "WireCore", targets: ["WireCore"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        // The fuzz package (Fuzz/) uses the C libraries for differential oracles.
        .library(name: "CSodium", targets: ["CSodium"]),
        .library(name: "COpenSSL", targets: ["COpenSSL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]),
        .target(name: "WireCore"),
        .target(name: "Conformance", dependencies: ["WireCore"]),
        .executableTarget(
            name: "WireCheckCLI",
            dependencies: [
                "WireCore", "Conformance", "CSodium",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "WireCoreTests", dependencies: ["WireCore", "CSodium"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CSodium", "COpenSSL"]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "WireCore", "CSodium"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
