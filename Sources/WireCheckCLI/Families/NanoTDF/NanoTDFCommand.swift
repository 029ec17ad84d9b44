import ArgumentParser
import ArkavoWire
import ConformanceKit
import Foundation
import NanoTDF
import NanoTDFConformance
import WireCore

/// `wirecheck nanotdf …`: NanoTDF containers from the command line.
struct NanoTDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nanotdf",
        abstract: "NanoTDF (L1L, L1M): inspect, decrypt, encrypt and verify containers.",
        subcommands: [Inspect.self, NanoTDFDecryptCommand.self, NanoTDFEncryptCommand.self, NanoTDFVerifyCommand.self])

    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parse a NanoTDF container (or, with --header-only, a header) and print its fields.",
            discussion: """
                FILE is the binary container, or - for standard input; hex input is accepted too. A Go length-prefixed \
                ECDSA binding is read when the spec's fixed-width form does not parse. An Arkavo WebSocket frame around \
                a NanoTDF (type 0x03, 0x05 or 0x06 then 4C 31) is recognised: the type byte is skipped (0x03 is a header). Exit 0 when it \
                parses, 1 with the error class and the byte offset when it does not. --annotate prints every field \
                with its offset and bytes, the view to compare two implementations with.
                Example:
                  wirecheck nanotdf inspect Examples/spec-example-1.ntdf --annotate
                """)

        @Argument(help: "The container file, or - for standard input.") var file: String
        @Flag(help: "Stop after the header, as a KAS reads it.") var headerOnly = false
        @Flag(help: "Print every field with its byte offset and its bytes.") var annotate = false
        @Flag(help: "Print the fields as JSON (the shim's nanotdf.parse result).") var json = false

        func run() throws {
            var bytes = try NanoTDFFiles.container(file)
            var headerOnly = headerOnly
            // An Arkavo frame around a NanoTDF (0x03 rewrap: a header; 0x05 NATS, 0x06: a container):
            // the type byte is read and said, the offsets below are the container's.
            let frame = bytes.count >= 3 && bytes[1] == 0x4C && bytes[2] == 0x31 ? FrameType(rawValue: bytes[0]) : nil
            if let frame, [.rewrap, .nats, .event].contains(frame) {
                bytes.removeFirst()
                headerOnly = headerOnly || frame == .rewrap
                if !json {
                    Console().message("Arkavo \(frame.name) frame (type 0x\(Hex.encode([frame.rawValue]))): offsets are from byte 1")
                }
            }
            do throws(NanoTDFError) {
                let fields: JSONObject
                let layout: [NanoTDFLayout.Field]
                if headerOnly {
                    let (header, length) = try Container.parseHeaderEitherBindingForm(bytes)
                    fields = NanoTDFJSON.header(header, length: length)
                    layout = NanoTDFLayout.fields(of: header)
                } else {
                    let container = try Container.parseEitherBindingForm(bytes)
                    fields = NanoTDFJSON.container(container, headerLength: container.header.bytes.count)
                    layout = NanoTDFLayout.fields(of: container)
                }
                if json {
                    var fields = fields
                    if let frame { fields["arkavoFrame"] = .string(frame.name) }
                    JSONOutput.print(.object(fields))
                } else if annotate {
                    // Names padded to the longest, never cut: two long names must not read alike.
                    let width = layout.map(\.name.count).max() ?? 0
                    for field in layout {
                        let offset = String(field.offset)
                        print(
                            String(repeating: " ", count: max(0, 6 - offset.count)) + offset + "  " + field.name
                                + String(repeating: " ", count: width - field.name.count) + " " + Hex.encode(field.bytes))
                    }
                } else {
                    print(JSONWriter(options: .init(indent: 2)).string(.object(fields)))
                }
            } catch {
                if json {
                    JSONOutput.print(.object(JSONOutput.refusal(error, offset: error.offset)))
                } else {
                    Console().message("refused: \(error.code): \(error.description)")
                }
                throw ExitCode(1)
            }
        }
    }
}
