import ConformanceKit
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// The shape ARCHITECTURE.md asks for, checked on the files themselves: the harness knows no family,
/// every edge in Package.swift is an import and every import of a package module is an edge, and
/// the fuzz targets are registered the same in every place that lists them.
final class RepositoryShapeTests: XCTestCase {
    /// `import X` lines of every Swift file below `folder`, by file.
    func imports(under folder: String) throws -> [(file: String, module: String)] {
        let root = "\(Repository.root)/\(folder)"
        guard let walker = FileManager.default.enumerator(atPath: root) else { throw CocoaError(.fileNoSuchFile) }
        var found: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
                let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "func", "var", "let", "typealias"]
                if var index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) })
                {
                    // `import struct Module.Name` imports one declaration of Module.
                    if kinds.contains(words[index + 1]), index + 2 < words.count { index += 1 }
                    found.append((path, String(words[index + 1].split(separator: ".")[0])))
                }
            }
        }
        return found
    }

    /// The targets of a package manifest with the same-package names in their dependency lists
    /// (quoted names; `.product(...)` entries are other packages and are left out).
    func targets(inManifest path: String) throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let declaration = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name: "([A-Za-z0-9]+)""#)
        let product = try NSRegularExpression(pattern: #"\.product\([^)]*\)"#)
        let quoted = try NSRegularExpression(pattern: #""([A-Za-z0-9]+)""#)
        let matches = declaration.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var result: [String: Set<String>] = [:]
        for (index, match) in matches.enumerated() {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let end = index + 1 < matches.count ? Range(matches[index + 1].range, in: text)!.lowerBound : text.endIndex
            let body = text[Range(match.range, in: text)!.upperBound..<end]
            var dependencies =
                body.range(of: "dependencies: [").map { start -> String in
                    let tail = body[start.upperBound...]
                    return String(tail[..<(tail.firstIndex(of: "]") ?? tail.endIndex)])
                } ?? ""
            dependencies = product.stringByReplacingMatches(
                in: dependencies, range: NSRange(dependencies.startIndex..., in: dependencies), withTemplate: "")
            result[name] = Set(
                quoted.matches(in: dependencies, range: NSRange(dependencies.startIndex..., in: dependencies)).map {
                    String(dependencies[Range($0.range(at: 1), in: dependencies)!])
                })
        }
        return result
    }

    func testConformanceKitImportsNoFamilyModule() throws {
        let allowed: Set<String> = [
            "Foundation", "Glibc", "Darwin", "Dispatch", "Synchronization", "Crypto", "WireCore", "HTTPExchange",
        ]
        let found = try imports(under: "Sources/ConformanceKit")
        XCTAssertFalse(found.isEmpty)
        for (file, module) in found where !allowed.contains(module) {
            XCTFail("Sources/ConformanceKit/\(file) imports \(module); the harness must not know a family")
        }
    }

    /// A library target's same-package dependencies are exactly the package modules it imports
    /// (an unused edge drags C libraries into every dependent; a missing one builds only by luck).
    func testPackageEdgesMatchImports() throws {
        let manifest = try targets(inManifest: "\(Repository.root)/Package.swift")
        let packageModules = Set(manifest.keys)
        XCTAssertTrue(packageModules.isSuperset(of: ["WireCore", "ConformanceKit", "WireCheckCLI"]), "\(packageModules.sorted())")
        let sources = try FileManager.default.contentsOfDirectory(atPath: "\(Repository.root)/Sources")
        for target in sources where manifest[target] != nil {
            // A C target's edges are to the system libraries whose pkg-config flags it compiles and links with.
            let files = FileManager.default.enumerator(atPath: "\(Repository.root)/Sources/\(target)")?.allObjects as? [String] ?? []
            guard files.contains(where: { $0.hasSuffix(".swift") }) else { continue }
            let imported = Set(try imports(under: "Sources/\(target)").map(\.module)).intersection(packageModules).subtracting([target])
            XCTAssertEqual(imported, manifest[target], "Sources/\(target): imports vs Package.swift dependencies")
        }
    }

    /// `WireCheckTesting`, the product Apple-platform teams depend on, and its typed helpers so far have no C library
    /// that no Apple platform has in their closure: no system-library target, no C target but `CBase64SIMD` (this
    /// project's own portable C, whose AVX2 loop is compiled for x86_64 only, behind a CPU check), and no call only
    /// Glibc has outside a `canImport(Glibc)` branch.
    func testTheGenericTestingLibraryNeedsNoCLibrary() throws {
        let manifest = try targets(inManifest: "\(Repository.root)/Package.swift")
        let text = try String(contentsOfFile: "\(Repository.root)/Package.swift", encoding: .utf8)
        var closure = Set<String>()
        var next = [
            "WireCheckTesting", "WireCheckTestingWireCore", "WireCheckTestingCdev", "WireCheckTestingFlowDown", "WireCheckTestingATProto",
            "WireCheckTestingMLS",
        ]
        while let target = next.popLast() {
            guard closure.insert(target).inserted else { continue }
            next += manifest[target] ?? []
        }
        XCTAssertTrue(closure.isSuperset(of: ["ConformanceKit", "WireCore", "FlowDownConformance"]), "\(closure.sorted())")
        for target in closure {
            let systemLibrary = try NSRegularExpression(pattern: #"\.systemLibrary\(\s*name: ""# + target + "\"")
            XCTAssertNil(systemLibrary.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "\(target) is a system library")
            let folder = "\(Repository.root)/Sources/\(target)"
            let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            let cSources = files.filter { [".c", ".cc", ".cpp", ".h"].contains(where: $0.hasSuffix) }
            if target != "CBase64SIMD" { XCTAssertEqual(cSources, [], "\(target) holds C code") }
            for file in files where file.hasSuffix(".swift") {
                let lines = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                var glibcBranch = false
                for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    if line.hasPrefix("#if canImport(Glibc)") {
                        glibcBranch = true
                    } else if line.hasPrefix("#el") || line == "#endif" {
                        glibcBranch = false
                    }
                    let code = !line.hasPrefix("//")
                    if code && !glibcBranch && (line == "import Glibc" || line.contains("Glibc.") || line.contains("MSG_NOSIGNAL")) {
                        XCTFail("Sources/\(target)/\(file): '\(line)' outside a canImport(Glibc) branch")
                    }
                }
            }
        }
        for forbidden in ["COpenSSL", "CSodium", "CSecp256k1", "CArkavoFlatBuffers", "CQRPNG", "CdevService", "NanoTDF", "CrossCheck"] {
            XCTAssertFalse(closure.contains(forbidden), "\(forbidden) is in WireCheckTesting's closure")
        }
    }

    /// Every fuzz target is listed in Fuzz/Package.swift, has a main.swift, a dictionary, an options
    /// file, a smoke threshold and a seed corpus written by the generator: the same set everywhere.
    func testFuzzTargetsAreRegisteredEverywhere() throws {
        let fuzz = "\(Repository.root)/Fuzz"
        let fm = FileManager.default
        // The executable targets: the library targets (FuzzSupport, shared oracles) are no fuzz targets.
        let manifest = try String(contentsOfFile: "\(fuzz)/Package.swift", encoding: .utf8)
        let executable = try NSRegularExpression(pattern: #"\.executableTarget\(\s*name: "([A-Za-z0-9]+)""#)
        let package = Set(
            executable.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
                String(manifest[Range($0.range(at: 1), in: manifest)!])
            })
        XCTAssertGreaterThanOrEqual(package.count, 10)
        func names(_ folder: String, suffix: String) throws -> Set<String> {
            Set(try fm.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
        }
        let sources = Set(
            try fm.contentsOfDirectory(atPath: "\(fuzz)/Sources").filter {
                fm.fileExists(atPath: "\(fuzz)/Sources/\($0)/main.swift")
            })
        let thresholds = Set(
            try String(contentsOfFile: "\(fuzz)/smoke-thresholds.txt", encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) })
        let seeded = Set(
            VectorGenerator.render(suites: TestEnvironment.families.suites).files.compactMap { file -> String? in
                file.path.hasPrefix("Corpus/") ? String(file.path.split(separator: "/")[1]) : nil
            })
        XCTAssertEqual(sources, package, "Fuzz/Sources/*/main.swift vs Fuzz/Package.swift")
        XCTAssertEqual(try names("\(fuzz)/Dictionaries", suffix: ".dict"), package, "Fuzz/Dictionaries")
        XCTAssertEqual(try names("\(fuzz)/Options", suffix: ".options"), package, "Fuzz/Options")
        XCTAssertEqual(thresholds, package, "Fuzz/smoke-thresholds.txt")
        XCTAssertEqual(seeded, package, "corpus seeds written by the vector generator")
    }

    /// The test list of families is the CLI's: the reference shim of the binary answers exactly
    /// the operations of `TestEnvironment.families`.
    func testTestFamiliesMatchTheCLI() throws {
        let binary = try TestEnvironment.wirecheck
        let dir = try TestEnvironment.temporaryDirectory()
        let input = "\(dir)/hello.jsonl"
        try #"{"id":1,"op":"hello"}"#.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run(["/bin/sh", "-c", "\(binary) shim < \(input)"])
        let ops = try JSONParser.parse(result.stdout)["result"]?["ops"]?.arrayValue?.compactMap(\.stringValue)
        XCTAssertEqual(ops.map(Set.init), Set(TestEnvironment.families.reference.names))
    }

    /// The `.swift-format` line length holds everywhere (swift-format does not split string literals).
    /// The mutant catalogue stays usable: every patch has its three header lines and still applies to
    /// this tree (`git apply --check`, nothing is written), and every family has at least five.
    func testMutantPatchesApplyAndEveryFamilyHasFive() throws {
        let root = "\(Repository.root)/Mutants"
        var perFamily: [String: Int] = [:]
        for family in try FileManager.default.contentsOfDirectory(atPath: root).sorted() where !family.contains(".") {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(family)") where name.hasSuffix(".patch") {
                let path = "Mutants/\(family)/\(name)"
                let text = try String(contentsOfFile: "\(Repository.root)/\(path)", encoding: .utf8)
                for header in ["description: ", "class: ", "unit: "] {
                    XCTAssertTrue(text.split(separator: "\n").contains { $0.hasPrefix(header) }, "\(path) has no \(header)line")
                }
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                check.arguments = ["git", "-C", Repository.root, "apply", "--check", path]
                check.standardError = FileHandle.nullDevice
                try check.run()
                check.waitUntilExit()
                XCTAssertEqual(check.terminationStatus, 0, "\(path) no longer applies: regenerate it")
                perFamily[family, default: 0] += 1
            }
        }
        for family in ["wirecore", "flowdown", "cdev", "nanotdf", "arkavo", "atproto", "mls"] {
            XCTAssertGreaterThanOrEqual(perFamily[family] ?? 0, 5, "Mutants/\(family)")
        }
    }

    func testNoSwiftLineIsLongerThan140Characters() throws {
        var checked = 0
        for folder in ["Sources", "Tests", "Fuzz/Sources"] {
            let root = "\(Repository.root)/\(folder)"
            guard let walker = FileManager.default.enumerator(atPath: root) else { throw CocoaError(.fileNoSuchFile) }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let lines = try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.count > 140 {
                    XCTFail("\(folder)/\(path):\(index + 1) has \(line.count) characters")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// The sources and docs point only to files a user of the repository has: not to the project's
    /// shared planning folder, nor to the contracts that live there (the repository's own are
    /// `Vectors/README.md`, `reports/README.md` and the README's shim protocol).
    func testNothingPointsOutsideTheRepository() throws {
        // Written in pieces so that this test does not name them itself.
        let outside = ["../" + "shared", "vectors" + ".md", "reports" + ".md", "shim-protocol" + ".md"]
        var checked = 0
        for folder in ["Sources", "Tests", "Fuzz/Sources", "scripts", "Examples"] {
            let root = "\(Repository.root)/\(folder)"
            guard let walker = FileManager.default.enumerator(atPath: root) else { throw CocoaError(.fileNoSuchFile) }
            for case let path as String in walker where [".swift", ".md", ".sh", ".py"].contains(where: path.hasSuffix) {
                guard !path.contains(".build"), let text = try? String(contentsOfFile: "\(root)/\(path)", encoding: .utf8) else { continue }
                for name in outside where text.contains(name) { XCTFail("\(folder)/\(path) points to \(name)") }
                checked += 1
            }
        }
        for file in ["README.md", "CONTRIBUTING.md", "FINDINGS.md", "Makefile"] {
            let text = try String(contentsOfFile: "\(Repository.root)/\(file)", encoding: .utf8)
            for name in outside where text.contains(name) { XCTFail("\(file) points to \(name)") }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Every public declaration of a library module has a `///` comment, except the members that
    /// implement a protocol requirement (their documentation is the protocol's).
    func testEveryPublicDeclarationOfTheLibrariesIsDocumented() throws {
        let witness = try NSRegularExpression(
            pattern: #"public (var (id|groupKinds|operations|description|errorCode|code|implementation|host|requestedPort|webSocket)\b"#
                + #"|init\(\) \{\}|func (generate|mismatch|corpusSeeds|handle|didBind|makeIterator)\(|static func ==|override )"#)
        var undocumented: [String] = []
        var checked = 0
        let sources = "\(Repository.root)/Sources"
        for target in try FileManager.default.contentsOfDirectory(atPath: sources) where target != "WireCheckCLI" {
            guard let walker = FileManager.default.enumerator(atPath: "\(sources)/\(target)") else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let lines = try String(contentsOfFile: "\(sources)/\(target)/\(path)", encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() {
                    let words = line.split(separator: " ")
                    guard let first = words.first(where: { !$0.hasPrefix("@") }), first == "public" || first == "open" else { continue }
                    if witness.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { continue }
                    checked += 1
                    var previous = index - 1
                    while previous >= 0, lines[previous].hasPrefix("@") { previous -= 1 }
                    if previous < 0 || !lines[previous].hasPrefix("///") {
                        undocumented.append("Sources/\(target)/\(path):\(index + 1): \(line)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 300)
        XCTAssertEqual(undocumented, [], "public declarations without a doc comment")
    }
}
