import WireCore

/// Reads lexicon JSON into the model, writing down every rule broken on the way (instead of stopping
/// at the first) so a document author sees all of them at once.
struct LexiconDocumentParser {
    let options: LexiconDocument.Options
    private(set) var problems: [LexiconProblem] = []

    init(options: LexiconDocument.Options) { self.options = options }

    /// Where a field type appears: that decides which types are allowed.
    enum Place {
        case namedDef, recordBody, xrpcBody, property, arrayItem, param, paramArrayItem, unionMessage
    }

    mutating func problem(_ pointer: JSONPointer, _ code: LexiconProblem.Code, _ message: String) {
        problems.append(LexiconProblem(pointer, code, message))
    }

    // MARK: Document and defs

    mutating func document(_ json: JSONValue) -> LexiconDocument? {
        guard let object = self.object(json, at: .root, "the document") else { return nil }
        allowKeys(object, ["lexicon", "id", "revision", "description", "defs"], at: .root)
        if let version = object["lexicon"] {
            if version.intValue != 1 || version.doubleValue != 1 { problem(.root.appending("lexicon"), .invalidValue, "must be 1") }
        } else {
            problem(.root, .missingField, "'lexicon' is required")
        }
        let id = string(object, "id", at: .root, required: true) ?? ""
        if object["id"]?.stringValue != nil, !StringFormat.nsid.isValid(id) {
            problem(.root.appending("id"), .invalidValue, "\"\(id)\" is not an NSID")
        }
        let revision = integer(object, "revision", at: .root)
        if let revision, revision < 0 { problem(.root.appending("revision"), .invalidValue, "must be 0 or more") }
        let description = string(object, "description", at: .root)
        var defs: [(name: String, def: LexiconDef)] = []
        let defsAt = JSONPointer.root.appending("defs")
        if let defsValue = object["defs"] {
            if let members = self.object(defsValue, at: defsAt, "'defs'") {
                if members.count == 0 { problem(defsAt, .invalidValue, "a document needs at least one def") }
                for (name, value) in members {
                    let at = defsAt.appending(name)
                    if !Self.isDefName(name) {
                        problem(at, .invalidValue, "\"\(name)\" is not a def name (a letter, then letters and digits)")
                    }
                    if let def = def(value, at: at, isMain: name == "main") { defs.append((name: name, def: def)) }
                }
            }
        } else {
            problem(.root, .missingField, "'defs' is required")
        }
        return LexiconDocument(id: id, revision: revision, description: description, defs: defs)
    }

    static func isDefName(_ name: String) -> Bool {
        guard let first = name.utf8.first, ASCII.isAlpha(first) else { return false }
        return name.utf8.allSatisfy(ASCII.isAlnum)
    }

    mutating func def(_ value: JSONValue, at: JSONPointer, isMain: Bool) -> LexiconDef? {
        guard let object = self.object(value, at: at, "a def"), let type = typeName(object, at: at) else { return nil }
        let primary = ["record", "query", "procedure", "subscription", "permission-set"]
        if primary.contains(type), !isMain { problem(at.appending("type"), .notAllowedHere, "a \(type) can only be the 'main' def") }
        let description = string(object, "description", at: at)
        switch type {
        case "record":
            allowKeys(object, ["type", "description", "key", "record"], at: at)
            let key = string(object, "key", at: at, required: true) ?? "any"
            if !Self.isRecordKeyType(key) {
                problem(at.appending("key"), .invalidValue, "\"\(key)\" is not tid, nsid, any or literal:<record-key>")
            }
            guard let recordValue = required(object, "record", at: at) else { return nil }
            guard case .object(let record)? = schema(recordValue, at: at.appending("record"), place: .recordBody) else { return nil }
            return .record(RecordDef(key: key, record: record, description: description))
        case "query":
            allowKeys(object, ["type", "description", "parameters", "output", "errors"], at: at)
            return .query(
                QueryDef(
                    parameters: params(object, at: at), output: body(object, "output", at: at), errors: errors(object, at: at),
                    description: description))
        case "procedure":
            allowKeys(object, ["type", "description", "parameters", "input", "output", "errors"], at: at)
            return .procedure(
                ProcedureDef(
                    parameters: params(object, at: at), input: body(object, "input", at: at), output: body(object, "output", at: at),
                    errors: errors(object, at: at), description: description))
        case "subscription":
            allowKeys(object, ["type", "description", "parameters", "message", "errors"], at: at)
            var message: LexiconSchema?
            if let messageValue = object["message"], let messageObject = self.object(messageValue, at: at.appending("message"), "'message'")
            {
                let messageAt = at.appending("message")
                allowKeys(messageObject, ["description", "schema"], at: messageAt)
                if let schemaValue = required(messageObject, "schema", at: messageAt) {
                    message = schema(schemaValue, at: messageAt.appending("schema"), place: .unionMessage)
                }
            }
            return .subscription(
                SubscriptionDef(
                    parameters: params(object, at: at), message: message, errors: errors(object, at: at), description: description))
        case "token":
            allowKeys(object, ["type", "description"], at: at)
            return .token(description: description)
        case "params":
            problem(at.appending("type"), .notAllowedHere, "'params' only appears as the parameters of a query, procedure or subscription")
            return nil
        case "permission-set":
            return permissionSet(object, at: at)
        default:
            return schema(value, at: at, place: .namedDef).map { .schema($0) }
        }
    }

    /// A `permission-set` def: `title`, `title:lang`, `detail`, `detail:lang` and the `permissions` array,
    /// each entry an object of type `permission` with a `resource` string.
    mutating func permissionSet(_ object: JSONObject, at: JSONPointer) -> LexiconDef? {
        allowKeys(object, ["type", "description", "title", "title:lang", "detail", "detail:lang", "permissions"], at: at)
        for key in ["title:lang", "detail:lang"] {
            guard let value = object[key] else { continue }
            guard let languages = self.object(value, at: at.appending(key), "'\(key)'") else { continue }
            for (language, text) in languages where text.stringValue == nil || !StringFormat.language.isValid(language) {
                problem(at.appending(key).appending(language), .invalidValue, "'\(key)' maps language tags to strings")
            }
        }
        var permissions: [JSONObject] = []
        let permissionsAt = at.appending("permissions")
        if let value = required(object, "permissions", at: at), let entries = array(value, at: permissionsAt, "'permissions'") {
            for (index, entry) in entries.enumerated() {
                let entryAt = permissionsAt.appending(index)
                guard let permission = self.object(entry, at: entryAt, "a permission") else { continue }
                if permission["type"]?.stringValue != "permission" {
                    problem(entryAt.appending("type"), .invalidValue, "a permission's type is \"permission\"")
                }
                _ = string(permission, "resource", at: entryAt, required: true)
                permissions.append(permission)
            }
        }
        return .permissionSet(
            PermissionSetDef(
                title: string(object, "title", at: at), detail: string(object, "detail", at: at), permissions: permissions))
    }

    static func isRecordKeyType(_ key: String) -> Bool {
        if ["tid", "nsid", "any"].contains(key) { return true }
        guard key.hasPrefix("literal:") else { return false }
        return StringFormat.recordKey.isValid(String(key.dropFirst("literal:".count)))
    }

    // MARK: XRPC parts

    mutating func params(_ object: JSONObject, at: JSONPointer) -> ParamsSchema? {
        guard let value = object["parameters"] else { return nil }
        let paramsAt = at.appending("parameters")
        guard let params = self.object(value, at: paramsAt, "'parameters'"), let type = typeName(params, at: paramsAt) else { return nil }
        guard type == "params" else {
            problem(paramsAt.appending("type"), .notAllowedHere, "parameters must be of type 'params', not '\(type)'")
            return nil
        }
        allowKeys(params, ["type", "description", "properties", "required"], at: paramsAt)
        let properties = self.properties(params, at: paramsAt, place: .param, required: false)
        let required = names(params, "required", at: paramsAt, among: properties.map(\.name))
        return ParamsSchema(properties: properties, required: required)
    }

    mutating func body(_ object: JSONObject, _ key: String, at: JSONPointer) -> XRPCBody? {
        guard let value = object[key] else { return nil }
        let bodyAt = at.appending(key)
        guard let body = self.object(value, at: bodyAt, "'\(key)'") else { return nil }
        allowKeys(body, ["description", "encoding", "schema"], at: bodyAt)
        let encoding = string(body, "encoding", at: bodyAt, required: true) ?? ""
        if body["encoding"]?.stringValue != nil, !Self.isMIMEPattern(encoding) {
            problem(bodyAt.appending("encoding"), .invalidValue, "\"\(encoding)\" is not a MIME type")
        }
        let schema = body["schema"].flatMap { self.schema($0, at: bodyAt.appending("schema"), place: .xrpcBody) }
        return XRPCBody(encoding: encoding, schema: schema, description: string(body, "description", at: bodyAt))
    }

    mutating func errors(_ object: JSONObject, at: JSONPointer) -> [XRPCErrorDef] {
        guard let value = object["errors"] else { return [] }
        let errorsAt = at.appending("errors")
        guard let list = array(value, at: errorsAt, "'errors'") else { return [] }
        var result: [XRPCErrorDef] = []
        for (i, element) in list.enumerated() {
            let errorAt = errorsAt.appending(i)
            guard let error = self.object(element, at: errorAt, "an error") else { continue }
            allowKeys(error, ["name", "description"], at: errorAt)
            guard let name = string(error, "name", at: errorAt, required: true) else { continue }
            if name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.isWhitespace || !$0.isASCII }) {
                problem(errorAt.appending("name"), .invalidValue, "an error name is ASCII without whitespace")
            }
            result.append(XRPCErrorDef(name: name, description: string(error, "description", at: errorAt)))
        }
        return result
    }

    // MARK: Field types

    mutating func schema(_ value: JSONValue, at: JSONPointer, place: Place) -> LexiconSchema? {
        guard let object = self.object(value, at: at, "a type definition"), let type = typeName(object, at: at) else { return nil }
        if let reason = Self.refusal(type: type, place: place, inlineObjects: options.inlineObjects) {
            problem(at.appending("type"), .notAllowedHere, reason)
        }
        switch type {
        case "null":
            allowKeys(object, ["type", "description"], at: at)
            return .null
        case "boolean":
            allowKeys(object, ["type", "description", "default", "const"], at: at)
            let s = BooleanSchema(defaultValue: boolean(object, "default", at: at), const: boolean(object, "const", at: at))
            if s.defaultValue != nil, s.const != nil { problem(at, .invalidValue, "'default' and 'const' exclude each other") }
            return .boolean(s)
        case "integer":
            allowKeys(object, ["type", "description", "minimum", "maximum", "enum", "default", "const"], at: at)
            let s = IntegerSchema(
                minimum: integer(object, "minimum", at: at), maximum: integer(object, "maximum", at: at),
                enumValues: integers(object, "enum", at: at), defaultValue: integer(object, "default", at: at),
                const: integer(object, "const", at: at))
            checkInteger(s, at: at)
            return .integer(s)
        case "string":
            allowKeys(
                object,
                [
                    "type", "description", "format", "minLength", "maxLength", "minGraphemes", "maxGraphemes", "knownValues", "enum",
                    "default", "const",
                ],
                at: at)
            var s = StringSchema()
            if let name = string(object, "format", at: at) {
                s.format = StringFormat(rawValue: name)
                if s.format == nil { problem(at.appending("format"), .invalidValue, "unknown string format \"\(name)\"") }
            }
            s.minLength = length(object, "minLength", at: at)
            s.maxLength = length(object, "maxLength", at: at)
            s.minGraphemes = length(object, "minGraphemes", at: at)
            s.maxGraphemes = length(object, "maxGraphemes", at: at)
            s.knownValues = strings(object, "knownValues", at: at)
            s.enumValues = strings(object, "enum", at: at)
            s.defaultValue = string(object, "default", at: at)
            s.const = string(object, "const", at: at)
            checkString(s, at: at)
            return .string(s)
        case "bytes":
            allowKeys(object, ["type", "description", "minLength", "maxLength"], at: at)
            let s = BytesSchema(minLength: length(object, "minLength", at: at), maxLength: length(object, "maxLength", at: at))
            checkRange(s.minLength, s.maxLength, "minLength", "maxLength", at: at)
            return .bytes(s)
        case "cid-link":
            allowKeys(object, ["type", "description"], at: at)
            return .cidLink
        case "blob":
            allowKeys(object, ["type", "description", "accept", "maxSize"], at: at)
            let accept = strings(object, "accept", at: at)
            for (i, pattern) in (accept ?? []).enumerated() where !Self.isMIMEPattern(pattern) {
                problem(at.appending("accept").appending(i), .invalidValue, "\"\(pattern)\" is not a MIME type or glob")
            }
            let maxSize = integer(object, "maxSize", at: at)
            if let maxSize, maxSize < 0 { problem(at.appending("maxSize"), .invalidValue, "must be 0 or more") }
            return .blob(BlobSchema(accept: accept, maxSize: maxSize))
        case "array":
            allowKeys(object, ["type", "description", "items", "minLength", "maxLength"], at: at)
            let minLength = length(object, "minLength", at: at)
            let maxLength = length(object, "maxLength", at: at)
            checkRange(minLength, maxLength, "minLength", "maxLength", at: at)
            guard let itemsValue = required(object, "items", at: at) else { return nil }
            let itemPlace: Place = place == .param ? .paramArrayItem : .arrayItem
            guard let items = schema(itemsValue, at: at.appending("items"), place: itemPlace) else { return nil }
            return .array(ArraySchema(items: items, minLength: minLength, maxLength: maxLength))
        case "object":
            allowKeys(object, ["type", "description", "properties", "required", "nullable"], at: at)
            let properties = self.properties(object, at: at, place: .property, required: true)
            let names = properties.map(\.name)
            return .object(
                ObjectSchema(
                    properties: properties, required: self.names(object, "required", at: at, among: names),
                    nullable: self.names(object, "nullable", at: at, among: names), description: string(object, "description", at: at)))
        case "ref":
            allowKeys(object, ["type", "description", "ref"], at: at)
            guard let ref = string(object, "ref", at: at, required: true) else { return nil }
            if !Self.isRef(ref) { problem(at.appending("ref"), .invalidValue, "\"\(ref)\" is not nsid, nsid#name or #name") }
            return .ref(ref)
        case "union":
            allowKeys(object, ["type", "description", "refs", "closed"], at: at)
            let refs = strings(object, "refs", at: at, required: true) ?? []
            for (i, ref) in refs.enumerated() where !Self.isRef(ref) {
                problem(at.appending("refs").appending(i), .invalidValue, "\"\(ref)\" is not nsid, nsid#name or #name")
            }
            return .union(UnionSchema(refs: refs, closed: boolean(object, "closed", at: at) ?? false))
        case "unknown":
            allowKeys(object, ["type", "description"], at: at)
            return .unknown
        case "record", "query", "procedure", "subscription", "token", "params":
            if place != .namedDef { problem(at.appending("type"), .notAllowedHere, "a \(type) is a def of its own, not a field type") }
            return nil
        default:
            problem(at.appending("type"), .invalidValue, "unknown type \"\(type)\"")
            return nil
        }
    }

    /// Why `type` cannot appear at `place`, or nil.
    static func refusal(type: String, place: Place, inlineObjects: Bool) -> String? {
        switch place {
        case .xrpcBody:
            ["object", "ref", "union"].contains(type) ? nil : "an XRPC body schema is an object, ref or union, not '\(type)'"
        case .recordBody:
            type == "object" ? nil : "a record's body is an object, not '\(type)'"
        case .unionMessage:
            type == "union" ? nil : "a subscription message schema is a union, not '\(type)'"
        case .param:
            ["boolean", "integer", "string", "unknown", "array"].contains(type)
                ? nil : "a parameter is boolean, integer, string, unknown or an array of those, not '\(type)'"
        case .paramArrayItem:
            ["boolean", "integer", "string", "unknown"].contains(type)
                ? nil : "a parameter array holds boolean, integer, string or unknown, not '\(type)'"
        case .property, .arrayItem:
            type == "object" && !inlineObjects ? "an object cannot be inlined here; name it as a def and use a ref" : nil
        case .namedDef:
            // The spec: "unknown", "ref" and "union" are field types only, never a def of their own.
            ["unknown", "ref", "union"].contains(type) ? "a '\(type)' cannot be a named def; it is a field type only" : nil
        }
    }

    static func isRef(_ ref: String) -> Bool {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let nsidOK = parts[0].isEmpty ? parts.count == 2 : StringFormat.nsid.isValid(parts[0])
        return nsidOK && (parts.count == 1 || isDefName(parts[1]))
    }

    /// `type/subtype`, either part `*` or a token of visible ASCII.
    static func isMIMEPattern(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "/") } }
    }

    mutating func properties(_ object: JSONObject, at: JSONPointer, place: Place, required isRequired: Bool)
        -> [(name: String, schema: LexiconSchema)]
    {
        guard let value = isRequired ? self.required(object, "properties", at: at) : object["properties"] else { return [] }
        let propertiesAt = at.appending("properties")
        guard let members = self.object(value, at: propertiesAt, "'properties'") else { return [] }
        var result: [(name: String, schema: LexiconSchema)] = []
        for (name, member) in members {
            if let schema = schema(member, at: propertiesAt.appending(name), place: place) { result.append((name, schema)) }
        }
        return result
    }

    /// `required` / `nullable`: property names, each present in `among` and listed once.
    mutating func names(_ object: JSONObject, _ key: String, at: JSONPointer, among: [String]) -> [String] {
        let list = strings(object, key, at: at) ?? []
        for (i, name) in list.enumerated() {
            if !among.contains(name) { problem(at.appending(key).appending(i), .invalidValue, "\"\(name)\" is not a property") }
            if list[..<i].contains(name) { problem(at.appending(key).appending(i), .invalidValue, "\"\(name)\" is listed twice") }
        }
        return list
    }

    // MARK: Consistency of constraints

    mutating func checkRange(_ low: Int?, _ high: Int?, _ lowName: String, _ highName: String, at: JSONPointer) {
        if let low, let high, low > high { problem(at, .invalidValue, "\(lowName) \(low) is greater than \(highName) \(high)") }
    }

    mutating func checkInteger(_ s: IntegerSchema, at: JSONPointer) {
        if let low = s.minimum, let high = s.maximum, low > high {
            problem(at, .invalidValue, "minimum \(low) is greater than maximum \(high)")
        }
        if s.defaultValue != nil, s.const != nil { problem(at, .invalidValue, "'default' and 'const' exclude each other") }
        for (key, value) in [("default", s.defaultValue), ("const", s.const)] {
            guard let value else { continue }
            let inRange = (s.minimum.map { value >= $0 } ?? true) && (s.maximum.map { value <= $0 } ?? true)
            if !inRange || !(s.enumValues?.contains(value) ?? true) {
                problem(at.appending(key), .invalidValue, "\(value) does not meet the type's own constraints")
            }
        }
    }

    mutating func checkString(_ s: StringSchema, at: JSONPointer) {
        checkRange(s.minLength, s.maxLength, "minLength", "maxLength", at: at)
        checkRange(s.minGraphemes, s.maxGraphemes, "minGraphemes", "maxGraphemes", at: at)
        if s.defaultValue != nil, s.const != nil { problem(at, .invalidValue, "'default' and 'const' exclude each other") }
        if s.enumValues != nil, s.knownValues != nil { problem(at, .invalidValue, "'enum' and 'knownValues' exclude each other") }
        for (key, value) in [("default", s.defaultValue), ("const", s.const)] {
            guard let value else { continue }
            let bytes = value.utf8.count
            let fits =
                (s.minLength.map { bytes >= $0 } ?? true) && (s.maxLength.map { bytes <= $0 } ?? true)
                && (s.enumValues?.contains(value) ?? true) && (s.format?.isValid(value) ?? true)
            if !fits { problem(at.appending(key), .invalidValue, "\"\(value)\" does not meet the type's own constraints") }
        }
    }

    // MARK: JSON access that records problems

    mutating func object(_ value: JSONValue, at: JSONPointer, _ what: String) -> JSONObject? {
        guard let object = value.objectValue else {
            problem(at, .wrongType, "\(what) must be an object")
            return nil
        }
        return object
    }

    mutating func array(_ value: JSONValue, at: JSONPointer, _ what: String) -> [JSONValue]? {
        guard let array = value.arrayValue else {
            problem(at, .wrongType, "\(what) must be an array")
            return nil
        }
        return array
    }

    mutating func typeName(_ object: JSONObject, at: JSONPointer) -> String? {
        guard let type = object["type"] else {
            problem(at, .missingField, "'type' is required")
            return nil
        }
        guard let name = type.stringValue else {
            problem(at.appending("type"), .wrongType, "'type' must be a string")
            return nil
        }
        return name
    }

    mutating func allowKeys(_ object: JSONObject, _ allowed: Set<String>, at: JSONPointer) {
        for key in object.keys where !allowed.contains(key) {
            problem(at.appending(key), .unknownField, "'\(key)' is not a field of this type")
        }
    }

    mutating func required(_ object: JSONObject, _ key: String, at: JSONPointer) -> JSONValue? {
        guard let value = object[key] else {
            problem(at, .missingField, "'\(key)' is required")
            return nil
        }
        return value
    }

    mutating func string(_ object: JSONObject, _ key: String, at: JSONPointer, required isRequired: Bool = false) -> String? {
        guard let value = isRequired ? required(object, key, at: at) : object[key] else { return nil }
        guard let text = value.stringValue else {
            problem(at.appending(key), .wrongType, "'\(key)' must be a string")
            return nil
        }
        return text
    }

    mutating func boolean(_ object: JSONObject, _ key: String, at: JSONPointer) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let flag = value.boolValue else {
            problem(at.appending(key), .wrongType, "'\(key)' must be a boolean")
            return nil
        }
        return flag
    }

    mutating func integer(_ object: JSONObject, _ key: String, at: JSONPointer) -> Int64? {
        guard let value = object[key] else { return nil }
        guard let number = value.intValue else {
            problem(at.appending(key), .wrongType, "'\(key)' must be an integer")
            return nil
        }
        return number
    }

    /// A non-negative count that fits in `Int`.
    mutating func length(_ object: JSONObject, _ key: String, at: JSONPointer) -> Int? {
        guard let number = integer(object, key, at: at) else { return nil }
        guard number >= 0, number <= Int64(Int32.max) else {
            problem(at.appending(key), .invalidValue, "'\(key)' must be between 0 and 2^31-1")
            return nil
        }
        return Int(number)
    }

    mutating func strings(_ object: JSONObject, _ key: String, at: JSONPointer, required isRequired: Bool = false) -> [String]? {
        guard let value = isRequired ? required(object, key, at: at) : object[key] else { return nil }
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            problem(at.appending(key), .wrongType, "'\(key)' must be an array of strings")
            return nil
        }
        return list.compactMap(\.stringValue)
    }

    mutating func integers(_ object: JSONObject, _ key: String, at: JSONPointer) -> [Int64]? {
        guard let value = object[key] else { return nil }
        guard let list = value.arrayValue, list.allSatisfy({ $0.intValue != nil }) else {
            problem(at.appending(key), .wrongType, "'\(key)' must be an array of integers")
            return nil
        }
        return list.compactMap(\.intValue)
    }
}
