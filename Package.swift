// swift-tools-version: 6.2
import PackageDescription

let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdWebSocket = Target.Dependency.product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let jwtKit = Target.Dependency.product(name: "JWTKit", package: "jwt-kit")

let package = Package(
    name: "WireCheck",
    // Linux and macOS build everything; iOS builds the generic WireCheckTesting (its closure has no system library).
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "wirecheck", targets: ["WireCheckCLI"]),
        .library(name: "WireCore", targets: ["WireCore"]),
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
        .library(name: "HTTPExchange", targets: ["HTTPExchange"]),
        .library(name: "ModelExchange", targets: ["ModelExchange"]),
        .library(name: "CdevAuth", targets: ["CdevAuth"]),
        .library(name: "NanoTDF", targets: ["NanoTDF"]),
        .library(name: "ArkavoWire", targets: ["ArkavoWire"]),
        .library(name: "KASService", targets: ["KASService"]),
        .library(name: "ATProtoLexicon", targets: ["ATProtoLexicon"]),
        .library(name: "CatbirdMLS", targets: ["CatbirdMLS"]),
        .library(name: "CatbirdMLSClient", targets: ["CatbirdMLSClient"]),
        .library(name: "CdevService", targets: ["CdevService"]),
        .library(name: "CatbirdMLSService", targets: ["CatbirdMLSService"]),
        .library(name: "MockServers", targets: ["MockServers"]),
        .library(name: "WireCoreConformance", targets: ["WireCoreConformance"]),
        .library(name: "FlowDownConformance", targets: ["FlowDownConformance"]),
        .library(name: "CdevConformance", targets: ["CdevConformance"]),
        .library(name: "NanoTDFConformance", targets: ["NanoTDFConformance"]),
        .library(name: "ArkavoConformance", targets: ["ArkavoConformance"]),
        .library(name: "ATProtoConformance", targets: ["ATProtoConformance"]),
        .library(name: "CatbirdMLSConformance", targets: ["CatbirdMLSConformance"]),
        .library(name: "WireCheckFamilies", targets: ["WireCheckFamilies"]),
        // `swift test` for implementers: the vectors as resources, one test per case.
        .library(name: "WireCheckTesting", targets: ["WireCheckTesting"]),
        .library(name: "WireCheckTestingWireCore", targets: ["WireCheckTestingWireCore"]),
        .library(name: "WireCheckTestingCdev", targets: ["WireCheckTestingCdev"]),
        .library(name: "WireCheckTestingFlowDown", targets: ["WireCheckTestingFlowDown"]),
        .library(name: "WireCheckTestingATProto", targets: ["WireCheckTestingATProto"]),
        .library(name: "WireCheckTestingMLS", targets: ["WireCheckTestingMLS"]),
        .library(name: "WireCheckTestingNanoTDF", targets: ["WireCheckTestingNanoTDF"]),
        .library(name: "WireCheckTestingArkavo", targets: ["WireCheckTestingArkavo"]),
        // The fuzz package (Fuzz/) uses the C libraries for differential oracles.
        .library(name: "CSodium", targets: ["CSodium"]),
        .library(name: "COpenSSL", targets: ["COpenSSL"]),
        .library(name: "CrossCheck", targets: ["CrossCheck"]),
        .library(name: "SodiumCheck", targets: ["SodiumCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // System libraries, found by pkg-config (Debian's packages, or Homebrew's on macOS).
        .systemLibrary(
            name: "CSodium", pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        // libsecp256k1 (Debian libsecp256k1-dev): the independent secp256k1 of the NanoTDF cross-checks.
        .systemLibrary(
            name: "CSecp256k1", pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]),
        .systemLibrary(name: "CLibQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // zlib (Debian zlib1g-dev): gzip request bodies of Connect clients, for the mock KAS.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CFlatBuffersHeaders", pkgConfig: "flatbuffers", providers: [.apt(["libflatbuffers-dev"]), .brew(["flatbuffers"])]),
        // Independent implementations (libsodium, OpenSSL, swift-crypto) that tests, fuzzers and benchmarks check against.
        .target(name: "CrossCheck", dependencies: ["SodiumCheck", "COpenSSL", crypto]),
        // CrossCheck's libsodium half, on its own for the fuzz targets that need no swift-crypto.
        .target(name: "SodiumCheck", dependencies: ["WireCore", "CSodium"]),
        .target(name: "WireCore", dependencies: ["CBase64SIMD"]),
        // Base64 blocks decoded with AVX2 (chosen at run time; other CPUs use WireCore's scalar loop).
        .target(name: "CBase64SIMD"),
        // Framework-free HTTP request/response values and the MockService protocol.
        .target(name: "HTTPExchange", dependencies: ["WireCore"]),

        // Format modules.
        .target(name: "ModelExchange", dependencies: ["WireCore", crypto]),
        .target(name: "CdevAuth", dependencies: ["WireCore", crypto]),
        .target(name: "NanoTDF", dependencies: ["WireCore", "COpenSSL"]),
        // The code flatc generates from the Arkavo schemas (schemas/, regenerated by scripts/flatbuffers/generate.sh)
        // behind a C API: the FlatBuffers Verifier, a per-field reason for its refusals, decode and the generated builders.
        // Generated from the schemas in Vectors/arkavo/fbs/ (scripts/flatbuffers/generate.sh), which ship with the vectors.
        .target(name: "CArkavoFlatBuffers", dependencies: ["CFlatBuffersHeaders"]),
        // Arkavo WebSocket frames (NanoTDF spec section 13) and the Event and Metadata tables (section 14).
        .target(name: "ArkavoWire", dependencies: ["WireCore", "NanoTDF", "CArkavoFlatBuffers"]),
        // The mock KAS: the Arkavo WebSocket rewrap of NanoTDF spec section 13 and the OpenTDF KAS (section 9.5).
        .target(
            name: "KASService",
            dependencies: [
                "HTTPExchange", "NanoTDF", "ArkavoWire", "WireCore", "ConformanceKit", "ArkavoConformance", "CZlib", crypto,
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // atproto string formats, Lexicon v1 documents and the validator of JSON values against them.
        .target(name: "ATProtoLexicon", dependencies: ["WireCore"]),
        // The Catbird MLS v0 contract: its lexicon documents (resources), models, and XRPC client.
        .target(name: "CatbirdMLS", dependencies: ["ATProtoLexicon", "WireCore"], resources: [.copy("Lexicons")]),
        // The XRPC client of the Catbird MLS API on AsyncHTTPClient, with retries and cursor pages.
        .target(name: "CatbirdMLSClient", dependencies: ["CatbirdMLS", "ATProtoLexicon", "WireCore", asyncHTTPClient]),
        // libqrencode + libpng behind a C API that keeps libpng's longjmp on the C side.
        .target(name: "CQRPNG", dependencies: ["CLibQREncode", "CLibPNG"]),
        .target(name: "QRImage", dependencies: ["CQRPNG"]),
        // The Catbird MLS v0 API as request → response functions (the mock MLS server), without a server framework.
        .target(
            name: "CatbirdMLSService", dependencies: ["ATProtoLexicon", "CatbirdMLS", "HTTPExchange", "WireCore", crypto, grdb, jwtKit]),
        // The cdev HTTP API as request → response functions, without a server framework.
        .target(name: "CdevService", dependencies: ["WireCore", "HTTPExchange", "CdevAuth", "QRImage", logging]),

        // The generic harness (knows no family), then one conformance target per family.
        .target(name: "ConformanceKit", dependencies: ["WireCore", "HTTPExchange", crypto]),
        .target(name: "WireCoreConformance", dependencies: ["ConformanceKit", "WireCore"]),
        // The codec benchmarks, next to libsodium: apart from the suites, so that the typed helpers need no C library.
        .target(name: "WireCoreBench", dependencies: ["ConformanceKit", "WireCore", "WireCoreConformance", "CrossCheck"]),
        .target(name: "FlowDownConformance", dependencies: ["ConformanceKit", "WireCore", "ModelExchange", crypto]),
        .target(name: "CdevConformance", dependencies: ["ConformanceKit", "WireCore", "CdevAuth", crypto]),
        // cdev's live checks of the mock run in process (`wirecheck run`): apart, so the suites link no libqrencode or libpng.
        .target(name: "CdevEmbedded", dependencies: ["CdevAuth", "CdevConformance", "CdevService", "ConformanceKit", "WireCore"]),
        .target(name: "NanoTDFConformance", dependencies: ["ConformanceKit", "WireCore", "NanoTDF", "CrossCheck", crypto]),
        .target(name: "ArkavoConformance", dependencies: ["ConformanceKit", "WireCore", "NanoTDF", "NanoTDFConformance", "ArkavoWire"]),
        // Interop/ holds the vendored atproto-interop-tests snapshot (see its README).
        .target(name: "ATProtoConformance", dependencies: ["ConformanceKit", "WireCore", "ATProtoLexicon"], resources: [.copy("Interop")]),
        .target(
            name: "CatbirdMLSConformance",
            dependencies: [
                "ConformanceKit", "WireCore", "ATProtoLexicon", "ATProtoConformance", "CatbirdMLS",
                // uploadBlob-cid recomputes the blob's digest.
                crypto,
            ]),
        // The MLS family's parts that run the mock in process (the `mls/live` check of `wirecheck run`, the benchmark):
        // apart from CatbirdMLSConformance, so that WireCheckTesting's users do not build GRDB and jwt-kit.
        .target(
            name: "CatbirdMLSEmbedded",
            dependencies: [
                "ConformanceKit", "WireCore", "ATProtoLexicon", "CatbirdMLS", "CatbirdMLSConformance", "CatbirdMLSService", "HTTPExchange",
                // The mls/live-client check drives WireCheck's own client against the mock.
                "CatbirdMLSClient",
            ]),

        // The one list of families (CLI and WireCheckTesting), and the testing library on top of it.
        .target(
            name: "WireCheckFamilies",
            dependencies: [
                "ConformanceKit", "WireCoreConformance", "FlowDownConformance", "CdevConformance", "NanoTDFConformance",
                "ArkavoConformance",
                "ATProtoConformance", "CatbirdMLSConformance",
            ]),
        // The generic testing library: vectors, judge, expectations, both test styles. It judges every family from the
        // vectors and their schemas (DeclaredSuite), so it links no family's reference code and no C or system library
        // (FlowDownConformance, for four comparisons that decode or verify, needs swift-crypto only).
        .target(name: "WireCheckTesting", dependencies: ["ConformanceKit", "WireCore", "FlowDownConformance"]),
        // Typed helpers, one product per family: the family's op builders for `OpTable`.
        .target(name: "WireCheckTestingWireCore", dependencies: ["WireCoreConformance", "WireCore", "ConformanceKit"]),
        .target(name: "WireCheckTestingCdev", dependencies: ["CdevConformance", "CdevAuth", "ConformanceKit"]),
        .target(name: "WireCheckTestingFlowDown", dependencies: ["FlowDownConformance", "ModelExchange", "ConformanceKit", "WireCore"]),
        .target(name: "WireCheckTestingATProto", dependencies: ["ATProtoConformance", "ConformanceKit"]),
        .target(name: "WireCheckTestingMLS", dependencies: ["CatbirdMLSConformance", "ConformanceKit", "WireCore"]),
        // NanoTDF's reference needs OpenSSL (and libsecp256k1 for the cross-checks): this one is for Linux and macOS.
        .target(name: "WireCheckTestingNanoTDF", dependencies: ["NanoTDFConformance", "NanoTDF", "ConformanceKit"]),
        .target(
            name: "WireCheckTestingArkavo",
            dependencies: ["ArkavoConformance", "ArkavoWire", "NanoTDF", "WireCheckTestingNanoTDF", "ConformanceKit", "WireCore"]),

        // Hummingbird adapters for any MockService, written once.
        .target(name: "MockServers", dependencies: ["ConformanceKit", "HTTPExchange", hummingbird, hummingbirdWebSocket, logging]),
        // malloc, calloc and realloc counted for `wirecheck bench` (linked into the wirecheck executable only).
        .target(name: "CAllocationCount"),
        .executableTarget(
            name: "WireCheckCLI",
            dependencies: [
                "CAllocationCount", "WireCore", "WireCoreBench", "WireCoreConformance", "ConformanceKit", "FlowDownConformance",
                "CdevConformance", "CdevEmbedded", "NanoTDFConformance", "NanoTDF",
                "ArkavoConformance", "ArkavoWire", "WireCheckFamilies", "ATProtoLexicon", "CatbirdMLS", "CatbirdMLSService",
                "CatbirdMLSConformance", "CatbirdMLSEmbedded",
                "ModelExchange", "CdevAuth", "CdevService", "HTTPExchange", "MockServers", "QRImage", "KASService", logging,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Shared by the test targets: repository paths, the one fuzz fail-case loader, the vector loop.
        .target(name: "WireCheckTestSupport", dependencies: ["ConformanceKit", "WireCore"], path: "Tests/Support"),
        .testTarget(name: "WireCoreTests", dependencies: ["WireCore", "CrossCheck", "WireCheckTestSupport"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CSodium", "COpenSSL"]),
        .testTarget(name: "ModelExchangeTests", dependencies: ["ModelExchange", "WireCore", "CrossCheck", "WireCheckTestSupport"]),
        .testTarget(name: "NanoTDFTests", dependencies: ["NanoTDF", "WireCore"]),
        .testTarget(
            name: "ArkavoWireTests",
            dependencies: ["ArkavoWire", "ArkavoConformance", "NanoTDF", "ConformanceKit", "WireCore", "WireCheckTestSupport"]),
        .testTarget(name: "ATProtoLexiconTests", dependencies: ["ATProtoLexicon", "ATProtoConformance", "WireCore", crypto]),
        .testTarget(name: "CatbirdMLSTests", dependencies: ["CatbirdMLS", "ATProtoLexicon", "WireCore", "WireCheckTestSupport"]),
        .testTarget(
            name: "CatbirdMLSServiceTests",
            dependencies: [
                "CatbirdMLSService", "CatbirdMLS", "CatbirdMLSClient", "CatbirdMLSConformance", "CatbirdMLSEmbedded", "ATProtoLexicon",
                "HTTPExchange", "WireCore",
                "MockServers",
                "ConformanceKit", logging, grdb, jwtKit,
            ]),
        .testTarget(name: "CdevAuthTests", dependencies: ["CdevAuth", "WireCore", "CrossCheck", "WireCheckTestSupport"]),
        .testTarget(name: "CdevServiceTests", dependencies: ["CdevService", "HTTPExchange", "CdevAuth", "QRImage", "WireCore"]),
        .testTarget(
            name: "MockServersTests",
            dependencies: [
                "MockServers", "HTTPExchange", "CdevService", "CdevAuth", "CdevConformance", "ConformanceKit", "WireCore", "CatbirdMLSService",
                "KASService", "NanoTDF", "ArkavoWire", "CrossCheck", logging, crypto,
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "ConformanceKit", "WireCoreConformance", "FlowDownConformance", "CdevConformance", "NanoTDFConformance", "WireCore",
                "CrossCheck", "CdevAuth", "WireCheckTestSupport", "NanoTDF", "CSecp256k1", crypto, "WireCheckFamilies", "WireCheckTesting",
                "CatbirdMLSEmbedded", "WireCoreBench", "CdevEmbedded", "WireCheckTestingCdev", "WireCheckTestingFlowDown",
                "WireCheckTestingATProto", "WireCheckTestingMLS", "WireCheckTestingNanoTDF", "WireCheckTestingArkavo", "KASService",
                "ArkavoConformance", .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
