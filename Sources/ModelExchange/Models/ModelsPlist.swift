import Foundation
import WireCore

/// The decrypted payload: an XML plist `<array>` of model `<dict>`s (FlowDown spec section 10).
public enum ModelsPlist {
    // MARK: Decoding

    /// Lenient decode of an XML or binary plist: every field optional, unknown keys kept,
    /// `body_fields` accepted for `bodyFields`, a value of the wrong type kept under `unknown`.
    public static func decode(_ bytes: [UInt8]) throws(ModelExchangeError) -> [CloudModel] {
        // Foundation's PropertyListDecoder (Swift 6.3.1, Linux) traps on non-UTF-8 bytes inside
        // <integer> (found by FuzzFlowDownPlist). An XML plist must be UTF-8 anyway, so refuse it here.
        if !bytes.starts(with: Array("bplist".utf8)), String(validating: bytes, as: UTF8.self) == nil {
            throw .malformedPlist("an XML plist must be valid UTF-8")
        }
        let values: [PlistValue]
        do {
            let decoder = PropertyListDecoder()
            decoder.userInfo[DecodeBudget.key] = DecodeBudget()
            values = try decoder.decode([PlistValue].self, from: Data(bytes))
        } catch {
            throw .malformedPlist("not a property list whose top level is an array: \(error)")
        }
        var models: [CloudModel] = []
        for (index, value) in values.enumerated() {
            guard let dict = value.dictionary else { throw .malformedPlist("element \(index) is not a dict") }
            models.append(model(from: dict))
        }
        return models
    }

    /// A model from a plist dictionary; unknown keys are kept.
    public static func model(from dict: [String: PlistValue]) -> CloudModel {
        var model = CloudModel()
        var unknown = dict
        func take<T>(_ key: String, _ convert: (PlistValue) -> T?) -> T? {
            guard let value = unknown[key], let converted = convert(value) else { return nil }
            unknown[key] = nil
            return converted
        }
        let string = { (v: PlistValue) -> String? in v.string }
        let date = { (v: PlistValue) -> Int64? in if case .date(let d) = v { d } else { nil } }
        let stringMap = { (v: PlistValue) -> [String: String]? in
            guard let d = v.dictionary else { return nil }
            let mapped = d.compactMapValues(\.string)
            return mapped.count == d.count ? mapped : nil
        }
        model.objectId = take("objectId", string)
        model.deviceId = take("deviceId", string)
        model.modelIdentifier = take("model_identifier", string)
        model.modelListEndpoint = take("model_list_endpoint", string)
        model.creation = take("creation", date)
        model.modified = take("modified", date)
        model.removed = take("removed") { if case .bool(let b) = $0 { b } else { nil } }
        model.endpoint = take("endpoint", string)
        model.token = take("token", string)
        model.headers = take("headers", stringMap)
        model.bodyFields = take("bodyFields", string)
        if model.bodyFields == nil { model.bodyFields = take("body_fields", string) }
        model.capabilities = take("capabilities") { v -> [String]? in
            guard case .array(let a) = v else { return nil }
            let strings = a.compactMap(\.string)
            return strings.count == a.count ? strings : nil
        }
        model.context = take("context") { if case .integer(let i) = $0 { i } else { nil } }
        model.responseFormat = take("response_format", string)
        model.comment = take("comment", string)
        model.name = take("name", string)
        model.temperaturePreference = take("temperature_preference", string)
        model.extensionStorage = take("ext_data") { v -> [String: String]? in
            guard let d = v.dictionary, d.count == 1, let storage = d["storage"] else { return nil }
            return stringMap(storage)
        }
        model.unknown = unknown
        return model
    }

    // MARK: Encoding

    /// The model as a plist dictionary with the current key names (`bodyFields`).
    public static func dictionary(_ model: CloudModel) -> [String: PlistValue] {
        var dict = model.unknown
        func put(_ key: String, _ value: PlistValue?) { if let value { dict[key] = value } }
        put("objectId", model.objectId.map(PlistValue.string))
        put("deviceId", model.deviceId.map(PlistValue.string))
        put("model_identifier", model.modelIdentifier.map(PlistValue.string))
        put("model_list_endpoint", model.modelListEndpoint.map(PlistValue.string))
        put("creation", model.creation.map(PlistValue.date))
        put("modified", model.modified.map(PlistValue.date))
        put("removed", model.removed.map(PlistValue.bool))
        put("endpoint", model.endpoint.map(PlistValue.string))
        put("token", model.token.map(PlistValue.string))
        put("headers", model.headers.map { .dict($0.mapValues(PlistValue.string)) })
        put("bodyFields", model.bodyFields.map(PlistValue.string))
        put("capabilities", model.capabilities.map { .array($0.map(PlistValue.string)) })
        put("context", model.context.map(PlistValue.integer))
        put("response_format", model.responseFormat.map(PlistValue.string))
        put("comment", model.comment.map(PlistValue.string))
        put("name", model.name.map(PlistValue.string))
        put("temperature_preference", model.temperaturePreference.map(PlistValue.string))
        put("ext_data", model.extensionStorage.map { .dict(["storage": .dict($0.mapValues(PlistValue.string))]) })
        return dict
    }

    /// Canonical XML, byte for byte what Foundation's `PropertyListEncoder` (`.xml`) writes: the
    /// standard header, tab indentation, sorted dict keys, UTC dates to the second.
    public static func encodeXML(_ models: [CloudModel]) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(.array(models.map { .dict(dictionary($0)) }), level: 0, into: &out)
        out += "</plist>\n"
        return Array(out.utf8)
    }

    private static func write(_ value: PlistValue, level: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: level)
        switch value {
        case .string(let s): out += "\(indent)<string>\(escape(s))</string>\n"
        case .integer(let i): out += "\(indent)<integer>\(i)</integer>\n"
        case .real(let d): out += "\(indent)<real>\(d)</real>\n"
        case .bool(let b): out += "\(indent)<\(b ? "true" : "false")/>\n"
        case .date(let seconds): out += "\(indent)<date>\(iso8601(seconds))</date>\n"
        case .data(let bytes):
            out += "\(indent)<data>\n\(indent)\(Base64.encode(bytes, variant: .foundation))\n\(indent)</data>\n"
        case .array(let elements):
            if elements.isEmpty {
                out += "\(indent)<array/>\n"
                return
            }
            out += "\(indent)<array>\n"
            for element in elements { write(element, level: level + 1, into: &out) }
            out += "\(indent)</array>\n"
        case .dict(let members):
            if members.isEmpty {
                out += "\(indent)<dict/>\n"
                return
            }
            out += "\(indent)<dict>\n"
            for key in members.keys.sorted() {
                out += "\(indent)\t<key>\(escape(key))</key>\n"
                write(members[key]!, level: level + 1, into: &out)
            }
            out += "\(indent)</dict>\n"
        }
    }

    /// `&`, `<` and `>` as entities, in one pass over the UTF-8 (three Foundation replacements, each
    /// a search of the whole text, were a fifth of writing a plist); text without them is returned as is.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The seconds `iso8601` writes itself: the years 1583 to 9999, well inside the Gregorian calendar
    /// and four digits long. Other dates go to Foundation's formatter as before (its calendar before
    /// the Gregorian reform and its years past 9999 are its own; they are not reproduced here).
    static let gregorianSeconds: ClosedRange<Int64> = {
        let first = CivilCalendar.daysFromCivil(year: 1583, month: 1, day: 1) * 86_400
        let end = CivilCalendar.daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400
        return first...(end - 1)
    }()

    /// Unix seconds as the ISO 8601 UTC text a plist date is written with (`yyyy-MM-ddTHH:mm:ssZ`),
    /// as Foundation's `ISO8601DateFormatter` writes it. Written here for the common years: the
    /// formatter, made anew for each date, was the largest cost of writing a plist.
    public static func iso8601(_ seconds: Int64) -> String {
        guard gregorianSeconds.contains(seconds) else {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        let (days, second) = CivilCalendar.dayAndSecond(ofUnixSeconds: seconds)
        let date = CivilCalendar.civilFromDays(days)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return "\(digits(date.year, 4))-\(digits(date.month, 2))-\(digits(date.day, 2))T"
            + "\(digits(second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2))Z"
    }
}
