import Foundation
import WireCore

/// The reference implementation behind `wirecheck shim` and behind in-process runs: every operation
/// of every suite of the families it is given, answered by the project's own codecs.
public struct ReferenceShim: Sendable {
    public static let name = "wirecheck-reference"

    public let operations: [String: ShimOperation]

    /// The shim of every operation of `families`.
    public init(families: ProtocolFamilies) {
        self.init(operations: families.operations)
    }

    /// The shim of these operations (the first of two with one name wins).
    public init(operations: [ShimOperation]) {
        self.operations = Dictionary(operations.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The `hello` result: `{"name", "version", "ops"}`.
    public var hello: JSONObject {
        [
            "name": .string(Self.name), "version": .string(Harness.version),
            "ops": .array(operations.keys.sorted().map { .string($0) }),
        ]
    }

    public func handle(_ request: ShimRequest) -> ShimResponse {
        if request.op == "hello" { return ShimResponse(id: request.id, outcome: .success(hello)) }
        guard let operation = operations[request.op] else {
            return ShimResponse(
                id: request.id,
                outcome: .failure(ShimError(code: ShimError.unimplementedCode, message: "no op \(request.op)")))
        }
        do {
            return ShimResponse(id: request.id, outcome: .success(try operation.run(request.args)))
        } catch {
            return ShimResponse(id: request.id, outcome: .failure(error))
        }
    }

    /// Serves the line protocol until end of input: one response line per request line.
    public func serve(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        var buffer = [UInt8]()
        func answer(_ lineBytes: ArraySlice<UInt8>) {
            let line = String(decoding: lineBytes, as: UTF8.self)
            guard !line.allSatisfy(\.isWhitespace) else { return }
            let response: ShimResponse
            do {
                response = handle(try ShimRequest(line: line))
            } catch {
                response = ShimResponse(id: 0, outcome: .failure(error))
            }
            output.write(Data((response.line + "\n").utf8))
        }
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            buffer.append(contentsOf: chunk)
            while let newline = buffer.firstIndex(of: 0x0a) {
                answer(buffer[..<newline])
                buffer.removeSubrange(...newline)
            }
        }
        if !buffer.isEmpty { answer(buffer[...]) }
    }
}
