// swift-tools-version: 6.2
// The libFuzzer entry point of `wirecheck fuzz`: an implementation's shim judged against the reference
// on inputs libFuzzer mutates, guided by the reference's coverage. A package of its own because it
// links every family and the harness, which the decoders' targets in ../Package.swift do not need:
// built by `Fuzz/build.sh` with FUZZ_PACKAGE=Fuzz/Differential (see docs/FUZZING.md), not by the smoke check.
import PackageDescription

let package = Package(
    name: "WireCheckDifferentialFuzz",
    dependencies: [.package(name: "WireCheck", path: "../..")],
    targets: [
        .executableTarget(
            name: "FuzzShimDifferential",
            dependencies: [
                .product(name: "ConformanceKit", package: "WireCheck"), .product(name: "WireCheckFamilies", package: "WireCheck"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
