/// One way a lexicon document breaks the Lexicon v1 rules, at a JSON pointer into the document.
public struct LexiconProblem: Sendable, Equatable, CustomStringConvertible {
    /// The stable classes of document problems.
    public enum Code: String, Sendable, CaseIterable {
        /// A key the rules require is absent.
        case missingField = "missing-field"
        /// A key has a value of the wrong JSON type.
        case wrongType = "wrong-type"
        /// A key this type of def does not have.
        case unknownField = "unknown-field"
        /// A value of the right JSON type that the rules refuse (bad NSID, min > max, …).
        case invalidValue = "invalid-value"
        /// A type where the rules do not allow it (a `query` outside `main`, a `ref` param, an inline object …).
        case notAllowedHere = "not-allowed-here"
        /// A `ref` or union member that names no def of the catalog, or a def of the wrong kind.
        case unresolvedRef = "unresolved-ref"
    }

    /// Where in the document.
    public let pointer: JSONPointer
    /// Which rule.
    public let code: Code
    /// What is wrong, in words.
    public let message: String

    /// A problem at `pointer`.
    public init(_ pointer: JSONPointer, _ code: Code, _ message: String) {
        self.pointer = pointer
        self.code = code
        self.message = message
    }

    public var description: String { "\(pointer.description.isEmpty ? "/" : pointer.description): \(code.rawValue): \(message)" }
}

/// A lexicon document refused by the Lexicon v1 check, with every problem found.
public struct LexiconDocumentError: Error, Sendable, CustomStringConvertible {
    /// The document's `id`, when it has a readable one.
    public let id: String?
    /// Every problem, in document order.
    public let problems: [LexiconProblem]

    public var description: String {
        "lexicon \(id ?? "(no id)") is not valid Lexicon v1: " + problems.map(\.description).joined(separator: "; ")
    }
}
