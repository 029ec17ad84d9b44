/// The parts of a catalog's endpoints a value is checked against: parameters, bodies, messages.
extension LexiconCatalog {
    /// The parameters of endpoint `nsid` (its `main` query, procedure or subscription).
    public func parameters(of nsid: String) -> ParamsSchema? {
        switch documents[nsid]?.def("main") {
        case .query(let q)?: q.parameters
        case .procedure(let p)?: p.parameters
        case .subscription(let s)?: s.parameters
        default: nil
        }
    }

    /// The error names endpoint `nsid` declares (its `main` query, procedure or subscription), in order.
    public func errorNames(of nsid: String) -> [String] {
        switch documents[nsid]?.def("main") {
        case .query(let q)?: q.errors.map(\.name)
        case .procedure(let p)?: p.errors.map(\.name)
        case .subscription(let s)?: s.errors.map(\.name)
        default: []
        }
    }

    /// The body of a procedure's `#input`, or of a query's or procedure's `#output`.
    public func body(of target: LexiconTarget) -> XRPCBody? {
        switch (target, target.nsid.flatMap { documents[$0]?.def("main") }) {
        case (.input, .procedure(let p)?): p.input
        case (.output, .procedure(let p)?): p.output
        case (.output, .query(let q)?): q.output
        default: nil
        }
    }

    /// The field type a value of `target` is checked against and the NSID its refs are relative to:
    /// a field-type def, the parameters as an object, a body's JSON schema, a subscription's message.
    /// Nil for records, tokens and endpoints themselves, and for bodies without a JSON schema.
    public func schema(of target: LexiconTarget) -> (schema: LexiconSchema, base: String)? {
        switch target {
        case .def(let full):
            guard let (_, nsid, def) = resolveWithDocument(full, from: ""), case .schema(let schema) = def else { return nil }
            return (schema, nsid)
        case .params(let nsid):
            return parameters(of: nsid).map { (.object(ObjectSchema(properties: $0.properties, required: $0.required)), nsid) }
        case .input(let nsid), .output(let nsid):
            return body(of: target)?.schema.map { ($0, nsid) }
        case .message(let nsid):
            guard case .subscription(let s)? = documents[nsid]?.def("main"), let message = s.message else { return nil }
            return (message, nsid)
        }
    }
}

extension LexiconTarget {
    /// The endpoint NSID of a part (nil for a def).
    var nsid: String? {
        switch self {
        case .def: nil
        case .params(let nsid), .input(let nsid), .output(let nsid), .message(let nsid): nsid
        }
    }
}
