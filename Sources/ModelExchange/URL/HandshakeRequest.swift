import WireCore

/// Requester → FlowDown: `flowdown://models/exchange?pk=<PK>&callback=<cb>` (FlowDown spec section 4).
public enum HandshakeRequest {
    /// `callback` is a bare scheme name, not a URL.
    public static func url(publicKey: ModelExchangePublicKey, callbackScheme: String, flowdownScheme: String = "flowdown") -> String {
        ModelExchangeURL(scheme: flowdownScheme, items: [QueryItem("pk", publicKey.encoded), QueryItem("callback", callbackScheme)])
            .description
    }

    /// Requester → FlowDown: drop the session (section 1, step 5).
    public static func cancelURL(session: String, flowdownScheme: String = "flowdown") -> String {
        ModelExchangeURL(scheme: flowdownScheme, items: [QueryItem("stage", "cancelled"), QueryItem("session", session)])
            .description
    }
}
