import WireCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The harness side of the shim protocol: starts the shim, says `hello`, sends one request per case
/// and turns crashes, hangs, garbage and out-of-order answers into a failed case and a restart.
public final class ShimClient {
    /// The shim command line, run with `/bin/sh -c`.
    public let command: String
    /// Seconds the shim may take for one answer.
    public let timeout: Double
    private var child: ChildProcess?
    private var nextID: Int64 = 1
    /// The `hello` answer: `name`, `version`, `ops`.
    public private(set) var hello: JSONObject = JSONObject()
    /// How many times the shim had to be started again after a failure.
    public private(set) var restarts = 0

    /// A client for `command`; nothing starts until `start()`.
    public init(command: String, timeout: Double) {
        self.command = command
        self.timeout = timeout
        // A shim that dies mid-write must not take the harness with it.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { child?.kill() }

    /// Starts the shim and performs `hello`; throws when the shim cannot be made to answer.
    public func start() throws(ShimTransportFailure) {
        child?.kill()
        let process = try ChildProcess(command: command)
        child = process
        // Whatever went wrong, the shim's own stderr usually says why (a missing file, a traceback).
        func fail(_ failure: ShimTransportFailure) -> ShimTransportFailure {
            let stderr = process.takeStderr()
            process.kill()
            child = nil
            return .helloFailed(failure.description, stderr: stderr)
        }
        switch process.exchange(JSONWriter.compact(["id": 0, "op": "hello"]), timeout: timeout) {
        case .failure(let failure):
            throw fail(failure)
        case .success(let line):
            // Accept the result object or, from simpler shims, the fields at the top level.
            guard let object = (try? JSONParser.parse(line, duplicateKeys: .keepLast))?.objectValue else {
                throw fail(.notJSON(line: line, reason: "hello answer is not a JSON object"))
            }
            let answer = object["result"]?.objectValue ?? object
            guard let ops = answer["ops"]?.arrayValue, ops.allSatisfy({ $0.stringValue != nil }) else {
                throw fail(
                    .notJSON(
                        line: line,
                        reason: "hello answer has no \"ops\" array of op names (keys: \(answer.keys.joined(separator: ", ")))"))
            }
            hello = answer
        }
    }

    /// The ops `hello` listed.
    public var supportedOps: Set<String> {
        Set((hello["ops"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// `name version` from `hello`.
    public var implementationName: String {
        let name = hello["name"]?.stringValue ?? "unknown"
        return hello["version"]?.stringValue.map { "\(name) \($0)" } ?? name
    }

    /// One call; on a transport failure the shim is killed and restarted before this returns.
    /// The second value is what the shim wrote to stderr during the call.
    public func call(_ request: ShimRequest) -> (Result<ShimResponse, ShimTransportFailure>, String) {
        let (results, stderr) = call(batch: [request])
        return (results[0], stderr)
    }

    /// Several calls written ahead of their answers (the protocol answers in order). A transport
    /// failure fails the call it happened on; the shim is restarted and the calls after it are sent
    /// again, so one crashing case costs no other. The requests' ids are replaced by the client's own
    /// numbering. The second value is the stderr of the whole batch.
    public func call(batch: [ShimRequest]) -> ([Result<ShimResponse, ShimTransportFailure>], String) {
        var results: [Result<ShimResponse, ShimTransportFailure>] = []
        var stderr = ""
        while results.count < batch.count {
            if child == nil {
                do {
                    try start()
                    restarts += 1
                } catch {
                    // A shim that cannot be started again fails every call that is left.
                    results += Array(repeating: .failure(.couldNotStart(reason: error.description)), count: batch.count - results.count)
                    break
                }
            }
            guard let process = child else { continue }
            let firstID = nextID
            let lines = batch[results.count...].enumerated().map { offset, request in
                ShimRequest(id: firstID + Int64(offset), op: request.op, args: request.args).line
            }
            nextID += Int64(lines.count)
            let (replies, failure) = process.exchange(lines: lines, timeout: timeout)
            // The answers that came are taken first; the exchange's own failure is the next call's.
            var broken: ShimTransportFailure? = nil
            for (offset, reply) in replies.enumerated() where broken == nil {
                let id = firstID + Int64(offset)
                switch ShimResponse.parse(line: reply) {
                case .success(let response) where response.id == id: results.append(.success(response))
                case .success(let response): broken = .outOfOrder(expected: id, got: response.id)
                case .failure(let parseFailure): broken = parseFailure
                }
            }
            stderr += process.takeStderr()
            if broken == nil { broken = failure }
            if let broken {
                results.append(.failure(broken))
                process.kill()
                child = nil
            }
        }
        return (results, stderr)
    }

    /// Kills the shim and its process group.
    public func stop() {
        child?.kill()
        child = nil
    }
}
