import ArkavoConformance
import CatbirdMLSEmbedded
import CdevConformance
import CdevEmbedded
import ConformanceKit
import FlowDownConformance
import Foundation
import KASService
import NanoTDFConformance
import WireCheckFamilies
import WireCheckTestSupport
import WireCore
import WireCoreBench
import WireCoreConformance
import XCTest

/// Paths and process helpers shared by the conformance tests.
enum TestEnvironment {
    static var root: String { Repository.root }
    static var vectorsDirectory: String { Repository.vectorsDirectory }

    /// The families as the CLI has them (`Families.all`, which a test target cannot import): `WireCheckFamilies` with
    /// the parts that run a mock in process and WireCore's benchmark.
    static let families = WireCheckFamilies.all.replacing(MLSFamily.withEmbeddedMock).replacing(WireCoreFamily.withBench)
        .replacing(CdevFamily.withEmbeddedMock).replacing(ArkavoFamily.withEmbeddedMock)

    /// Every committed vector file, in the families' order.
    static func vectorFiles() throws -> [VectorFile] {
        try VectorLoader.load(directory: vectorsDirectory, suiteOrder: families.suites.map(\.id))
    }

    static func fixture(_ name: String) -> String {
        Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures")
            ?? "\(root)/Tests/ConformanceTests/Fixtures/\(name)"
    }

    /// The `wirecheck` executable of this build (`swift build` puts it beside the test bundle).
    static var wirecheck: String {
        get throws {
            let directory = Bundle.module.bundleURL.deletingLastPathComponent().path
            let path = "\(directory)/wirecheck"
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw MissingBinary(
                    description: "no wirecheck executable at \(path): run `swift build` before `swift test` (make test does)")
            }
            return path
        }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String
    }

    struct ProcessResult {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a command to completion, capturing its output.
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs so a large output cannot block it.
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errReader.isFinished { usleep(1000) }
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "wirecheck-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func readResults(_ directory: String) throws -> [JSONObject] {
        let text = try String(contentsOfFile: "\(directory)/results.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser.parse(String($0)).objectValue! }
    }
}
