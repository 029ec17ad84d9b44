import ATProtoLexicon
import CatbirdMLS

/// What the `mls/lexicon` vectors validate: every object def, the cipher-suite def, and each
/// endpoint's params, JSON input and output, by the names `mls.validate` takes.
enum MLSLexiconTargets {
    /// Target names in file order.
    static var all: [String] { CatbirdLexicons.targets }

    /// The schema a target name validates against, and the document it is written in.
    static func schema(_ name: String) -> (schema: LexiconSchema, base: String)? {
        let catalog = CatbirdLexicons.catalog
        guard let target = try? LexiconTarget.parse(name, in: catalog) else { return nil }
        switch target {
        case .def(let full):
            let nsid = String(full.split(separator: "#")[0])
            guard case .schema(let schema)? = catalog.resolve(full, from: nsid)?.def else { return nil }
            return (schema, nsid)
        case .params(let nsid):
            let params: ParamsSchema? =
                switch catalog.documents[nsid]?.def("main") {
                case .query(let q)?: q.parameters
                case .procedure(let p)?: p.parameters
                default: nil
                }
            guard let params else { return nil }
            return (.object(ObjectSchema(properties: params.properties, required: params.required, nullable: [])), nsid)
        case .input(let nsid), .output(let nsid):
            let body: XRPCBody? =
                switch (target, catalog.documents[nsid]?.def("main")) {
                case (.input, .procedure(let p)?): p.input
                case (.output, .procedure(let p)?): p.output
                case (.output, .query(let q)?): q.output
                default: nil
                }
            return body?.schema.map { ($0, nsid) }
        case .message: return nil
        }
    }
}
