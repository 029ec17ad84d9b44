import ArkavoConformance
import ArkavoWire
import ConformanceKit
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// The encoder against `flatc --binary` (Debian flatbuffers-compiler, the same FlatBuffers 2.0.8 as
/// the library): the committed encode vectors, and encode(decode(x)) for every valid decode vector,
/// must be byte for byte what flatc writes from the same JSON.
final class FlatcRoundTripTests: XCTestCase {
    /// Runs flatc once on `tables` (name → JSON) with `schema` and returns name → buffer; with `refused`, asserts
    /// instead that flatc refuses to build them and returns nothing.
    func flatcBinary(_ tables: [(String, JSONObject)], schema: String, refused: Bool = false) throws -> [String: [UInt8]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wirecheck-flatc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (name, table) in tables {
            let path = directory.appendingPathComponent("\(name).json").path
            try Data(JSONWriter.compact(.object(table)).utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let schemas = "\(Repository.root)/Vectors/arkavo/fbs"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flatc")
        process.arguments = ["--binary", "-I", schemas, "-o", directory.path, "\(schemas)/\(schema)"] + files
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if refused {
            XCTAssertNotEqual(process.terminationStatus, 0, "flatc built \(tables.map { JSONWriter.compact(.object($0.1)) })")
            return [:]
        }
        XCTAssertEqual(process.terminationStatus, 0, "flatc failed: \(message)")
        var out: [String: [UInt8]] = [:]
        for (name, _) in tables {
            out[name] = Array(try Data(contentsOf: directory.appendingPathComponent("\(name).bin")))
        }
        return out
    }

    /// What the encode ops must refuse (`invalid-table`), flatc refuses to build too: one table per run.
    func testRefusedEncodeVectorsAreTablesFlatcRefuses() throws {
        for (kind, schema) in [
            (ArkavoFlatBuffersSuite.encodeEventRefused, "event.fbs"), (ArkavoFlatBuffersSuite.encodeMetadataRefused, "metadata.fbs"),
        ] {
            var refusals = 0
            try forEachCase(in: "arkavo/flatbuffers", of: kind) { _, test in
                XCTAssertEqual(test.error, ArkavoOps.invalidTableCode, test.id)
                _ = try flatcBinary([("refused", try XCTUnwrap(test.input["table"]?.objectValue))], schema: schema, refused: true)
                refusals += 1
            }
            XCTAssertGreaterThan(refusals, 10, kind.type)
        }
    }

    func testEncodeVectorsAreWhatFlatcWritesFromTheirJSON() throws {
        for (kind, schema) in [(ArkavoFlatBuffersSuite.encodeEvent, "event.fbs"), (ArkavoFlatBuffersSuite.encodeMetadata, "metadata.fbs")] {
            var tables: [(String, JSONObject)] = []
            var expected: [String: [UInt8]] = [:]
            try forEachCase(in: "arkavo/flatbuffers", of: kind) { _, test in
                let name = "case\(tables.count)"
                tables.append((name, test.input["table"]!.objectValue!))
                expected[name] = try Hex.decode(test.expected["buffer"]!.stringValue!)
            }
            let written = try flatcBinary(tables, schema: schema)
            for (name, table) in tables {
                XCTAssertEqual(written[name], expected[name], "\(kind.type) \(JSONWriter.compact(.object(table)).prefix(120))")
            }
        }
    }

    func testEncodeOfDecodeIsWhatFlatcWritesFromTheDecodedJSON() throws {
        try assertEncodeOfDecodeIsFlatc(Event.self, ArkavoFlatBuffersSuite.decodeEvent, schema: "event.fbs")
        try assertEncodeOfDecodeIsFlatc(Metadata.self, ArkavoFlatBuffersSuite.decodeMetadata, schema: "metadata.fbs")
    }

    /// encode(decode(x)) equals flatc --binary of decode(x)'s JSON, for every valid decode case of `kind`.
    func assertEncodeOfDecodeIsFlatc<Table: FlatBufferRoot>(_: Table.Type, _ kind: GroupKind, schema: String) throws {
        var tables: [(String, JSONObject)] = []
        var ours: [String: [UInt8]] = [:]
        try forEachCase(in: "arkavo/flatbuffers", of: kind) { _, test in
            guard test.result == .valid else { return }
            let table = try Table.decode(try Hex.decode(test.input["buffer"]!.stringValue!), limits: .default)
            let name = "table\(tables.count)"
            tables.append((name, table.json))
            ours[name] = table.encode()
        }
        assertChecked(tables.count, "valid \(Table.tableName) decode vectors")
        let written = try flatcBinary(tables, schema: schema)
        for (name, table) in tables {
            XCTAssertEqual(ours[name], written[name], "\(Table.tableName) \(name): \(JSONWriter.compact(.object(table)).prefix(160))")
        }
    }

    /// The check can fail: flatc writes other bytes when a field changes.
    func testFlatcOutputDependsOnTheTable() throws {
        let written = try flatcBinary([("a", ["action": "join"]), ("b", ["action": "leave"])], schema: "event.fbs")
        XCTAssertNotEqual(written["a"], written["b"])
        XCTAssertEqual(written["a"], Event(action: .join).encode())
    }
}
