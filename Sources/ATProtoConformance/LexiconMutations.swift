import ATProtoLexicon
import WireCore

/// One change to a valid example value: what to put at `path` (nil removes the member), the error
/// the change must cause (nil: the value stays valid), and why.
public struct LexiconMutation: Sendable {
    /// Where the change is.
    public var path: JSONPointer
    /// The new value there; nil removes the member.
    public var replacement: JSONValue?
    /// The error a validator must report at `path`, or nil when the changed value is still valid.
    public var expected: ValidationError.Code?
    /// The vector flag of the change.
    public var flag: Flag
    /// What the change is, for the case comment.
    public var comment: String
    /// Added after the suites' cases were first numbered: listed after every other change of the value, so that
    /// the ids of the earlier cases, which the contract and expectations files cite, stay as they were.
    public var late = false

    /// What a change tests; the raw value is the flag a lexicon suite's vectors give it.
    public enum Flag: String, CaseIterable, Sendable {
        case required = "Required"
        case null = "Null"
        case type = "Type"
        case limit = "Limit"
        case utf8Length = "Utf8Length"
        case format = "Format"
        case `enum` = "Enum"
        case openSet = "OpenSet"
        case unknownField = "UnknownField"
        case integerLikeFloat = "IntegerLikeFloat"
        case `default` = "Default"
        case blob = "Blob"
        case const = "Const"
        case token = "Token"
        case union = "Union"
    }
}

/// Derives, from a lexicon schema and a valid example of it, one change per constraint: each required
/// field removed, each limit passed by one (and met exactly), each format broken, each type replaced,
/// and the changes a validator must accept (unknown fields, open `knownValues`, integral floats).
public struct LexiconMutations: Sendable {
    /// The catalog refs are resolved in.
    public let catalog: LexiconCatalog
    /// Limits above this are met and passed with one case only (no UTF-8 variant), to keep files small.
    public var largeLimit = 100_000

    /// Mutations over `catalog`.
    public init(catalog: LexiconCatalog) { self.catalog = catalog }

    /// Every mutation of `example` (a valid value of `schema` written in document `base`).
    public func mutations(of schema: LexiconSchema, base: String, example: JSONValue) -> [LexiconMutation] {
        var list: [LexiconMutation] = []
        walk(schema, base: base, value: example, at: .root, into: &list, depth: 0)
        if example.objectValue != nil {
            list.append(
                .init(
                    path: .root.appending("unexpectedField"), replacement: "ignored", expected: nil, flag: .unknownField,
                    comment: "an undeclared field"))
        }
        return list.filter { !$0.late } + list.filter(\.late)
    }

    private func walk(
        _ schema: LexiconSchema, base: String, value: JSONValue, at path: JSONPointer, into list: inout [LexiconMutation], depth: Int
    ) {
        func add(
            _ replacement: JSONValue?, _ expected: ValidationError.Code?, _ flag: LexiconMutation.Flag, _ comment: String,
            late: Bool = false
        ) {
            list.append(LexiconMutation(path: path, replacement: replacement, expected: expected, flag: flag, comment: comment, late: late))
        }
        guard depth < 12 else { return }
        switch schema {
        case .null, .unknown:
            add(12, .wrongType, .type, "a number instead of \(schema.typeName)")
        case .boolean:
            add("true", .wrongType, .type, "the string \"true\" instead of a boolean")
        case .integer(let s):
            add("1", .wrongType, .type, "the string \"1\" instead of an integer")
            add(1.5, .wrongType, .type, "1.5 instead of an integer")
            add(true, .wrongType, .type, "true instead of an integer (a reader whose booleans are integers takes it for 1)", late: true)
            if let n = value.intValue { add(.double(Double(n)), nil, .integerLikeFloat, "\(n).0, an integral float, is an integer") }
            if let min = s.minimum {
                add(.int(min), nil, .limit, "the minimum \(min)")
                add(.int(min - 1), .belowMinimum, .limit, "one below the minimum \(min)")
            }
            if let max = s.maximum {
                add(.int(max), nil, .limit, "the maximum \(max)")
                add(.int(max + 1), .aboveMaximum, .limit, "one above the maximum \(max)")
            }
            if s.enumValues != nil { add(-7, .notInEnum, .enum, "-7, not in the enum") }
        case .string(let s):
            add(12, .wrongType, .type, "a number instead of a string")
            if let max = s.maxLength, s.format == nil, s.enumValues == nil, s.knownValues == nil {
                if max <= largeLimit { add(.string(String(repeating: "a", count: max)), nil, .limit, "exactly maxLength \(max) bytes") }
                add(.string(String(repeating: "a", count: max + 1)), .tooLong, .limit, "maxLength \(max) + 1 bytes")
                if max <= largeLimit, max >= 2 {
                    add(
                        .string(String(repeating: "é", count: max / 2 + 1)), .tooLong, .utf8Length,
                        "\(max / 2 + 1) characters of 2 UTF-8 bytes: \((max / 2 + 1) * 2) bytes, over maxLength \(max) "
                            + "(a count of characters is not enough)"
                    )
                }
            }
            if let min = s.minLength, min > 0, s.format == nil {
                add(.string(String(repeating: "a", count: min - 1)), .tooShort, .limit, "minLength \(min) - 1 bytes")
            }
            if let format = s.format {
                add(.string(LexiconExamples.formatBreaks[format]!), .invalidFormat, .format, "not a valid \(format.rawValue)")
            }
            if s.enumValues != nil { add("notAValue", .notInEnum, .enum, "\"notAValue\", not in the enum") }
            if s.knownValues != nil { add("com.example.futureValue", nil, .openSet, "a value outside knownValues (an open set)") }
            if let const = s.const { add(.string(const + "x"), .constMismatch, .const, "not the const") }
        case .bytes:
            add("AAAA", .invalidBytes, .type, "a plain string instead of {\"$bytes\"}")
        case .cidLink:
            add(.string(LexiconExamples.formatSamples[.cid]!), .invalidCIDLink, .type, "a plain string instead of {\"$link\"}")
        case .blob(let s):
            add("blob", .invalidBlob, .type, "a string instead of a blob")
            if var object = value.objectValue {
                object["ref"] = nil
                add(.object(object), .invalidBlob, .blob, "a blob without 'ref'")
            }
            if let max = s.maxSize, var object = value.objectValue {
                object["size"] = .int(max)
                add(.object(object), nil, .limit, "a blob of exactly maxSize \(max)")
                object["size"] = .int(max + 1)
                add(.object(object), .blobTooLarge, .limit, "a blob of maxSize \(max) + 1")
            }
            if let accept = s.accept, !accept.contains("*/*"), var object = value.objectValue {
                if let mime = object["mimeType"]?.stringValue {
                    object["mimeType"] = .string(mime.uppercased())
                    add(.object(object), nil, .blob, "the MIME type in upper case: accept matches it ignoring case", late: true)
                }
                object["mimeType"] = "text/plain"
                add(.object(object), .blobTypeNotAccepted, .blob, "a blob of a type accept does not list")
            }
            if let object = value.objectValue, let link = object["ref"]?["$link"], let mime = object["mimeType"] {
                add(
                    ["cid": link, "mimeType": mime], nil, .blob, "the legacy blob {cid, mimeType}, which the data model still reads",
                    late: true)
            }
        case .array(let s):
            add(["not": "an array"], .wrongType, .type, "an object instead of an array")
            if let items = value.arrayValue, let first = items.first {
                if let max = s.maxLength, max <= 1000 {
                    add(.array(Array(repeating: first, count: max)), nil, .limit, "exactly maxLength \(max) elements")
                    add(.array(Array(repeating: first, count: max + 1)), .tooLong, .limit, "maxLength \(max) + 1 elements")
                }
                if let min = s.minLength, min > 0 {
                    add(.array(Array(items.prefix(min - 1))), .tooShort, .limit, "minLength \(min) - 1 elements")
                }
                walk(s.items, base: base, value: first, at: path.appending(0), into: &list, depth: depth + 1)
            }
        case .object(let s):
            if depth > 0 { add(["an", "array"], .wrongType, .type, "an array instead of an object") }
            guard let object = value.objectValue else { return }
            for (name, property) in s.properties {
                let child = path.appending(name)
                if s.required.contains(name), property.defaultValue == nil {
                    list.append(
                        .init(
                            path: child, replacement: nil, expected: .missingRequired, flag: .required,
                            comment: "required '\(name)' removed"))
                } else if property.defaultValue != nil {
                    list.append(
                        .init(
                            path: child, replacement: nil, expected: nil, flag: .default,
                            comment: "'\(name)' left out: its default applies"))
                }
                if property != .null, !s.nullable.contains(name) {
                    list.append(
                        .init(
                            path: child, replacement: .null, expected: .nullNotAllowed, flag: .null,
                            comment: "'\(name)' is null but not nullable"))
                }
                if let member = object[name] { walk(property, base: base, value: member, at: child, into: &list, depth: depth + 1) }
            }
        case .ref(let ref):
            guard let (name, def) = catalog.resolve(ref, from: base) else { return }
            let nsid = String(name.split(separator: "#")[0])
            switch def {
            case .schema(let target): walk(target, base: nsid, value: value, at: path, into: &list, depth: depth)
            case .token: add("com.example.notTheToken", .invalidToken, .token, "not the token's name")
            default: break
            }
        case .union(let s):
            if var object = value.objectValue {
                object["$type"] = nil
                add(.object(object), .missingType, .union, "a union member without $type")
                object["$type"] = "com.example.notAMember"
                add(
                    .object(object), s.closed ? .typeNotInUnion : nil, .union,
                    "a $type the union does not list (\(s.closed ? "closed" : "open"))")
            }
        }
    }
}

extension JSONValue {
    /// This value with the member at `path` replaced by `replacement` (removed when nil).
    public func replacing(at path: JSONPointer, with replacement: JSONValue?) -> JSONValue {
        guard let (head, rest) = path.tokens.first.map({ ($0, JSONPointer(tokens: Array(path.tokens.dropFirst()))) }) else {
            return replacement ?? .null
        }
        switch self {
        case .object(var object):
            if rest.tokens.isEmpty {
                object[head] = replacement
            } else if let member = object[head] {
                object[head] = member.replacing(at: rest, with: replacement)
            }
            return .object(object)
        case .array(var items):
            guard let index = Int(head), items.indices.contains(index) else { return self }
            if rest.tokens.isEmpty {
                if let replacement { items[index] = replacement } else { items.remove(at: index) }
            } else {
                items[index] = items[index].replacing(at: rest, with: replacement)
            }
            return .array(items)
        default: return self
        }
    }
}
