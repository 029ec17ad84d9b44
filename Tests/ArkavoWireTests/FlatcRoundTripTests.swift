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

    /// Why decode refuses a Metadata string that is not UTF-8: flatc will not write such a buffer as JSON ("Unable to
    /// generate text"), the form the decode ops answer in. Every `StringUTF8` vector, and as the control the intact
    /// buffer they were made from, which flatc prints.
    func testFlatcWillNotWriteAStringThatIsNotUTF8AsJSON() throws {
        var buffers: [(id: String, bytes: [UInt8], printable: Bool)] = []
        try forEachCase(in: "arkavo/flatbuffers", of: ArkavoFlatBuffersSuite.decodeMetadata) { _, test in
            let bytes = try Hex.decode(try XCTUnwrap(test.input["buffer"]?.stringValue))
            if test.flags.contains("StringUTF8") { buffers.append((test.id, bytes, false)) }
            if test.id.hasSuffix("/decode-metadata-every-field") { buffers.append((test.id, bytes, true)) }
        }
        XCTAssertEqual(buffers.map(\.printable).sorted { !$0 && $1 }, [false, false, false, true])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wirecheck-flatc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, buffer) in buffers.enumerated() {
            let file = directory.appendingPathComponent("\(index).bin")
            try Data(buffer.bytes).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/flatc")
            process.arguments = [
                "--json", "--raw-binary", "--strict-json", "-o", directory.path, "\(Repository.root)/Vectors/arkavo/fbs/metadata.fbs", "--",
                file.path,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus == 0, buffer.printable, "\(buffer.id): \(message.prefix(200))")
            if !buffer.printable { XCTAssertTrue(message.contains("Unable to generate text"), "\(buffer.id): \(message.prefix(200))") }
        }
    }

    /// The check can fail: flatc writes other bytes when a field changes.
    func testFlatcOutputDependsOnTheTable() throws {
        let written = try flatcBinary([("a", ["action": "join"]), ("b", ["action": "leave"])], schema: "event.fbs")
        XCTAssertNotEqual(written["a"], written["b"])
        XCTAssertEqual(written["a"], Event(action: .join).encode())
    }
}
