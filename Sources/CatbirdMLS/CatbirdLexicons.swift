import ATProtoLexicon
import Foundation
import WireCore

/// The project's lexicon documents for `blue.catbird.mls.*` (v0 contract, written as valid Lexicon
/// v1; `Lexicons/` is shipped as a resource), loaded once into a catalog.
public enum CatbirdLexicons {
    /// The NSIDs of the shipped documents: `defs` and the nine endpoints.
    public static let ids = ["\(MLSEndpoint.namespace).defs"] + MLSEndpoint.allCases.map(\.nsid)

    /// The raw JSON text of each shipped document, by NSID.
    public static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for id in ids {
            guard let url = Bundle.module.url(forResource: id, withExtension: "json", subdirectory: "Lexicons"),
                let data = FileManager.default.contents(atPath: url.path)
            else { preconditionFailure("the lexicon resource \(id).json is missing from the CatbirdMLS bundle") }
            files[id] = Array(data)
        }
        return files
    }()

    /// Every shipped document, read and checked (a document that fails the Lexicon v1 check is a
    /// build defect, caught by the tests before it ships).
    public static let catalog: LexiconCatalog = {
        LexiconCatalog(
            ids.map { id in
                do {
                    return try LexiconDocument(bytes: files[id]!)
                } catch {
                    preconditionFailure("shipped lexicon \(id) is not valid Lexicon v1: \(error)")
                }
            })
    }()

    /// Every name `mls.validate` takes, in document order: each def of `defs`, then for each endpoint its
    /// `#params`, JSON `#input` and `#output`, and its own named defs.
    public static let targets: [String] = {
        var names: [String] = []
        for id in ids {
            guard let document = catalog.documents[id] else { continue }
            for (name, def) in document.defs {
                switch def {
                case .query, .procedure:
                    if catalog.parameters(of: id) != nil { names.append("\(id)#params") }
                    if catalog.schema(of: .input(nsid: id)) != nil { names.append("\(id)#input") }
                    if catalog.schema(of: .output(nsid: id)) != nil { names.append("\(id)#output") }
                default: names.append("\(id)#\(name)")
                }
            }
        }
        return names
    }()

    /// The cipher suites the contract knows: the `knownValues` of `defs#cipherSuiteEnum` (an open set
    /// in the lexicons; the mock server accepts only these).
    public static let cipherSuites: [String] = {
        guard case .schema(.string(let suites))? = catalog.resolve("\(MLSEndpoint.namespace).defs#cipherSuiteEnum", from: "")?.def else {
            preconditionFailure("the shipped defs lexicon has no cipherSuiteEnum string")
        }
        return suites.knownValues ?? []
    }()

    /// A validator over the shipped catalog.
    public static func validator(options: LexiconValidator.Options = .init()) -> LexiconValidator {
        LexiconValidator(catalog: catalog, options: options)
    }
}
