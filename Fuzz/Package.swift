// swift-tools-version: 6.2
// libFuzzer targets, one executable per decoder. Built only by Fuzz/build.sh, which holds the recipe (the
// fuzzing spec's flags, plus the fixes FINDINGS.md D7 and D8 explain); a plain `swift build` here would
// give fuzzers without coverage or AddressSanitizer.
import PackageDescription

let wireCore = Target.Dependency.product(name: "WireCore", package: "WireCheck")
let crossCheck = Target.Dependency.product(name: "CrossCheck", package: "WireCheck")
// libsodium alone: a target without swift-crypto does not carry BoringSSL's coverage counters.
let sodiumCheck = Target.Dependency.product(name: "SodiumCheck", package: "WireCheck")
let modelExchange = Target.Dependency.product(name: "ModelExchange", package: "WireCheck")
let cdevAuth = Target.Dependency.product(name: "CdevAuth", package: "WireCheck")
let cdevService = Target.Dependency.product(name: "CdevService", package: "WireCheck")
let httpExchange = Target.Dependency.product(name: "HTTPExchange", package: "WireCheck")
let nanoTDF = Target.Dependency.product(name: "NanoTDF", package: "WireCheck")
let arkavoWire = Target.Dependency.product(name: "ArkavoWire", package: "WireCheck")
let atprotoLexicon = Target.Dependency.product(name: "ATProtoLexicon", package: "WireCheck")
let catbirdMLS = Target.Dependency.product(name: "CatbirdMLS", package: "WireCheck")
let kasService = Target.Dependency.product(name: "KASService", package: "WireCheck")

let package = Package(
    name: "WireCheckFuzz",
    dependencies: [.package(name: "WireCheck", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [wireCore, "FuzzSanitizerDefaults"]),
        // AddressSanitizer defaults linked into every target (through FuzzSupport).
        .target(name: "FuzzSanitizerDefaults"),
        .executableTarget(name: "FuzzBase64", dependencies: ["FuzzSupport", wireCore, sodiumCheck]),
        .executableTarget(name: "FuzzQueryEncoding", dependencies: ["FuzzSupport", wireCore]),
        .executableTarget(name: "FuzzHex", dependencies: ["FuzzSupport", wireCore, sodiumCheck]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", wireCore]),
        .executableTarget(name: "FuzzFlowDownURL", dependencies: ["FuzzSupport", wireCore, modelExchange]),
        .executableTarget(name: "FuzzFlowDownPayload", dependencies: ["FuzzSupport", wireCore, modelExchange, crossCheck]),
        .executableTarget(name: "FuzzFlowDownPlist", dependencies: ["FuzzSupport", modelExchange]),
        .executableTarget(name: "FuzzCdevToken", dependencies: ["FuzzSupport", cdevAuth]),
        .executableTarget(name: "FuzzCdevPairingJSON", dependencies: ["FuzzSupport", cdevAuth, wireCore]),
        .executableTarget(name: "FuzzNanoTDF", dependencies: ["FuzzSupport", nanoTDF, wireCore]),
        .executableTarget(name: "FuzzECDiff", dependencies: ["FuzzSupport", nanoTDF, crossCheck]),
        .executableTarget(name: "FuzzNanoTDFHeader", dependencies: ["FuzzSupport", nanoTDF]),
        .executableTarget(name: "FuzzArkavoFrame", dependencies: ["FuzzSupport", arkavoWire]),
        .executableTarget(name: "FuzzKASSession", dependencies: ["FuzzSupport", kasService, arkavoWire, nanoTDF]),
        .executableTarget(name: "FuzzKASRewrapRequest", dependencies: ["FuzzSupport", kasService, httpExchange, nanoTDF, wireCore]),
        // The oracle FuzzArkavoEvent and FuzzArkavoMetadata share (any FlatBuffers root table).
        .target(name: "FuzzArkavoTable", dependencies: ["FuzzSupport", arkavoWire]),
        .executableTarget(name: "FuzzArkavoEvent", dependencies: ["FuzzSupport", "FuzzArkavoTable", arkavoWire]),
        .executableTarget(name: "FuzzArkavoMetadata", dependencies: ["FuzzSupport", "FuzzArkavoTable", arkavoWire]),
        .executableTarget(name: "FuzzATProtoSyntax", dependencies: ["FuzzSupport", atprotoLexicon]),
        .executableTarget(name: "FuzzMLSModels", dependencies: ["FuzzSupport", catbirdMLS, wireCore]),
        .executableTarget(name: "FuzzLexiconValidate", dependencies: ["FuzzSupport", atprotoLexicon, catbirdMLS, wireCore]),
        .executableTarget(name: "FuzzCdevAuthBody", dependencies: ["FuzzSupport", cdevAuth, cdevService, httpExchange, wireCore]),
    ],
    swiftLanguageModes: [.v6]
)
