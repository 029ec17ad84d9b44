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
        .library(name: "CdevService", targets: ["CdevService"]),
        .library(name: "MockServers", targets: ["MockServers"]),
        // The fuzz package (Fuzz/) uses the C libraries for differential oracles.
        .library(name: "CSodium", targets: ["CSodium"]),
        .library(name: "COpenSSL", targets: ["COpenSSL"]),
        .library(name: "CrossCheck", targets: ["CrossCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
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
        // libqrencode + libpng behind a C API that keeps libpng's longjmp on the C side.
        .target(name: "CQRPNG", linkerSettings: [.linkedLibrary("qrencode"), .linkedLibrary("png16")]),
        .target(name: "QRImage", dependencies: ["CQRPNG"]),
        // The cdev HTTP API as request → response functions, without a server framework.
        .target(name: "CdevService", dependencies: ["WireCore", "CdevAuth", "QRImage"]),
        .target(
            name: "MockServers",
            dependencies: [
                "WireCore", "CdevAuth", "CdevService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "Conformance",
            dependencies: ["WireCore", "ModelExchange", "CdevAuth", "CdevService", .product(name: "Crypto", package: "swift-crypto")]),
        // Independent implementations (libsodium, OpenSSL) that tests, fuzzers and benchmarks check against.
        .target(name: "CrossCheck", dependencies: ["WireCore", "CSodium", "COpenSSL"]),
        .executableTarget(
            name: "WireCheckCLI",
            dependencies: [
                "WireCore", "Conformance", "CrossCheck", "ModelExchange", "CdevAuth", "CdevService", "MockServers", "QRImage",
                .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "WireCoreTests", dependencies: ["WireCore", "CrossCheck"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CSodium", "COpenSSL"]),
        .testTarget(name: "ModelExchangeTests", dependencies: ["ModelExchange", "WireCore", "CrossCheck"]),
        .testTarget(name: "CdevAuthTests", dependencies: ["CdevAuth", "WireCore", "CrossCheck"]),
        .testTarget(name: "CdevServiceTests", dependencies: ["CdevService", "CdevAuth", "QRImage", "WireCore"]),
        .testTarget(
            name: "MockServersTests",
            dependencies: ["MockServers", "CdevService", "CdevAuth", "Conformance", "WireCore", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "WireCore", "CrossCheck", "CdevAuth"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
