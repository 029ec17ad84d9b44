import WireCore

/// An RFC 6901 JSON pointer (`/convos/0/members/2/did`), built one token at a time.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The unescaped reference tokens.
    public private(set) var tokens: [String]

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(tokens: [])

    /// A pointer made of `tokens`.
    public init(tokens: [String]) { self.tokens = tokens }

    /// The pointer to member `key` of the value here.
    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens: tokens + [key]) }
    /// The pointer to element `index` of the array here.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer's text: each token after a `/`, with `~` written `~0` and `/` written `~1`.
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Pointers order by their text.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension JSONValue {
    /// The value `pointer` names in this value, if any (array tokens are decimal indices).
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var current: JSONValue? = self
        for token in pointer.tokens {
            switch current {
            case .object(let object)?: current = object[token]
            case .array(let items)?: current = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return current
    }
}
