/// What a value is validated against, named the way `mls.validate` names it: `nsid#def` for a def,
/// `nsid` for the `main` def, and `nsid#params`, `nsid#input`, `nsid#output`, `nsid#message` for the
/// parts of an XRPC `main` def (a def of that name in the document wins over the part).
public enum LexiconTarget: Sendable, Equatable {
    /// A def of the catalog (qualified `nsid#name`).
    case def(String)
    /// The parameters of an endpoint (its `main`).
    case params(nsid: String)
    /// The JSON body schema of a procedure's input.
    case input(nsid: String)
    /// The JSON body schema of a query's or procedure's output.
    case output(nsid: String)
    /// The message schema of a subscription.
    case message(nsid: String)

    /// Reads a target name such as `blue.catbird.mls.getConvos#output`.
    public static func parse(_ name: String, in catalog: LexiconCatalog) throws(LexiconTargetError) -> LexiconTarget {
        let parts = name.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let nsid = parts[0]
        guard StringFormat.nsid.isValid(nsid) else { throw LexiconTargetError("\"\(nsid)\" is not an NSID") }
        guard let document = catalog.documents[nsid] else { throw LexiconTargetError("no lexicon \(nsid) in the catalog") }
        let defName = parts.count == 2 ? parts[1] : "main"
        if document.def(defName) != nil { return .def("\(nsid)#\(defName)") }
        let main = document.def("main")
        switch (defName, main) {
        case ("params", .query?), ("params", .procedure?), ("params", .subscription?), ("parameters", .query?),
            ("parameters", .procedure?), ("parameters", .subscription?):
            return .params(nsid: nsid)
        case ("input", .procedure?): return .input(nsid: nsid)
        case ("output", .query?), ("output", .procedure?): return .output(nsid: nsid)
        case ("message", .subscription?): return .message(nsid: nsid)
        default:
            let names = document.defs.map(\.name).joined(separator: ", ")
            throw LexiconTargetError("\(nsid) has no def or part \"\(defName)\" (defs: \(names))")
        }
    }
}

/// A target name that names nothing validatable (a usage error, not a validation failure).
public struct LexiconTargetError: Error, Sendable, CustomStringConvertible {
    /// Why.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
