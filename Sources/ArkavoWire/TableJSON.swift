import WireCore

/// A table's JSON that cannot be built into a buffer: the field path and why.
public struct FlatBufferJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field, as `Metadata.content.format.type`.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}

/// The JSON form of the tables is flatc's (`flatc --json`, read back by `flatc --binary`): field names
/// as in the schema, enums by name (by number when the schema has no name for the value), vectors
/// as arrays of numbers, the union as `<field>_type` then `<field>`. This writer puts every scalar
/// (defaults included) and every present vector, string and table in schema order.
enum TableJSON {
    static func enumValue<E: FlatBufferEnum>(_ value: E) -> JSONValue { value.name.map(JSONValue.string) ?? .int(Int64(value.rawValue)) }

    static func bytes(_ bytes: [UInt8]) -> JSONValue { .array(bytes.map { .int(Int64($0)) }) }

    static func unsigned(_ value: UInt64) -> JSONValue { value <= UInt64(Int64.max) ? .int(Int64(value)) : .string(String(value)) }

    /// A float32 as JSON: finite values as numbers (Float's shortest digits), others as flatc's `nan`, `inf`, `-inf`.
    static func float(_ value: Float) -> JSONValue {
        if value.isNaN { return .string("nan") }
        if value.isInfinite { return .string(value < 0 ? "-inf" : "inf") }
        return .double(Double("\(value)") ?? Double(value))
    }
}

/// Reads one table's JSON object, field by field, and refuses fields the schema does not have.
struct TableReader {
    let object: JSONObject
    let path: String
    // The keys read so far: a handful per table, so an array is cheaper than a set.
    private var read: [String] = []

    init(_ value: JSONValue, path: String) throws(FlatBufferJSONError) {
        guard let object = value.objectValue else { throw FlatBufferJSONError(path: path, reason: "not a JSON object") }
        self.object = object
        self.path = path
    }

    private mutating func value(_ key: String) -> JSONValue? {
        read.append(key)
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A scalar or enum field's value, nil when absent. flatc reads `null` as absent only for strings, vectors,
    /// tables and unions; for a number or an enum it answers "invalid number", so it is refused here too.
    private mutating func scalar(_ key: String) throws(FlatBufferJSONError) -> JSONValue? {
        read.append(key)
        guard let value = object[key] else { return nil }
        guard !value.isNull else { throw fail(key, "null is not a number (flatc takes null only for strings, vectors, tables, unions)") }
        return value
    }

    func fail(_ key: String, _ reason: String) -> FlatBufferJSONError { FlatBufferJSONError(path: "\(path).\(key)", reason: reason) }

    private func integer(_ value: JSONValue, _ key: @autoclosure () -> String, in range: ClosedRange<Int64>) throws(FlatBufferJSONError)
        -> Int64
    {
        let number: Int64?
        switch value {
        case .int(let n): number = n
        case .string(let s): number = Int64(s)
        default: number = nil
        }
        guard let number, range.contains(number) else { throw fail(key(), "\(value) is not an integer in \(range)") }
        return number
    }

    /// An enum field: a name of the schema or a number in the Int8 range; absent = `fallback`.
    mutating func enumValue<E: FlatBufferEnum>(_ key: String, _ fallback: E) throws(FlatBufferJSONError) -> E {
        guard let value = try scalar(key) else { return fallback }
        return try Self.enumValue(value, fail: fail(key, "\(value) is not a name of \(E.self) or an integer in -128...127"))
    }

    /// `fail` is built only on a refusal (it describes the value: costly in the fuzzers' loops).
    static func enumValue<E: FlatBufferEnum>(
        _ value: JSONValue, fail: @autoclosure () -> FlatBufferJSONError
    ) throws(FlatBufferJSONError) -> E {
        if let name = value.stringValue, let named = E(name: name) { return named }
        if case .int(let n) = value, let raw = Int8(exactly: n) { return E(rawValue: raw) }
        throw fail()
    }

    mutating func uint32(_ key: String) throws(FlatBufferJSONError) -> UInt32 {
        guard let value = try scalar(key) else { return 0 }
        return UInt32(try integer(value, key, in: 0...Int64(UInt32.max)))
    }

    mutating func int64(_ key: String) throws(FlatBufferJSONError) -> Int64 {
        guard let value = try scalar(key) else { return 0 }
        return try integer(value, key, in: Int64.min...Int64.max)
    }

    /// A ulong: a JSON integer, or a decimal string for values above Int64.max.
    mutating func uint64(_ key: String) throws(FlatBufferJSONError) -> UInt64 {
        guard let value = try scalar(key) else { return 0 }
        switch value {
        case .int(let n) where n >= 0: return UInt64(n)
        case .string(let s): if let n = UInt64(s) { return n }
        default: break
        }
        throw fail(key, "\(value) is not an integer in 0...\(UInt64.max)")
    }

    mutating func bool(_ key: String) throws(FlatBufferJSONError) -> Bool {
        guard let value = try scalar(key) else { return false }
        if let b = value.boolValue { return b }
        if case .int(let n) = value, n == 0 || n == 1 { return n == 1 }
        throw fail(key, "\(value) is not a boolean")
    }

    mutating func float(_ key: String) throws(FlatBufferJSONError) -> Float {
        guard let value = try scalar(key) else { return 0 }
        switch value {
        case .int(let n): return Float(n)
        case .double(let d): return Float(d)
        case .string("nan"): return .nan
        case .string("inf"), .string("+inf"): return .infinity
        case .string("-inf"): return -.infinity
        default: throw fail(key, "\(value) is not a number, nan, inf or -inf")
        }
    }

    mutating func string(_ key: String) throws(FlatBufferJSONError) -> String? {
        guard let value = value(key) else { return nil }
        guard let s = value.stringValue else { throw fail(key, "\(value) is not a string") }
        return s
    }

    /// A vector of integers in `range` (bytes, uint32s).
    mutating func integers(_ key: String, in range: ClosedRange<Int64>) throws(FlatBufferJSONError) -> [Int64]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue else { throw fail(key, "\(value) is not an array") }
        var out: [Int64] = []
        out.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() { out.append(try integer(element, "\(key)[\(i)]", in: range)) }
        return out
    }

    /// A `[ubyte]`: straight to bytes (no intermediate array; vectors of a few KiB are common).
    mutating func bytes(_ key: String) throws(FlatBufferJSONError) -> [UInt8]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue else { throw fail(key, "\(value) is not an array") }
        var out = [UInt8]()
        out.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            guard case .int(let n) = element, let byte = UInt8(exactly: n) else {
                out.append(UInt8(try integer(element, "\(key)[\(i)]", in: 0...255)))
                continue
            }
            out.append(byte)
        }
        return out
    }

    /// A vector of enum values.
    mutating func enums<E: FlatBufferEnum>(_ key: String) throws(FlatBufferJSONError) -> [E]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue else { throw fail(key, "\(value) is not an array") }
        var out: [E] = []
        for (i, element) in elements.enumerated() {
            out.append(try Self.enumValue(element, fail: fail("\(key)[\(i)]", "\(element) is not a name of \(E.self) or an Int8")))
        }
        return out
    }

    /// A sub-table read by `body`, nil when absent.
    mutating func table<T>(_ key: String, _ body: (inout TableReader) throws(FlatBufferJSONError) -> T) throws(FlatBufferJSONError) -> T? {
        guard let value = value(key) else { return nil }
        var reader = try TableReader(value, path: "\(path).\(key)")
        let result = try body(&reader)
        try reader.finish()
        return result
    }

    /// The raw value of `key` (for the union), marked read.
    mutating func raw(_ key: String) -> JSONValue? { value(key) }

    /// A scalar field's JSON as it is (a union's type, read by name or number), nil when absent; `null` is refused.
    mutating func rawScalar(_ key: String) throws(FlatBufferJSONError) -> JSONValue? { try scalar(key) }

    /// Refuses keys that are not fields of the table.
    func finish() throws(FlatBufferJSONError) {
        for key in object.keys where !read.contains(key) { throw fail(key, "not a field of this table") }
    }
}
