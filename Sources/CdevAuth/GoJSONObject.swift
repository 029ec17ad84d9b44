import WireCore

/// Go's `json.Unmarshal` into a struct, as cdev decodes tokens: members are applied in order, a key
/// matches a field exactly or case-insensitively (with Go's folding of `ſ` and the Kelvin sign),
/// so the last matching member wins; unknown keys are ignored; a top-level `null` leaves every
/// field empty (cdev spec section 2, "Go decoder quirks"). Every matching member must have the
/// field's type, the earlier copies of a repeated key too: Go keeps the first type error and
/// returns it after decoding the rest. Strings, numbers and nesting are read in `JSONParser`'s `.go`
/// dialect. The auth API decodes its request bodies the same way (`json.NewDecoder(r.Body).Decode`),
/// reading only the first value.
public struct GoJSONObject {
    /// The field names asked for, and each one's value (nil: absent or null), in the same order.
    private let names: [String]
    private var values: [JSONValue?]

    /// Parses `bytes` and keeps, for each of `fieldNames`, the last member matching it. The fields
    /// named in `integerFields` are Go `int64`s, the others `string`s. With `firstValueOnly`, what
    /// follows the first JSON value is ignored, as `json.Decoder` does.
    public init(_ bytes: [UInt8], fieldNames: [String], integerFields: [String] = [], firstValueOnly: Bool = false)
        throws(CdevTokenError)
    {
        // A compact object fills the whole input, so what follows the first value needs no thought.
        // It has each key once and every value of its field's type; anything else takes the general path.
        if let values = CompactJSONObject.scan(bytes, fieldNames: fieldNames, integerFields: integerFields) {
            self.init(names: fieldNames, values: values)
        } else {
            try self.init(parsing: bytes, fieldNames: fieldNames, integerFields: integerFields, firstValueOnly: firstValueOnly)
        }
    }

    private init(names: [String], values: [JSONValue?]) {
        self.names = names
        self.values = values
    }

    /// The general path: the whole JSON parsed, then the members applied in order.
    init(parsing bytes: [UInt8], fieldNames: [String], integerFields: [String], firstValueOnly: Bool = false)
        throws(CdevTokenError)
    {
        switch Self.members(of: bytes, fieldNames: fieldNames, integerFields: integerFields, firstValueOnly: firstValueOnly) {
        case .success(let values): self.init(names: fieldNames, values: values)
        case .failure(.notJSON(let failure)): throw .invalidFormat("JSON: " + failure.description)
        case .failure(.notAnObject): throw .invalidFormat("JSON is not an object")
        case .failure(.wrongType(let field)):
            throw .invalidFormat("\(field) is not \(integerFields.contains(field) ? "an int64" : "a string")")
        }
    }

    /// Why a body gives no fields, as data: the text of the error is built only where it is thrown.
    enum Refusal: Error {
        case notJSON(JSONParser.Failure)
        case notAnObject
        /// The first member, in the order written, whose value is not of its field's type.
        case wrongType(field: String)
    }

    /// The general path's work, without the text of its errors: each field's last matching member.
    static func members(of bytes: [UInt8], fieldNames: [String], integerFields: [String], firstValueOnly: Bool)
        -> Result<[JSONValue?], Refusal>
    {
        var values = noValues(fieldNames.count)
        let value: JSONValue
        do {
            value =
                firstValueOnly
                ? try JSONParser.parseFirst(bytes, duplicateKeys: .keepAll, dialect: .go)
                : try JSONParser.parse(bytes, duplicateKeys: .keepAll, dialect: .go)
        } catch {
            return .failure(.notJSON(error))
        }
        if value.isNull { return .success(values) }
        guard let object = value.objectValue else { return .failure(.notAnObject) }
        var firstWrongType: String? = nil
        for (key, member) in object {
            guard let field = fieldNames.firstIndex(of: key) ?? fieldNames.firstIndex(where: { equalFold($0, key) })
            else { continue }
            // null leaves a field as it was, as Go does.
            if member.isNull { continue }
            let fits: Bool
            if integerFields.contains(fieldNames[field]) {
                if case .int = member { fits = true } else { fits = false }
            } else {
                fits = member.stringValue != nil
            }
            if !fits, firstWrongType == nil { firstWrongType = fieldNames[field] }
            values[field] = member
        }
        if let firstWrongType { return .failure(.wrongType(field: firstWrongType)) }
        return .success(values)
    }

    /// The string field `field` of a request body, read as `init(body, fieldNames: [field], firstValueOnly:
    /// true)` and `string(field)` read it, or nil where they throw (not JSON, not an object, not a string).
    /// No error text is built: the auth API only needs to know that the body was refused, and building two
    /// strings for each refusal was a tenth of FuzzCdevAuthBody's allocations.
    public static func requestString(_ field: String, in body: [UInt8]) -> String? {
        let values: [JSONValue?]
        if let compact = CompactJSONObject.scan(body, fieldNames: [field]) {
            values = compact
        } else if case .success(let parsed) = members(of: body, fieldNames: [field], integerFields: [], firstValueOnly: true) {
            values = parsed
        } else {
            return nil
        }
        guard let value = values[0] else { return "" }
        return value.stringValue
    }

    /// `count` empty fields. Not `Array(repeating:count:)`: on Linux that allocates through an
    /// unspecialised function that looks the array's type up in the runtime's metadata cache on
    /// every call (about 1,100 instructions; the two per token were 6% of a validation), while
    /// copying a collection is specialised here and finds the type through a cached accessor.
    static func noValues(_ count: Int) -> [JSONValue?] {
        Array(repeatElement(nil, count: count))
    }

    /// Whether `a` and `b` are equal under `fold`. Two ASCII texts (almost every key of a request body)
    /// are compared byte by byte ignoring ASCII case, which is what `fold` makes of them; folding builds
    /// an array and a string per call, which under AddressSanitizer was the dearest step of FuzzCdevAuthBody
    /// for a body with keys of other names.
    static func equalFold(_ a: String, _ b: String) -> Bool {
        let isASCII: (UInt8) -> Bool = { $0 < 0x80 }
        guard a.utf8.allSatisfy(isASCII), b.utf8.allSatisfy(isASCII) else { return fold(a).isExactly(fold(b)) }
        let lower: (UInt8) -> UInt8 = { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// Simple case folding as Go's `bytes.EqualFold` sees it for these ASCII field names.
    static func fold(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar -> Unicode.Scalar in
                    switch scalar {
                    case "\u{017F}": "s"  // LATIN SMALL LETTER LONG S folds to s
                    case "\u{212A}": "k"  // KELVIN SIGN folds to k
                    default: Unicode.Scalar(String(scalar).lowercased()) ?? scalar
                    }
                }))
    }

    /// The string field `fieldNames[index]`, without searching the names.
    func string(field index: Int) throws(CdevTokenError) -> String {
        guard let value = values[index] else { return "" }
        guard let text = value.stringValue else { throw .invalidFormat("\(names[index]) is not a string") }
        return text
    }

    /// The int64 field `fieldNames[index]`, without searching the names.
    func int(field index: Int) throws(CdevTokenError) -> Int64 {
        guard let value = values[index] else { return 0 }
        guard case .int(let number) = value else { throw .invalidFormat("\(names[index]) is not an int64") }
        return number
    }

    /// A string field: absent is "", another JSON type is an error (Go's UnmarshalTypeError).
    public func string(_ name: String) throws(CdevTokenError) -> String {
        guard let index = names.firstIndex(of: name) else { return "" }
        return try string(field: index)
    }

    /// An int64 field: an integer literal that fits, absent is 0; a fraction or exponent is an error.
    func int(_ name: String) throws(CdevTokenError) -> Int64 {
        guard let index = names.firstIndex(of: name) else { return 0 }
        return try int(field: index)
    }
}
