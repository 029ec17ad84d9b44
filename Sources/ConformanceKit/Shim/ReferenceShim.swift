import Foundation
import WireCore

/// The reference implementation behind `wirecheck shim` and behind in-process runs: every operation
/// of every suite of the families it is given, answered by the project's own codecs.
public struct ReferenceShim: Sendable {
    /// The name the reference shim gives in `hello`.
    public static let name = "wirecheck-reference"

    /// Its ops.
    public let table: OpTable

    /// The shim of every op of `families`.
    public init(families: ProtocolFamilies) {
        self.init(table: families.reference)
    }

    /// The shim of the ops of `table`.
    public init(table: OpTable) {
        self.table = table
    }

    /// The `hello` result: `{"name", "version", "ops"}`.
    public var hello: JSONObject {
        [
            "name": .string(Self.name), "version": .string(Harness.version),
            "ops": .array(table.names.map { .string($0) }),
        ]
    }

    public func handle(_ request: ShimRequest) -> ShimResponse {
        if request.op == "hello" { return ShimResponse(id: request.id, outcome: .success(hello)) }
        return ShimResponse(id: request.id, outcome: table.call(request))
    }

    /// The longest request line the shim reads (the README's shim protocol); a longer line is answered with a
    /// `bad-request` error naming the limit and skipped up to its newline.
    public static let maximumLineBytes = 64 << 20

    /// Serves the line protocol until end of input: one response line per request line. Lines are
    /// found with one pass over each chunk read, so time is linear in the input.
    public func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        var line: [UInt8] = []
        var skippingOversizedLine = false
        func answer(_ bytes: [UInt8]) {
            let text = String(decoding: bytes, as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else { return }
            output.write(Data((respond(to: text).line + "\n").utf8))
        }
        func refuseOversizedLine() {
            let error = ShimError(
                code: ShimError.badRequestCode, message: "request line longer than \(Self.maximumLineBytes) bytes; it was skipped")
            output.write(Data((ShimResponse(id: 0, outcome: .failure(error)).line + "\n").utf8))
        }
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var start = 0
                while start < bytes.count {
                    let newline = bytes[start...].firstIndex(of: 0x0a)
                    let end = newline ?? bytes.count
                    if !skippingOversizedLine {
                        if line.count + (end - start) > Self.maximumLineBytes {
                            line.removeAll()
                            skippingOversizedLine = true
                            refuseOversizedLine()
                        } else {
                            line.append(contentsOf: bytes[start..<end])
                        }
                    }
                    guard newline != nil else { break }
                    if !skippingOversizedLine { answer(line) }
                    line.removeAll(keepingCapacity: true)
                    skippingOversizedLine = false
                    start = end + 1
                }
            }
        }
        if !line.isEmpty, !skippingOversizedLine { answer(line) }
    }

    /// The response to one request line; a line that is not a request is answered with
    /// `bad-request`, echoing its `id` when it has one.
    public func respond(to line: String) -> ShimResponse {
        do {
            return handle(try ShimRequest(line: line))
        } catch {
            let id = (try? JSONParser.parse(line))?.objectValue?["id"]?.intValue ?? 0
            return ShimResponse(id: id, outcome: .failure(error))
        }
    }
}
