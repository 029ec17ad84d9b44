import ArgumentParser
import ArkavoConformance
import ArkavoWire
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck arkavo …`: Arkavo WebSocket frames and FlatBuffers tables from the command line.
struct ArkavoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arkavo",
        abstract: "Arkavo: decode WebSocket binary frames, and FlatBuffers Event and Metadata buffers (or build them from JSON).",
        subcommands: [Frame.self, EventCommand.self, MetadataCommand.self, ArkavoSchemasCommand.self])

    /// Prints a refusal (as `nanotdf inspect` does) and exits 1.
    static func refuse(_ error: ArkavoError, json: Bool) -> ExitCode {
        if json {
            JSONOutput.print(.object(JSONOutput.refusal(error, offset: error.offset)))
        } else {
            Console().message("refused: \(error.description)")
        }
        return ExitCode(1)
    }

    static func printFields(_ fields: JSONObject, json: Bool) {
        if json {
            JSONOutput.print(.object(fields))
        } else {
            print(JSONWriter(options: .init(indent: 2)).string(.object(fields)))
        }
    }

    struct Frame: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode one Arkavo WebSocket binary frame (type byte and body, or a bare NanoTDF).",
            discussion: """
                FILE is the frame's bytes, or - for standard input; hex text is accepted too. Prints the type, the form \
                the body takes (client-key, server-key-and-salt, header, rewrapped, container, event, opaque, error, …) and \
                its fields; NanoTDF inside 0x03/0x05/0x06 is decoded as `nanotdf inspect` does, a 0x06 Event through the \
                FlatBuffers Verifier. Exit 0 when the frame decodes, 1 with the error class and the byte offset when it is \
                refused, 2 when FILE cannot be read.
                Example:
                  printf '05' | cat - Examples/spec-example-1.ntdf | wirecheck arkavo frame -
                """)

        @Argument(help: "The frame file, or - for standard input.") var file: String
        @Flag(help: "Print the fields as JSON on one line (the shim's arkavo.parseFrame result).") var json = false

        func run() throws {
            let bytes = try NanoTDFFiles.container(file)
            do throws(ArkavoError) {
                ArkavoCommand.printFields(ArkavoFrameJSON.frame(try ArkavoWire.Frame.decode(bytes)), json: json)
            } catch {
                throw ArkavoCommand.refuse(error, json: json)
            }
        }
    }
}

/// The options `event` and `metadata` share: input, direction and the Verifier's limits.
struct FlatBufferOptions: ParsableArguments {
    @Argument(help: "The buffer (binary or hex), or with --from-json the table's JSON; - for standard input.") var file: String
    @Flag(help: "Read flatc's JSON form of the table and write the buffer the builders (and flatc --binary) make.")
    var fromJSON = false
    @Option(help: "With --from-json: write the binary buffer to this file instead of printing hex.") var out: String?
    @Option(help: "The Verifier's maximum nesting of tables.") var maxDepth: UInt32 = 64
    @Option(help: "The Verifier's maximum number of tables.") var maxTables: UInt32 = 1_000_000
    @Flag(help: "Print JSON on one line (decoding: the shim's result object).") var json = false

    var limits: VerifierLimits { VerifierLimits(maxDepth: maxDepth, maxTables: maxTables) }

    /// Runs the decode or the encode direction for one root table.
    func run<Table: FlatBufferRoot>(_: Table.Type) throws {
        if fromJSON {
            let text = try NanoTDFFiles.raw(file)
            let value: JSONValue
            do {
                value = try JSONParser.parse(text)
            } catch {
                throw exitHarness("\(file): not JSON: \(error)")
            }
            let buffer: [UInt8]
            do throws(FlatBufferJSONError) {
                buffer = try Table(json: value).encode()
            } catch {
                Console().message("refused: \(error)")
                throw ExitCode(1)
            }
            if let out {
                try NanoTDFFiles.write(buffer, to: out)
            } else if json {
                JSONOutput.print(["buffer": .string(Hex.encode(buffer))])
            } else {
                print(Hex.encode(buffer))
            }
            return
        }
        let bytes = try NanoTDFFiles.container(file)
        do throws(ArkavoError) {
            ArkavoCommand.printFields(["table": .object(try Table.decode(bytes, limits: limits).json)], json: json)
        } catch {
            throw ArkavoCommand.refuse(error, json: json)
        }
    }
}

/// `wirecheck arkavo event`.
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Verify and decode a FlatBuffers Event (event.fbs), or build one from its JSON.",
        discussion: """
            Decoding runs the FlatBuffers Verifier; a refusal names the field, the check and the byte offset \
            (exit 1). The table prints in flatc's JSON form, which --from-json reads back. Exit 2 when FILE cannot \
            be read or is not JSON.
            Examples:
              wirecheck arkavo event event.bin
              echo '{"action": "join", "data_type": "UserEvent", "data": {"source_id": [1, 2]}}' | wirecheck arkavo event --from-json -
            """)

    @OptionGroup var options: FlatBufferOptions

    func run() throws {
        try options.run(Event.self)
    }
}

/// `wirecheck arkavo metadata`.
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Verify and decode a FlatBuffers Metadata (metadata.fbs, an Arkavo NanoTDF's policy body), or build one from JSON.",
        discussion: """
            As `arkavo event`, for the Metadata table. The embedded plaintext policy of an Arkavo NanoTDF is such a \
            buffer: `wirecheck nanotdf inspect FILE --json` shows it as policy.body.
            Example:
              wirecheck arkavo metadata --from-json metadata.json --out metadata.bin
            """)

    @OptionGroup var options: FlatBufferOptions

    func run() throws {
        try options.run(Metadata.self)
    }
}
