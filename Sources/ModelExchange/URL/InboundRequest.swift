/// What FlowDown makes of a URL it is opened with (FW `ModelExchangeURL.resolve`, FlowDown spec section 8).
public enum InboundRequest: Equatable, Sendable {
    /// `stage=cancelled`: FlowDown drops the session silently; no signature is checked.
    case cancelled(session: String?)
    /// `pk` and `callback` both present and non-empty; has priority over an exchange.
    case handshake(pk: String, callback: String)
    case exchange(ReceivedExchange)

    /// Resolves a URL as FlowDown does. The scheme is not looked at (the app only routes `flowdown`).
    public static func resolve(_ url: ModelExchangeURL) throws(ModelExchangeError) -> InboundRequest {
        guard url.host.lowercased() == ModelExchangeURL.host, url.path.lowercased() == ModelExchangeURL.path else {
            throw .malformed(
                "host and path must be models and /exchange, got \(url.host.debugDescription) and \(url.path.debugDescription)")
        }
        // The first value of each name, found in the items when asked for (see firstValue(named:)).
        let parameters = url.firstValue(named:)
        if parameters("stage")?.lowercased() == "cancelled" { return .cancelled(session: parameters("session")) }
        if let pk = parameters("pk"), !pk.isEmpty, let callback = parameters("callback"), !callback.isEmpty {
            return .handshake(pk: pk, callback: callback)
        }
        func require(_ name: String) throws(ModelExchangeError) -> String {
            guard let value = parameters(name) else { throw .malformed("the exchange URL has no \(name)") }
            return value
        }
        let session = try require("session")
        let appName = try require("app_name")
        let reason = try require("reason")
        let multipleSelection = try require("multiple_selection").lowercased() == "true"
        let timestampText = try require("timestamp")
        guard let timestamp = Double(timestampText) else {
            throw .malformed("timestamp \(timestampText.debugDescription) is not a number")
        }
        let capabilities = try Capability.parseList(parameters("capabilities") ?? "")
        let request = ExchangeRequest(
            session: session, appName: appName, reason: reason, capabilities: capabilities,
            multipleSelection: multipleSelection, timestamp: timestamp)
        return .exchange(ReceivedExchange(request: request, signature: parameters("sig"), url: url))
    }
}

/// An exchange URL as received: the parsed request, its `sig` (optional at parse time) and the URL
/// the canonical string is rebuilt from.
public struct ReceivedExchange: Equatable, Sendable {
    /// The request's fields.
    public var request: ExchangeRequest
    /// The `sig` item.
    public var signature: String?
    /// The URL as received.
    public var url: ModelExchangeURL

    /// Step 4: drop every item named `sig` (any case), re-encode the rest, prefix the path.
    public var canonical: String {
        let path = url.path.isEmpty ? "/" : url.path
        return ExchangeRequest.canonical(path: path, items: url.items.filter { $0.name.lowercased() != "sig" })
    }
}
