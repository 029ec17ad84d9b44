import WireCore

/// One named def of a lexicon document: a primary type (only as `main`), a token, or a field type.
public enum LexiconDef: Sendable, Equatable {
    case record(RecordDef)
    case query(QueryDef)
    case procedure(ProcedureDef)
    case subscription(SubscriptionDef)
    /// A named value with no data; a `ref` to it is satisfied by the string `nsid#name`.
    case token(description: String?)
    /// Any field type (`object`, `string`, `array`, …) given a name.
    case schema(LexiconSchema)
    /// A set of OAuth permissions (a primary type of the current Lexicon spec); it describes no data.
    case permissionSet(PermissionSetDef)

    /// The `type` written in the document.
    public var typeName: String {
        switch self {
        case .record: "record"
        case .query: "query"
        case .procedure: "procedure"
        case .subscription: "subscription"
        case .token: "token"
        case .schema(let s): s.typeName
        case .permissionSet: "permission-set"
        }
    }
}

/// A record type: its key type (`tid`, `nsid`, `any` or `literal:<key>`) and its object schema.
public struct RecordDef: Sendable, Equatable {
    /// `key`: `tid`, `nsid`, `any` or `literal:<record-key>`.
    public var key: String
    /// `record`: the object every record of the type is.
    public var record: ObjectSchema
    /// `description`.
    public var description: String?
}

/// The body of an XRPC request or response: a MIME type and, for JSON, its schema (object, ref or union).
public struct XRPCBody: Sendable, Equatable {
    /// `encoding`: the MIME type of the body.
    public var encoding: String
    /// `schema`: the JSON schema of the body (object, ref or union), when JSON.
    public var schema: LexiconSchema?
    /// `description`.
    public var description: String?
}

/// An error name an endpoint may return, besides the generic XRPC ones.
public struct XRPCErrorDef: Sendable, Equatable {
    /// `name`: the error name in `{"error": name}`.
    public var name: String
    /// `description`.
    public var description: String?
}

/// An HTTP GET endpoint.
public struct QueryDef: Sendable, Equatable {
    /// `parameters`: the query-string parameters.
    public var parameters: ParamsSchema?
    /// `output`: the response body.
    public var output: XRPCBody?
    /// `errors`: the endpoint's own error names.
    public var errors: [XRPCErrorDef]
    /// `description`.
    public var description: String?
}

/// An HTTP POST endpoint.
public struct ProcedureDef: Sendable, Equatable {
    /// `parameters`: the query-string parameters.
    public var parameters: ParamsSchema?
    /// `input`: the request body.
    public var input: XRPCBody?
    /// `output`: the response body.
    public var output: XRPCBody?
    /// `errors`: the endpoint's own error names.
    public var errors: [XRPCErrorDef]
    /// `description`.
    public var description: String?
}

/// A WebSocket event stream.
public struct SubscriptionDef: Sendable, Equatable {
    /// `parameters`: the query-string parameters.
    public var parameters: ParamsSchema?
    /// The schema of each message (a union).
    public var message: LexiconSchema?
    /// `errors`: the endpoint's own error names.
    public var errors: [XRPCErrorDef]
    /// `description`.
    public var description: String?
}

/// A permission set: what an app asks a user to grant, by resource (`repo`, `rpc`, `blob`, `account`,
/// `identity`). Each permission's fields beyond `type` and `resource` depend on the resource and are kept
/// as written.
public struct PermissionSetDef: Sendable, Equatable {
    /// `title`.
    public var title: String?
    /// `detail`.
    public var detail: String?
    /// `permissions`: each a `{"type": "permission", "resource": …}` object.
    public var permissions: [JSONObject]
}
