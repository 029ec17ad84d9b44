import WireCore

/// A Lexicon v1 document (`{"lexicon": 1, "id": NSID, "defs": {...}}`), read from JSON and checked
/// against the Lexicon v1 language rules (Lexicon spec; `packages/lexicon/src/types.ts` of the
/// reference implementation).
public struct LexiconDocument: Sendable, Equatable {
    /// The NSID of the document.
    public var id: String
    /// `revision`, when given.
    public var revision: Int64?
    /// `description`, when given.
    public var description: String?
    /// The defs in the order written.
    public var defs: [(name: String, def: LexiconDef)]

    /// What the check allows beyond Lexicon v1.
    public struct Options: Sendable {
        /// Accept `object` types inline as properties and array items. Lexicon v1's reference schema
        /// only allows them as named defs, record bodies and XRPC bodies, but some documents (among
        /// them the atproto-interop-tests catalog, snapshot 056e574) inline them.
        public var inlineObjects: Bool

        /// The options; the default is Lexicon v1 exactly.
        public init(inlineObjects: Bool = false) {
            self.inlineObjects = inlineObjects
        }

        /// What the atproto-interop-tests lexicon catalog needs: inline objects.
        public static let interopCatalog = Options(inlineObjects: true)
    }

    /// A document of these parts (not checked; `LexiconDocument.check` reads JSON with the rules).
    public init(id: String, revision: Int64? = nil, description: String? = nil, defs: [(name: String, def: LexiconDef)]) {
        self.id = id
        self.revision = revision
        self.description = description
        self.defs = defs
    }

    /// Reads and checks `json`; throws every problem found.
    public init(json: JSONValue, options: Options = Options()) throws(LexiconDocumentError) {
        var parser = LexiconDocumentParser(options: options)
        let document = parser.document(json)
        guard let document, parser.problems.isEmpty else {
            throw LexiconDocumentError(id: json["id"]?.stringValue, problems: parser.problems)
        }
        self = document
    }

    /// Reads and checks the JSON text `bytes`.
    public init(bytes: [UInt8], options: Options = Options()) throws(LexiconDocumentError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw LexiconDocumentError(id: nil, problems: [LexiconProblem(.root, .wrongType, "not JSON: \(error)")])
        }
        try self.init(json: json, options: options)
    }

    /// Every problem of `json` as a Lexicon v1 document (empty when it is valid).
    public static func check(_ json: JSONValue, options: Options = Options()) -> [LexiconProblem] {
        var parser = LexiconDocumentParser(options: options)
        _ = parser.document(json)
        return parser.problems
    }

    /// The def called `name`.
    public func def(_ name: String) -> LexiconDef? { defs.first { $0.name == name }?.def }

    public static func == (lhs: LexiconDocument, rhs: LexiconDocument) -> Bool {
        lhs.id == rhs.id && lhs.revision == rhs.revision && lhs.description == rhs.description
            && lhs.defs.map(\.name) == rhs.defs.map(\.name) && lhs.defs.map(\.def) == rhs.defs.map(\.def)
    }
}
