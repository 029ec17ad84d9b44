import WireCore

/// FlowDown → requester callback URLs, `<cb>://models/exchange?stage=…&session=…[&extras]` (FlowDown spec section 5).
public enum Callback: Equatable, Sendable {
    case verification(session: String, pk: String)
    case completed(session: String, format: String, payload: String)
    case cancelled(session: String?)

    /// The `stage` item.
    public var stage: String {
        switch self {
        case .verification: "verification"
        case .completed: "completed"
        case .cancelled: "cancelled"
        }
    }

    /// The items in FlowDown's fixed order: stage, session, then the extras.
    public var items: [QueryItem] {
        switch self {
        case .verification(let session, let pk):
            [QueryItem("stage", stage), QueryItem("session", session), QueryItem("pk", pk)]
        case .completed(let session, let format, let payload):
            [QueryItem("stage", stage), QueryItem("session", session), QueryItem("format", format), QueryItem("payload", payload)]
        case .cancelled(let session):
            [QueryItem("stage", stage)] + (session.map { [QueryItem("session", $0)] } ?? [])
        }
    }

    /// The callback URL FlowDown opens (`callbackURL(scheme:stage:session:extraItems:)`: URLComponents
    /// with host `models`, path `/exchange`, then the items). The scheme must be valid.
    public func url(scheme: String) throws(ModelExchangeError) -> String {
        guard ModelExchangeURL.isValidScheme(scheme) else { throw .badCallbackScheme(scheme) }
        return ModelExchangeURL(scheme: scheme, items: items).description
    }

    /// The requester's parse (the documented sample: lower-cased names, lower-cased stage).
    public static func parse(_ url: ModelExchangeURL) throws(ModelExchangeError) -> Callback {
        guard url.host.lowercased() == ModelExchangeURL.host, url.path.lowercased() == ModelExchangeURL.path else {
            throw .malformed("host and path must be models and /exchange")
        }
        let parameters = url.parameters
        switch parameters["stage"]?.lowercased() {
        case "verification":
            guard let session = parameters["session"], let pk = parameters["pk"] else {
                throw .malformed("a verification callback needs session and pk")
            }
            return .verification(session: session, pk: pk)
        case "completed":
            guard let session = parameters["session"], let payload = parameters["payload"] else {
                throw .malformed("a completed callback needs session and payload")
            }
            return .completed(session: session, format: parameters["format"] ?? "plist", payload: payload)
        case "cancelled":
            return .cancelled(session: parameters["session"])
        case let stage:
            throw .malformed("unknown callback stage \(stage.map { $0.debugDescription } ?? "(none)")")
        }
    }
}
