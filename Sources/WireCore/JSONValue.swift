/// A JSON value that keeps object keys in the order written, so encoders can reproduce the exact
/// bytes other systems emit (Go struct order, Foundation, sorted keys) and vectors stay stable.
public enum JSONValue: Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var description: String { JSONWriter.compact(self) }

    /// The string, when this is one.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The boolean, when this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The array, when this is one.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The object, when this is one.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// Whether this is null.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The value as an integer, when it is one (a double with no fraction counts).
    public var intValue: Int64? {
        switch self {
        case .int(let i): i
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: Int64(d)
        default: nil
        }
    }

    /// The number as a double, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// Member lookup on an object (nil for other kinds or a missing key).
    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

extension JSONValue: Equatable {
    /// Objects compare without regard to key order; numbers compare by value; strings and keys by their
    /// scalars (`isExactly`), as the JSON of Go, Rust and JavaScript does, not by canonical equivalence.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a.isExactly(b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.int, .double), (.double, .int), (.double, .double): lhs.doubleValue == rhs.doubleValue
        default: false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A double.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    /// null.
    public init(nilLiteral: ()) { self = .null }
}

/// The members of a JSON object in their order. Keys are unique: setting an existing key replaces
/// its value in place.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// The members in order (duplicates only when appended on purpose).
    public private(set) var members: [(key: String, value: JSONValue)] = []

    public init() {}

    /// An object of `pairs`; a repeated key keeps its first place and its last value.
    public init(_ pairs: [(String, JSONValue)]) {
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// Appends a member even if the key is already present (see `JSONParser.DuplicateKeys.keepAll`).
    public mutating func append(_ key: String, _ value: JSONValue) { members.append((key, value)) }
    /// How many members.
    public var count: Int { members.count }

    /// The value of `key` (the first, if repeated); setting replaces in place, nil removes. Keys match by
    /// their scalars (`isExactly`): `{"e\u0301": 1}` has no member `é`, as in every JSON reader but
    /// Foundation's.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key.isExactly(key) })?.value }
        set {
            let index = members.firstIndex(where: { $0.key.isExactly(key) })
            switch (index, newValue) {
            case (let i?, let v?): members[i].value = v
            case (let i?, nil): members.remove(at: i)
            case (nil, let v?): members.append((key, v))
            case (nil, nil): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }

    /// Equal members whatever the order of different keys; the copies of a repeated key (`append`)
    /// are compared in their order. (Looking each member up by key compared every copy with the first,
    /// so an object with a key repeated with another value was not equal to itself: found by FuzzJSON.)
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var seen = Set<ExactString>()
        for (key, _) in lhs.members where seen.insert(ExactString(key)).inserted {
            let left = lhs.members.lazy.filter { $0.key.isExactly(key) }.map(\.value)
            let right = rhs.members.lazy.filter { $0.key.isExactly(key) }.map(\.value)
            guard left.elementsEqual(right) else { return false }
        }
        return true
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Members in the order written in the literal.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}
