import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck arkavo schemas`: the FlatBuffers schemas of the Arkavo tables, as they ship with the vectors in
/// `Vectors/arkavo/fbs/` (the reference's C++ code is generated from the same files), so that an implementer
/// generates a decoder from exactly what the vectors were made with.
struct ArkavoSchemasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemas",
        abstract: "Print the FlatBuffers schemas (.fbs) of the Arkavo Event and Metadata tables, or list them.",
        discussion: """
            The schemas are those of the vectors (Vectors/arkavo/fbs/): event.fbs (the 0x06 frame body), metadata.fbs \
            (the embedded plaintext policy of Arkavo NanoTDFs) and entity.fbs, which metadata.fbs includes. They are this \
            project's reading of NanoTDF spec section 14, and differ from the Arkavo app's published idl/. Exit 2 when \
            the folder has none.
            Examples:
              wirecheck arkavo schemas event.fbs > event.fbs && flatc --rust event.fbs
              wirecheck arkavo schemas --list
              wirecheck arkavo schemas --json | jq -r '.[] | .name'
            """)

    @Argument(help: "The schema to print (event.fbs, entity.fbs or metadata.fbs); every one, each headed by its path, when absent.")
    var name: String?
    @Option(help: "The vectors folder.") var vectors = Installation.vectorsDirectory
    @Flag(help: "Print the schema files' paths instead of their text.") var list = false
    @Flag(help: "Print a JSON array of {name, path, text} (the text left out with --list).") var json = false

    func run() throws {
        let folder = "\(vectors)/arkavo/fbs"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".fbs") }.sorted()
        guard !names.isEmpty else { throw exitHarness("no .fbs schema in \(folder) (--vectors names the vectors folder)") }
        if let name, !names.contains(name) {
            throw ValidationError("\(name) is not one of the schemas: \(names.joined(separator: ", "))")
        }
        let chosen = name.map { [$0] } ?? names
        if list && !json {
            chosen.forEach { print("\(folder)/\($0)") }
            return
        }
        var entries: [JSONValue] = []
        for file in chosen {
            var entry: JSONObject = ["name": .string(file), "path": .string("\(folder)/\(file)")]
            if !list {
                guard let text = FileManager.default.contents(atPath: "\(folder)/\(file)") else {
                    throw exitHarness("cannot read \(folder)/\(file)")
                }
                entry["text"] = .string(String(decoding: text, as: UTF8.self))
            }
            entries.append(.object(entry))
        }
        if json { return print(JSONWriter.pretty(.array(entries))) }
        for entry in entries {
            if chosen.count > 1 { print("// ==> \(entry["path"]?.stringValue ?? "")") }
            print(entry["text"]?.stringValue ?? "", terminator: "")
        }
    }
}
