/// A set of lexicon documents that refer to each other: resolves refs and checks that every ref of
/// every document names a def of the right kind.
public struct LexiconCatalog: Sendable {
    /// The documents by NSID.
    public private(set) var documents: [String: LexiconDocument] = [:]
    /// Every def by its qualified name `nsid#name`, with its document's NSID: refs resolve with one lookup.
    private var defs: [String: (nsid: String, def: LexiconDef)] = [:]

    /// A catalog of `documents` (a later document with the same id replaces an earlier one).
    public init(_ documents: [LexiconDocument] = []) {
        for document in documents { add(document) }
    }

    /// Adds or replaces a document.
    public mutating func add(_ document: LexiconDocument) {
        if let old = documents[document.id] { for (name, _) in old.defs { defs["\(old.id)#\(name)"] = nil } }
        documents[document.id] = document
        for (name, def) in document.defs { defs["\(document.id)#\(name)"] = (document.id, def) }
    }

    /// The full form `nsid#name` of `ref` written in document `base` (`#name` → `base#name`,
    /// `nsid` → `nsid#main`).
    public static func qualify(_ ref: String, in base: String) -> String {
        if ref.hasPrefix("#") { return base + ref }
        return ref.contains("#") ? ref : ref + "#main"
    }

    /// The def that `ref` (as written in document `base`) names, with its qualified name.
    public func resolve(_ ref: String, from base: String) -> (name: String, def: LexiconDef)? {
        resolveWithDocument(ref, from: base).map { ($0.name, $0.def) }
    }

    /// The def that `ref` names, its qualified name and the NSID of its document (which its own refs
    /// are relative to).
    public func resolveWithDocument(_ ref: String, from base: String) -> (name: String, nsid: String, def: LexiconDef)? {
        let full = Self.qualify(ref, in: base)
        guard let entry = defs[full] else { return nil }
        return (full, entry.nsid, entry.def)
    }

    /// Every ref in every document that names no def, or a def of a kind it cannot name: a `ref`
    /// cannot name a query, procedure or subscription; a union member must be an object or a record.
    public func unresolvedRefs() -> [(document: String, problem: LexiconProblem)] {
        var found: [(String, LexiconProblem)] = []
        for id in documents.keys.sorted() {
            guard let document = documents[id] else { continue }
            for (name, def) in document.defs {
                forEachRef(in: def, at: JSONPointer.root.appending("defs").appending(name)) { ref, isUnionMember, at in
                    guard let (_, target) = resolve(ref, from: id) else {
                        found.append((id, LexiconProblem(at, .unresolvedRef, "\"\(ref)\" names no def of the catalog")))
                        return
                    }
                    let ok: Bool
                    switch target {
                    case .query, .procedure, .subscription: ok = false
                    case .record, .schema(.object): ok = true
                    default: ok = !isUnionMember
                    }
                    if !ok {
                        found.append(
                            (id, LexiconProblem(at, .unresolvedRef, "\"\(ref)\" names a \(target.typeName), which cannot be used here")))
                    }
                }
            }
        }
        return found
    }

    private func forEachRef(in def: LexiconDef, at: JSONPointer, _ visit: (String, Bool, JSONPointer) -> Void) {
        func walk(_ schema: LexiconSchema, _ at: JSONPointer) {
            switch schema {
            case .ref(let ref): visit(ref, false, at.appending("ref"))
            case .union(let union): for (i, ref) in union.refs.enumerated() { visit(ref, true, at.appending("refs").appending(i)) }
            case .array(let array): walk(array.items, at.appending("items"))
            case .object(let object):
                for (name, property) in object.properties { walk(property, at.appending("properties").appending(name)) }
            default: break
            }
        }
        func walkParams(_ params: ParamsSchema?) {
            for (name, property) in params?.properties ?? [] {
                walk(property, at.appending("parameters").appending("properties").appending(name))
            }
        }
        switch def {
        case .record(let record): walk(.object(record.record), at.appending("record"))
        case .query(let query):
            walkParams(query.parameters)
            if let schema = query.output?.schema { walk(schema, at.appending("output").appending("schema")) }
        case .procedure(let procedure):
            walkParams(procedure.parameters)
            if let schema = procedure.input?.schema { walk(schema, at.appending("input").appending("schema")) }
            if let schema = procedure.output?.schema { walk(schema, at.appending("output").appending("schema")) }
        case .subscription(let subscription):
            walkParams(subscription.parameters)
            if let schema = subscription.message { walk(schema, at.appending("message").appending("schema")) }
        case .token, .permissionSet: break
        case .schema(let schema): walk(schema, at)
        }
    }
}
