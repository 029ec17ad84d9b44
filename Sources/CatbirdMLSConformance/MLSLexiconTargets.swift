import ATProtoLexicon
import CatbirdMLS

/// What the `mls/lexicon` vectors validate: every object def, the cipher-suite def, and each
/// endpoint's params, JSON input and output, by the names `mls.validate` takes.
enum MLSLexiconTargets {
    /// Target names in file order.
    static var all: [String] { CatbirdLexicons.targets }

    /// The schema a target name validates against, and the document it is written in.
    static func schema(_ name: String) -> (schema: LexiconSchema, base: String)? {
        guard let target = try? LexiconTarget.parse(name, in: CatbirdLexicons.catalog) else { return nil }
        return CatbirdLexicons.catalog.schema(of: target)
    }
}
