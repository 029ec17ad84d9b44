// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "WireCheck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wirecheck", targets: ["WireCheckCLI"]),
        .library(name: "WireCore", targets: ["WireCore"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "ModelExchange", targets: ["ModelExchange"]),
        .library(name: "CdevAuth", targets: ["CdevAuth"]),
        // The fuzz package (Fuzz/) uses the C libraries for differential oracles.
        .library(name: "CSodium", targets: ["CSodium"]),
        .library(name: "COpenSSL", targets: ["COpenSSL"]),
        .library(name: "CrossCheck", targets: ["CrossCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]),
        .target(name: "WireCore"),
        .target(
            name: "ModelExchange",
            dependencies: ["WireCore", .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "CdevAuth",
            dependencies: ["WireCore", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Conformance", dependencies: ["WireCore", "ModelExchange", "CdevAuth"]),
        // Independent implementations (libsodium, OpenSSL) that tests, fuzzers and benchmarks check against.
        .target(name: "CrossCheck", dependencies: ["WireCore", "CSodium", "COpenSSL"]),
        .executableTarget(
            name: "WireCheckCLI",
            dependencies: [
                "WireCore", "Conformance", "CrossCheck", "ModelExchange", "CdevAuth", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "WireCoreTests", dependencies: ["WireCore", "CrossCheck"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CSodium", "COpenSSL"]),
        .testTarget(name: "ModelExchangeTests", dependencies: ["ModelExchange", "WireCore", "CrossCheck"]),
        .testTarget(name: "CdevAuthTests", dependencies: ["CdevAuth", "WireCore", "CrossCheck"]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "WireCore", "CrossCheck", "CdevAuth"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
