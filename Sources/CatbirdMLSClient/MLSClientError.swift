import ATProtoLexicon

/// Why a client call failed.
public enum MLSClientError: Error, Sendable, CustomStringConvertible {
    /// The server answered an XRPC error (`{error, message}`, or a body that is not one: `error` is then
    /// nil and `message` holds the start of the body).
    case xrpc(status: Int, error: String?, message: String?)
    /// The request never got an answer (after every retry).
    case transport(String)
    /// The answer is not JSON, or breaks the endpoint's output lexicon.
    case invalidResponse(String)
    /// The request breaks the endpoint's input lexicon; nothing was sent.
    case invalidRequest([ValidationError])
    /// A blob over the 50 MB limit; nothing was sent.
    case blobTooLarge(size: Int, limit: Int)

    public var description: String {
        switch self {
        case .xrpc(let status, let error, let message):
            "\(status) \(error ?? "(not an XRPC error body)")\(message.map { ": \($0)" } ?? "")"
                + (status == 401 ? " (authentication required)" : "")
        case .transport(let reason): "no answer: \(reason)"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        case .invalidRequest(let errors): "invalid request: " + errors.map(\.description).joined(separator: "; ")
        case .blobTooLarge(let size, let limit): "blob of \(size) bytes is over the \(limit / 1_048_576)MB limit (\(limit) bytes)"
        }
    }

    /// The XRPC error name, when the server sent one.
    public var errorName: String? {
        if case .xrpc(_, let name, _) = self { return name }
        return nil
    }
}
