import WireCore

/// Validates JSON values against the defs of a lexicon catalog (Lexicon spec, data validation; the
/// rules of catbird-mls.md section 7 and its Decisions).
///
/// Validation runs on *decoded* values. Tolerant decoding steps a protocol allows happen first: for
/// the Catbird v0 contract a `{"$bytes": …}` where a base64 string is declared is turned into the
/// string, and a comma-joined `dids=a,b` query parameter into an array (`LexiconDecoding`), so
/// neither is refused here for its encoding.
public struct LexiconValidator: Sendable {
    /// The documents refs are resolved in.
    public let catalog: LexiconCatalog
    /// How strict to be.
    public var options: Options

    /// Knobs of the validation.
    public struct Options: Sendable {
        /// `datetime` strings: strict by default; `.lenient` matches the reference TypeScript
        /// validator's lenient check (no zone, no seconds).
        public var datetime: Datetime.Mode

        /// The options.
        public init(datetime: Datetime.Mode = .strict) { self.datetime = datetime }
    }

    /// The outcome: every error found, and the value with the `default` of each absent field filled in.
    public struct Result: Sendable {
        /// Every error, in the order met.
        public var errors: [ValidationError]
        /// The value with defaults applied.
        public var value: JSONValue
        /// Whether there is no error.
        public var isValid: Bool { errors.isEmpty }
    }

    /// A validator over `catalog`.
    public init(catalog: LexiconCatalog, options: Options = Options()) {
        self.catalog = catalog
        self.options = options
    }

    /// Validates `value` against the target named `name` (see `LexiconTarget`).
    public func validate(_ value: JSONValue, against name: String) throws(LexiconTargetError) -> Result {
        try validate(value, against: LexiconTarget.parse(name, in: catalog))
    }

    /// Validates `value` against `target`.
    public func validate(_ value: JSONValue, against target: LexiconTarget) throws(LexiconTargetError) -> Result {
        var walk = ValidationWalk(catalog: catalog, options: options)
        let checked: JSONValue
        switch target {
        case .def(let full):
            let nsid = String(full.split(separator: "#")[0])
            guard let (_, def) = catalog.resolve(full, from: nsid) else { throw LexiconTargetError("no def \(full)") }
            switch def {
            case .record(let record): checked = walk.record(value, record, nsid: nsid)
            case .schema(let schema): checked = walk.value(value, schema, base: nsid, at: .root)
            case .token: checked = walk.token(value, full, at: .root)
            case .query, .procedure, .subscription:
                throw LexiconTargetError("\(full) is an endpoint; name its #params, #input or #output")
            case .permissionSet:
                throw LexiconTargetError("\(full) is a permission-set, which describes no data")
            }
        case .params(let nsid):
            // An endpoint without parameters takes only an empty object.
            let schema = catalog.schema(of: target)?.schema ?? .object(ObjectSchema(properties: []))
            checked = walk.value(value, schema, base: nsid, at: .root)
        case .input(let nsid), .output(let nsid), .message(let nsid):
            guard let (schema, base) = catalog.schema(of: target) else {
                throw LexiconTargetError(
                    "\(nsid) has no JSON schema there" + (catalog.body(of: target).map { " (encoding \($0.encoding))" } ?? ""))
            }
            checked = walk.value(value, schema, base: base, at: .root)
        }
        return Result(errors: walk.errors, value: checked)
    }
}

/// One validation pass: walks the value and the schema together, collecting errors.
struct ValidationWalk {
    let catalog: LexiconCatalog
    let options: LexiconValidator.Options
    var errors: [ValidationError] = []

    mutating func fail(_ at: JSONPointer, _ code: ValidationError.Code, _ message: String) {
        errors.append(ValidationError(at, code, message))
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Checks `value` against `schema` (written in document `base`); returns it with defaults applied.
    mutating func value(_ value: JSONValue, _ schema: LexiconSchema, base: String, at: JSONPointer) -> JSONValue {
        switch schema {
        case .null:
            if !value.isNull { fail(at, .wrongType, "expected null, got \(Self.kind(value))") }
        case .boolean(let s):
            guard let flag = value.boolValue else {
                fail(at, .wrongType, "expected a boolean, got \(Self.kind(value))")
                break
            }
            if let const = s.const, flag != const { fail(at, .constMismatch, "must be \(const)") }
        case .integer(let s):
            integer(value, s, at: at)
        case .string(let s):
            string(value, s, at: at)
        case .bytes(let s):
            guard let object = value.objectValue else {
                fail(at, .invalidBytes, "expected {\"$bytes\": base64}, got \(Self.kind(value))")
                break
            }
            if let error = ATProtoDataModel.bytesError(object, at: at) {
                errors.append(error)
            } else if let bytes = object["$bytes"]?.stringValue.flatMap(ATProtoDataModel.decodeBytes) {
                if let min = s.minLength, bytes.count < min { fail(at, .tooShort, "\(bytes.count) bytes, at least \(min) required") }
                if let max = s.maxLength, bytes.count > max { fail(at, .tooLong, "\(bytes.count) bytes, at most \(max) allowed") }
            }
        case .cidLink:
            guard let object = value.objectValue else {
                fail(at, .invalidCIDLink, "expected {\"$link\": CID}, got \(Self.kind(value))")
                break
            }
            if let error = ATProtoDataModel.linkError(object, at: at) { errors.append(error) }
        case .blob(let s):
            blob(value, s, at: at)
        case .array(let s):
            guard let items = value.arrayValue else {
                fail(at, .wrongType, "expected an array, got \(Self.kind(value))")
                break
            }
            if let min = s.minLength, items.count < min { fail(at, .tooShort, "\(items.count) elements, at least \(min) required") }
            if let max = s.maxLength, items.count > max { fail(at, .tooLong, "\(items.count) elements, at most \(max) allowed") }
            return .array(items.enumerated().map { i, item in self.value(item, s.items, base: base, at: at.appending(i)) })
        case .object(let s):
            return object(value, s, base: base, at: at)
        case .ref(let ref):
            return self.ref(value, ref, base: base, at: at)
        case .union(let s):
            return union(value, s, base: base, at: at)
        case .unknown:
            if value.objectValue == nil {
                fail(at, .wrongType, "expected an object, got \(Self.kind(value))")
            } else if let object = value.objectValue,
                object["$bytes"] != nil || object["$link"] != nil || object["$type"]?.stringValue == "blob"
            {
                fail(at, .wrongType, "an unknown field holds a plain object, not bytes, a link or a blob")
            } else {
                errors += ATProtoDataModel.check(value, at: at)
            }
        }
        return value
    }

    mutating func integer(_ value: JSONValue, _ s: IntegerSchema, at: JSONPointer) {
        let number: Int64
        switch value {
        case .int(let i): number = i
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: number = Int64(d)
        case .double(let d):
            fail(at, .wrongType, "expected an integer, got \(d)")
            return
        default:
            fail(at, .wrongType, "expected an integer, got \(Self.kind(value))")
            return
        }
        if let const = s.const, number != const { fail(at, .constMismatch, "must be \(const), not \(number)") }
        if let values = s.enumValues, !values.contains(number) { fail(at, .notInEnum, "\(number) is not one of \(values)") }
        if let min = s.minimum, number < min { fail(at, .belowMinimum, "\(number) is below the minimum \(min)") }
        if let max = s.maximum, number > max { fail(at, .aboveMaximum, "\(number) is above the maximum \(max)") }
    }

    mutating func string(_ value: JSONValue, _ s: StringSchema, at: JSONPointer) {
        guard let text = value.stringValue else {
            fail(at, .wrongType, "expected a string, got \(Self.kind(value))")
            return
        }
        // The TypeScript validator compares with `===`: code units, not Swift's canonical equivalence.
        if let const = s.const, !text.isExactly(const) { fail(at, .constMismatch, "must be \"\(const)\"") }
        if let values = s.enumValues, !values.containsExactly(text) {
            fail(at, .notInEnum, "\"\(text.prefix(80))\" is not one of \(values.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let bytes = text.utf8.count
        if let min = s.minLength, bytes < min { fail(at, .tooShort, "\(bytes) UTF-8 bytes, at least \(min) required") }
        if let max = s.maxLength, bytes > max { fail(at, .tooLong, "\(bytes) UTF-8 bytes, at most \(max) allowed") }
        if s.minGraphemes != nil || s.maxGraphemes != nil {
            let graphemes = text.count
            if let min = s.minGraphemes, graphemes < min { fail(at, .tooFewGraphemes, "\(graphemes) graphemes, at least \(min) required") }
            if let max = s.maxGraphemes, graphemes > max { fail(at, .tooManyGraphemes, "\(graphemes) graphemes, at most \(max) allowed") }
        }
        if let format = s.format {
            do throws(SyntaxError) {
                if format == .datetime { _ = try Datetime.parse(text, mode: options.datetime) } else { try format.check(text) }
            } catch {
                fail(at, .invalidFormat, error.description)
            }
        }
    }

    mutating func blob(_ value: JSONValue, _ s: BlobSchema, at: JSONPointer) {
        guard let object = value.objectValue else {
            fail(at, .invalidBlob, "expected a blob object, got \(Self.kind(value))")
            return
        }
        switch ATProtoDataModel.blob(object, at: at) {
        case .failure(let error): errors.append(error)
        case .success(let blob):
            if let max = s.maxSize, let size = blob.size, size > max { fail(at, .blobTooLarge, "\(size) bytes, at most \(max) allowed") }
            if let accept = s.accept, !accept.contains(where: { Self.mime(blob.mimeType, matches: $0) }) {
                fail(at.appending("mimeType"), .blobTypeNotAccepted, "\"\(blob.mimeType)\" is not one of \(accept)")
            }
        }
    }

    /// `image/png` matches `image/png`, `image/*` and `*/*` (case-insensitive).
    static func mime(_ type: String, matches pattern: String) -> Bool {
        if pattern.isExactly("*/*") { return true }
        let t = type.lowercased()
        let p = pattern.lowercased()
        if p.hasExactSuffix("/*") { return t.hasExactPrefix(String(p.dropLast())) }
        return t.isExactly(p)
    }

    mutating func object(_ value: JSONValue, _ s: ObjectSchema, base: String, at: JSONPointer) -> JSONValue {
        guard var object = value.objectValue else {
            fail(at, .wrongType, "expected an object, got \(Self.kind(value))")
            return value
        }
        for (name, schema) in s.properties {
            let path = at.appending(name)
            guard let member = object[name] else {
                if let fallback = schema.defaultValue {
                    object[name] = fallback
                } else if s.required.contains(name) {
                    fail(path, .missingRequired, "'\(name)' is required")
                }
                continue
            }
            if member.isNull, schema != .null {
                if !s.nullable.contains(name) { fail(path, .nullNotAllowed, "'\(name)' may not be null") }
                continue
            }
            object[name] = self.value(member, schema, base: base, at: path)
        }
        return .object(object)
    }

    mutating func ref(_ value: JSONValue, _ ref: String, base: String, at: JSONPointer) -> JSONValue {
        guard let (full, nsid, def) = catalog.resolveWithDocument(ref, from: base) else {
            fail(at, .unresolvedRef, "the lexicon's ref \"\(ref)\" names no def")
            return value
        }
        switch def {
        case .schema(let schema): return self.value(value, schema, base: nsid, at: at)
        case .record(let record): return self.record(value, record, nsid: nsid, at: at)
        case .token: return token(value, full, at: at)
        case .query, .procedure, .subscription:
            fail(at, .unresolvedRef, "the lexicon's ref \"\(ref)\" names an endpoint")
            return value
        case .permissionSet:
            fail(at, .unresolvedRef, "the lexicon's ref \"\(ref)\" names a permission-set")
            return value
        }
    }

    mutating func token(_ value: JSONValue, _ full: String, at: JSONPointer) -> JSONValue {
        if !(value.stringValue.map { $0.isExactly(full) } ?? false) { fail(at, .invalidToken, "expected the token \"\(full)\"") }
        return value
    }

    mutating func union(_ value: JSONValue, _ s: UnionSchema, base: String, at: JSONPointer) -> JSONValue {
        guard let object = value.objectValue else {
            fail(at, .wrongType, "expected an object with $type, got \(Self.kind(value))")
            return value
        }
        guard let typeValue = object["$type"] else {
            fail(at, .missingType, "a union member needs $type")
            return value
        }
        guard let type = typeValue.stringValue, !type.isEmpty else {
            fail(at.appending("$type"), .invalidType, "$type must be a non-empty string")
            return value
        }
        // `nsid#main` is accepted when reading although only the bare NSID should be written.
        let wanted = LexiconCatalog.qualify(type, in: base)
        guard let member = s.refs.first(where: { LexiconCatalog.qualify($0, in: base).isExactly(wanted) }) else {
            if s.closed { fail(at.appending("$type"), .typeNotInUnion, "\"\(type)\" is not a member of this closed union") }
            return value
        }
        return ref(value, member, base: base, at: at)
    }

    mutating func record(_ value: JSONValue, _ record: RecordDef, nsid: String, at: JSONPointer = .root) -> JSONValue {
        if let object = value.objectValue {
            switch object["$type"] {
            case nil: fail(at, .missingType, "a record needs $type \"\(nsid)\"")
            case .string(let type)? where type.isExactly(nsid) || type.isExactly(nsid + "#main"): break
            default: fail(at.appending("$type"), .invalidType, "a \(nsid) record has $type \"\(nsid)\"")
            }
        }
        return object(value, record.record, base: nsid, at: at)
    }
}
