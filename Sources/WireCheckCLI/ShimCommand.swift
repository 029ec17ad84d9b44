import ArgumentParser
import ConformanceKit

/// `wirecheck shim`
struct ShimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shim",
        abstract: "Serve the reference implementation over the shim protocol on stdin/stdout.",
        discussion: """
            One JSON request per line in, one JSON response per line out. The first request is {"op":"hello"}; \
            the answer lists every supported op. Useful to compare another implementation's shim by hand:
              echo '{"id":1,"op":"wirecore.base64Decode","args":{"variant":"std-padded-strict","text":"Zm9v"}}' | wirecheck shim
            """)

    func run() throws {
        ReferenceShim(families: Families.all).serve()
    }
}
