import WireCore

/// A request to a shim: `{"id": 17, "op": "cdev.validate", "args": {...}}` (the README's shim protocol).
/// A case turns into one with id 0; the shim client numbers them as it sends them.
public struct ShimRequest: Sendable, Equatable {
    /// The request's number, echoed by the response.
    public var id: Int64
    /// The operation.
    public var op: String
    /// Its arguments.
    public var args: JSONObject

    /// A request.
    public init(id: Int64, op: String, args: JSONObject = JSONObject()) {
        self.id = id
        self.op = op
        self.args = args
    }

    /// A request of `op` with `args`, not yet numbered.
    public init(_ op: String, _ args: JSONObject) {
        self.init(id: 0, op: op, args: args)
    }

    /// The request as one compact JSON line.
    public var line: String {
        JSONWriter.compact(["id": .int(id), "op": .string(op), "args": .object(args)])
    }

    /// Parses a request line; a line that is not a request is a `bad-request` error.
    public init(line: String) throws(ShimError) {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(line)
        } catch {
            // The reader's own words: a repeated key anywhere in the args ("duplicate key … at byte N") is the usual cause.
            throw ShimError(code: ShimError.badRequestCode, message: "request line is not JSON: \(error)")
        }
        guard let object = parsed.objectValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "request line is not a JSON object")
        }
        guard let op = object["op"]?.stringValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "request has no string 'op'")
        }
        self.id = object["id"]?.intValue ?? 0
        self.op = op
        self.args = object["args"]?.objectValue ?? JSONObject()
    }
}

/// A rejection or failure a shim reports: `{"code": "expired", "message": "..."}`.
public struct ShimError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    /// A human-readable reason (free text; never compared).
    public var message: String
    /// Further members of the error object beside `code` and `message`, e.g. the `errors` list of
    /// `mls.validate` (JSON pointers into the value), which `--strict` compares with the case.
    public var details: JSONObject

    /// An error of class `code`.
    public init(code: String, message: String = "", details: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// A format module's error, with its class and its description.
    public init(_ error: some CodedError) {
        self.init(code: error.code, message: error.description)
    }

    /// The code a shim sends for an operation it does not support; the case becomes UNIMPLEMENTED.
    public static let unimplementedCode = "unimplemented"
    /// The code for a request the shim cannot read (not JSON, an argument missing or mistyped).
    public static let badRequestCode = "bad-request"

    public var description: String { message.isEmpty ? code : "\(code): \(message)" }
}

/// A response line: `{"id", "ok": true, "result"}` or `{"id", "ok": false, "error"}`.
public struct ShimResponse: Sendable, Equatable {
    public var id: Int64
    /// The result object or the error.
    public var outcome: Result<JSONObject, ShimError>

    /// A response to request `id`.
    public init(id: Int64, outcome: Result<JSONObject, ShimError>) {
        self.id = id
        self.outcome = outcome
    }

    /// The response as one compact JSON line.
    public var line: String {
        switch outcome {
        case .success(let result):
            return JSONWriter.compact(["id": .int(id), "ok": true, "result": .object(result)])
        case .failure(let error):
            var body: JSONObject = ["code": .string(error.code)]
            if !error.message.isEmpty { body["message"] = .string(error.message) }
            for (key, value) in error.details where body[key] == nil { body[key] = value }
            return JSONWriter.compact(["id": .int(id), "ok": false, "error": .object(body)])
        }
    }

    /// Parses a response line; nil reason when it is well formed, otherwise why it is not.
    public static func parse(line: String) -> Result<ShimResponse, ShimTransportFailure> {
        let object: JSONObject
        do {
            guard let parsed = try JSONParser.parse(line, duplicateKeys: .keepLast).objectValue else {
                return .failure(.notJSON(line: line, reason: "not a JSON object"))
            }
            object = parsed
        } catch {
            return .failure(.notJSON(line: line, reason: error.description))
        }
        guard let id = object["id"]?.intValue, let ok = object["ok"]?.boolValue else {
            return .failure(.notJSON(line: line, reason: "response needs an integer 'id' and a boolean 'ok'"))
        }
        if ok {
            return .success(ShimResponse(id: id, outcome: .success(object["result"]?.objectValue ?? JSONObject())))
        }
        let error = object["error"]
        let code = error?["code"]?.stringValue ?? error?.stringValue ?? "error"
        let message = error?["message"]?.stringValue ?? ""
        var details = error?.objectValue ?? JSONObject()
        details["code"] = nil
        details["message"] = nil
        return .success(ShimResponse(id: id, outcome: .failure(ShimError(code: code, message: message, details: details))))
    }
}

/// Why a call to a shim produced no usable response. Each one fails the case and restarts the shim.
public enum ShimTransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case exited(status: String)
    case notJSON(line: String, reason: String)
    case outOfOrder(expected: Int64, got: Int64)
    case timedOut(seconds: Double)
    case couldNotStart(reason: String)
    /// The shim failed before or while answering `hello`, with what it wrote to stderr.
    case helloFailed(String, stderr: String)

    public var description: String {
        switch self {
        case .exited(let status): "shim exited (\(status)) before answering"
        case .notJSON(let line, let reason):
            "shim printed a line that is not a response (\(reason)): \(line.prefix(200).debugDescription)"
        case .outOfOrder(let expected, let got): "shim answered id \(got) while id \(expected) was pending"
        case .timedOut(let seconds):
            "shim did not answer within \(seconds) s (killed); did the shim flush stdout after each line?"
        case .couldNotStart(let reason): "shim could not be started: \(reason)"
        case .helloFailed(let reason, let stderr):
            stderr.isEmpty
                ? "\(reason); the shim wrote nothing to stderr"
                : "\(reason); the shim's stderr ends with:\n"
                    + stderr.suffix(2000).split(separator: "\n").map { "  | \($0)" }.joined(separator: "\n")
        }
    }
}
